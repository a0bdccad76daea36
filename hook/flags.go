package hook

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime/debug"
	"strings"
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

// usage prints the flags of fs, then the environment variables.
func usage(fs *flag.FlagSet) {
	w := fs.Output()
	name := filepath.Base(fs.Name())
	fmt.Fprintf(w, "usage: %s [flags] < hook-input.json\n\nflags:\n", name)
	fs.PrintDefaults()
	fmt.Fprintf(w, "\nenvironment:\n")
	for _, v := range envVars {
		fmt.Fprintf(w, "  %-26s %s\n", v[0], v[1])
	}
}

// parseFlags parses args into o with the common flags on fs. It returns
// done when the process should exit with code (after -h, -version or a
// bad command line, which fails open: exit 0, one line on stderr).
func (o *Options) parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) (code int, done bool) {
	o.RegisterFlags(fs)
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, true
		}
		fmt.Fprintf(stderr, "stophook: %v; allowing stop\n", err)
		return 0, true
	}
	return 0, false
}

// version describes the running binary: its module version and VCS
// revision from the build information.
func version(name string) string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return name + " (no build information)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", name, bi.Main.Version)
	if bi.Main.Path != "" {
		fmt.Fprintf(&b, " (%s", bi.Main.Path)
		var rev, modified string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		if rev != "" {
			fmt.Fprintf(&b, ", revision %s", rev)
			if modified == "true" {
				b.WriteString(", modified")
			}
		}
		b.WriteString(")")
	}
	fmt.Fprintf(&b, " %s", bi.GoVersion)
	return b.String()
}
