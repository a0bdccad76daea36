package hook_test

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/internal/hostile"
)

const stopPayload = `{"session_id":"s-1","transcript_path":"/t.jsonl","cwd":"/p","prompt_id":"p1","permission_mode":"default",
"effort":{"level":"high"},"hook_event_name":"Stop","stop_hook_active":true,"last_assistant_message":"done",
"background_tasks":[{"id":"b1"}],"session_crons":[],"future_field":{"x":1}}`

func verdict(v stophook.Verdict, reason string) stophook.Policy {
	return stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.Decision{Verdict: v, Reason: reason, Why: "fixed"}, nil
	})
}

func TestRunHostileInputFailsOpen(t *testing.T) {
	t.Parallel()
	deep := `{"hook_event_name":"Stop","x":` + strings.Repeat("[", hostile.DeepLevels) + strings.Repeat("]", hostile.DeepLevels) + `}`
	r := run(t, blocker("x"), strings.NewReader(deep), hook.Options{MaxInput: 16 << 20})
	if r.code != 0 || strings.Contains(r.stdout, "block") {
		t.Errorf("got exit %d stdout %q, want 0 and no block", r.code, r.stdout)
	}
	if !strings.Contains(r.stderr, "invalid hook input") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("stderr %q, want one line about invalid input", r.stderr)
	}
}

// openStdin yields data, then blocks for ever as a pipe whose writer
// never closes it.
func openStdin(data string) io.Reader { return io.MultiReader(strings.NewReader(data), slowReader{}) }

func TestRunDecidesWithStdinOpen(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, stdin string
		wantOut     string
		wantErr     string
	}{
		{"complete input", stopPayload, `"decision":"block"`, ""},
		{"input then garbage", stopPayload + "{{{", `"decision":"block"`, ""},
		{"incomplete input waits for the timeout", `{"hook_event_name":"Stop"`, "", "timed out"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := run(t, blocker("x"), openStdin(tt.stdin), hook.Options{ReadTimeout: time.Second})
			if r.code != 0 || !strings.Contains(r.stdout, tt.wantOut) || !strings.Contains(r.stderr, tt.wantErr) {
				t.Errorf("got exit %d stdout %q stderr %q, want 0, %q, %q", r.code, r.stdout, r.stderr, tt.wantOut, tt.wantErr)
			}
		})
	}
}
