// Package buildinfo says which build of a stophook binary is running: the
// module version and VCS revision Go records in the binary, for `version`
// subcommands and -version flags.
//
// Go records them for `go install …@VERSION` (a module version, no
// revision) and for `go build` in a git checkout (a pseudo-version and the
// revision). It records no revision for go run, -buildvcs=false, a
// directory outside git, or a git worktree (whose .git is a file, which
// the go command does not recognise). A build that knows better stamps
// the version and revision at link time:
//
//	go build -ldflags "-X github.com/stophook/stophook/internal/buildinfo.version=v0.1.0 -X github.com/stophook/stophook/internal/buildinfo.revision=$(git rev-parse HEAD)"
//
// as scripts/release.sh does; a stamp fills only what Go did not record.
package buildinfo

import (
	"runtime/debug"
	"strings"
)

// Set at link time with -ldflags -X (see the package doc).
var version, revision string

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
		return stamped(Info{Version: "unknown"}, version, revision)
	}
	return stamped(fromBuildInfo(bi), version, revision)
}

// stamped fills what Go did not record from the link-time stamps.
func stamped(in Info, version, revision string) Info {
	if version != "" && (in.Version == "(devel)" || in.Version == "unknown") {
		in.Version = version
	}
	if revision != "" && in.Revision == "" {
		in.Revision = revision
	}
	return in
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

// String is one line: "VERSION (revision REV[, modified]) GOVERSION". A
// development build without a revision says so, since its version alone
// does not tell which code it is.
func (in Info) String() string {
	var b strings.Builder
	b.WriteString(in.Version)
	switch {
	case in.Revision != "":
		b.WriteString(" (revision " + in.Revision)
		if in.Modified {
			b.WriteString(", modified")
		}
		b.WriteString(")")
	case in.Version == "(devel)" || in.Version == "unknown":
		b.WriteString(" (revision not recorded: go run, -buildvcs=false, a git worktree or no git checkout)")
	}
	if in.GoVersion != "" {
		b.WriteString(" " + in.GoVersion)
	}
	return b.String()
}

// Line is the line a `version` subcommand or -version flag of the binary
// name prints: "NAME VERSION (revision REV) GOVERSION".
func Line(name string) string { return name + " " + Read().String() }
