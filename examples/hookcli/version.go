package hookcli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/stophook/stophook/hook"
)

// IsVersion reports whether arg asks for the version (-version, --version
// or version), for commands with subcommands that look at their first
// argument before parsing flags.
func IsVersion(arg string) bool {
	return arg == "-version" || arg == "--version" || arg == "version"
}

// PrintVersion writes the version line of the binary named name: module
// version, VCS revision and Go version, from the build information.
func PrintVersion(w io.Writer, name string) {
	fmt.Fprintln(w, hook.Version(name))
}

// Version adds -version to fs: it prints the version line of the binary
// (the first word of fs's name) on stdout and exits 0.
func Version(fs *flag.FlagSet) {
	fs.BoolFunc("version", "print the version and exit", func(string) error {
		PrintVersion(os.Stdout, binaryName(fs.Name()))
		os.Exit(0)
		return nil
	})
}

func binaryName(name string) string {
	first, _, _ := strings.Cut(name, " ")
	return filepath.Base(first)
}
