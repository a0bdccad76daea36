// Package buildinfo says which build of a stophook binary is running: the
// module version and VCS revision Go records in the binary, for `version`
// subcommands and -version flags.
package buildinfo

import (
	"runtime/debug"
	"strings"
)

// Info is what Go recorded about a build.
type Info struct {
	// Version is the main module's version: a tag such as v0.3.0 for
	// `go install …@v0.3.0`, a pseudo-version for a build in a checkout at
	// an untagged commit, or "(devel)".
	Version string
	// Revision is the VCS commit the binary was built from, "" when not
	// recorded (go run, -buildvcs=false, no checkout).
	Revision string
	// Modified reports uncommitted changes in the checkout it was built in.
	Modified bool
	// GoVersion is the Go toolchain that built it.
	GoVersion string
}

// Read returns the running binary's build information; without any (a
// binary built without module support) Version is "unknown".
func Read() Info {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Info{Version: "unknown"}
	}
	return fromBuildInfo(bi)
}

func fromBuildInfo(bi *debug.BuildInfo) Info {
	in := Info{Version: bi.Main.Version, GoVersion: bi.GoVersion}
	if in.Version == "" {
		in.Version = "(devel)"
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			in.Revision = s.Value
		case "vcs.modified":
			in.Modified = s.Value == "true"
		}
	}
	return in
}

// String is one line: "VERSION (revision REV[, modified]) GOVERSION".
func (in Info) String() string {
	var b strings.Builder
	b.WriteString(in.Version)
	if in.Revision != "" {
		b.WriteString(" (revision " + in.Revision)
		if in.Modified {
			b.WriteString(", modified")
		}
		b.WriteString(")")
	}
	if in.GoVersion != "" {
		b.WriteString(" " + in.GoVersion)
	}
	return b.String()
}

// Line is the line a `version` subcommand or -version flag of the binary
// name prints: "NAME VERSION (revision REV) GOVERSION".
func Line(name string) string { return name + " " + Read().String() }
