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
	}
	for _, tt := range tests {
		if got := fromBuildInfo(&tt.bi).String(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
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
