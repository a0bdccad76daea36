package hook

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/stophook/stophook/internal/buildinfo"
)

// RegisterFlags defines the flags every hook has on fs, bound to o:
// -explain (print the decision trace on stderr) and -version (print the
// module version and VCS revision, then exit). It also sets fs.Usage to
// list the flags, then the environment variables the runner reads. [Main]
// calls it on flag.CommandLine unless the program parsed its flags
// already; a program with flags of its own calls it before flag.Parse.
// Flags fs already defines are left alone.
func (o *Options) RegisterFlags(fs *flag.FlagSet) {
	if fs.Lookup("explain") == nil {
		fs.BoolVar(&o.Explain, "explain", o.Explain, "print the decision trace on stderr")
	}
	if fs.Lookup("version") == nil {
		fs.BoolVar(&o.version, "version", false, "print the version and exit")
	}
	fs.Usage = func() { usage(fs) }
}

// usage prints the flags of fs, then the environment variables, in the
// format of every stophook binary's -h.
func usage(fs *flag.FlagSet) {
	w := fs.Output()
	name := filepath.Base(fs.Name())
	fmt.Fprintf(w, "usage: %s [flags] < hook-input.json\n\nflags:\n", name)
	fs.PrintDefaults()
	fmt.Fprintf(w, "\nenvironment:\n")
	for _, v := range envVars {
		fmt.Fprintf(w, "  %-32s %s\n", v[0], v[1])
	}
}

// parseFlags parses args into o with the common flags on fs. It returns
// done when the process should exit with code: after -h (the usage on
// stdout), or a bad command line, which fails open: exit 0 and
// one line on stderr naming the mistake, not the whole usage.
func (o *Options) parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (code int, done bool) {
	o.RegisterFlags(fs)
	var help bytes.Buffer
	fs.SetOutput(&help)
	err := fs.Parse(args)
	fs.SetOutput(stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		stdout.Write(help.Bytes())
		return 0, true
	case err != nil:
		name := filepath.Base(fs.Name())
		fmt.Fprintf(stderr, "%s: %v (%s -h for help); allowing stop\n", name, err, name)
		return 0, true
	}
	return 0, false
}

// Version is the line -version prints for the binary name: its module
// version and VCS revision from the build information, then the Go
// version ("stophook-mine v0.1.0 (revision 4f2a9c1) go1.26.0").
func Version(name string) string { return buildinfo.Line(name) }
