package buildinfo

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	t.Parallel()
	tests := []struct {
		bi   debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v0.3.0"}}, "v0.3.0 go1.26.0"},
		{debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "true"}}}, "(devel) (revision abc123, modified) go1.26.0"},
		{debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "false"}}}, "(devel) (revision abc123)"},
		{debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}},
			"(devel) (revision not recorded: go run, -buildvcs=false, a git worktree or no git checkout) go1.26.0"},
	}
	for _, tt := range tests {
		if got := fromBuildInfo(&tt.bi).String(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}

// TestStamps: link-time stamps fill only what Go did not record.
func TestStamps(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name              string
		in                Info
		version, revision string
		want              string
	}{
		{"go build outside git", Info{Version: "(devel)"}, "v0.1.0", "abc", "v0.1.0 (revision abc)"},
		{"no stamps", Info{Version: "(devel)"}, "", "", "(devel) (revision not recorded: go run, -buildvcs=false, a git worktree or no git checkout)"},
		{"go build in a checkout", Info{Version: "v0.0.0-2026-def", Revision: "def"}, "v0.1.0", "abc", "v0.0.0-2026-def (revision def)"},
		{"go install @v0.3.0", Info{Version: "v0.3.0"}, "", "", "v0.3.0"},
	}
	for _, tt := range tests {
		if got := stamped(tt.in, tt.version, tt.revision).String(); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestLineNamesTheBinaryAndTheToolchain(t *testing.T) {
	t.Parallel()
	got := Line("stophook")
	if !strings.HasPrefix(got, "stophook ") || !strings.Contains(got, "go1.") {
		t.Fatalf("Line: got %q, want the name, a version and the Go version", got)
	}
}
