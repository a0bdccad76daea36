package hook

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/stophook/stophook"
)

func TestReadEnv(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		vars     map[string]string
		want     env
		warnings []string // each names its variable
	}{
		{"empty", nil, env{}, nil},
		{"all set", map[string]string{
			DisableEnv: "1", HostEnv: "codex", StateDirEnv: "/s", MaxTurnBlocksEnv: "3", LogEnv: "/l", ExplainEnv: "1",
		}, env{disable: true, host: "codex", stateDir: "/s", maxTurnBlocks: 3, log: "/l", explain: true}, nil},
		{"claude's cap", map[string]string{claudeBlockCapEnv: "5"}, env{maxTurnBlocks: 5}, nil},
		{"ours before claude's", map[string]string{MaxTurnBlocksEnv: "2", claudeBlockCapEnv: "5"}, env{maxTurnBlocks: 2}, nil},
		{"nonsense", map[string]string{
			HostEnv: "nonsense", MaxTurnBlocksEnv: "abc", DisableEnv: "yes", ExplainEnv: "2",
		}, env{}, []string{DisableEnv, ExplainEnv, HostEnv, MaxTurnBlocksEnv}},
		{"negative budget", map[string]string{MaxTurnBlocksEnv: "-1", claudeBlockCapEnv: "4"}, env{maxTurnBlocks: 4}, []string{MaxTurnBlocksEnv}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := readEnv(func(k string) string { return tt.vars[k] })
			warnings := got.warnings
			got.warnings = nil
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
			if len(warnings) != len(tt.warnings) {
				t.Fatalf("got warnings %q, want one for each of %v", warnings, tt.warnings)
			}
			for i, name := range tt.warnings {
				if !strings.Contains(warnings[i], name) {
					t.Errorf("warning %q does not name %s", warnings[i], name)
				}
			}
		})
	}
}

// TestRunWarnsOnceAboutEnv: a bad value costs one line naming the
// variable, and the hook still decides.
func TestRunWarnsOnceAboutEnv(t *testing.T) {
	t.Setenv(HostEnv, "nonsense")
	t.Setenv(MaxTurnBlocksEnv, "abc")
	var out, errb bytes.Buffer
	code := Run(context.Background(), blockAll("go on"), Options{
		Stdin: strings.NewReader(`{"session_id":"s","hook_event_name":"Stop"}`), Stdout: &out, Stderr: &errb,
		Store: new(stophook.MemoryStore),
	})
	if code != 0 || !strings.Contains(out.String(), `"decision":"block"`) {
		t.Errorf("exit %d stdout %q, want the block", code, out.String())
	}
	for _, name := range []string{HostEnv, MaxTurnBlocksEnv} {
		if n := strings.Count(errb.String(), name); n != 1 {
			t.Errorf("stderr %q names %s %d times, want once", errb.String(), name, n)
		}
	}
}

// TestExplainEnv: STOPHOOK_EXPLAIN=1 prints the trace of any hook.
func TestExplainEnv(t *testing.T) {
	t.Setenv(ExplainEnv, "1")
	var out, errb bytes.Buffer
	Run(context.Background(), blockAll("go on"), Options{
		Stdin: strings.NewReader(`{"session_id":"s","hook_event_name":"Stop"}`), Stdout: &out, Stderr: &errb,
		Store: new(stophook.MemoryStore),
	})
	if !strings.Contains(errb.String(), "stophook: decision: block by blockAll") {
		t.Errorf("stderr %q, want the decision trace", errb.String())
	}
}
