package loopstate_test

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/loopstate"
	"github.com/stophook/stophook/stophooktest"
)

// TestLoopVerifyWithinBudget: a verification command allowed to run past
// the hook's budget used to let the stop through with the loop still
// running, so the next turn got "[ITERATION 2/N]". It now ends inside the
// budget and the stop is blocked, saying the verification timed out.
func TestLoopVerifyWithinBudget(t *testing.T) {
	t.Parallel()
	li, store := newLoop(t, sessionKey, loopstate.ModeLoop)
	li.Verify = []string{"sleep", "60"}
	li.VerifyTimeout = time.Minute
	in := stophooktest.Stop("All done.\n<loop-done>COMPLETE</loop-done>")
	in.CWD = t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	d := stophook.Evaluate(ctx, li, in)
	stophooktest.AssertBlocks(t, d, "")
	if !strings.Contains(d.Reason, "verification timed out") || !strings.HasPrefix(d.Reason, "[ITERATION 2/5]") {
		t.Errorf("reason %q, want [ITERATION 2/5] … verification timed out", d.Reason)
	}
	if ev, it := iterOf(t, store, sessionKey); ev != loopstate.EventState || it != 2 {
		t.Errorf("loop after the timeout: %s %d, want STATE 2", ev, it)
	}
}

// TestLoopVerifyCannotRun: a verification command that cannot run used to
// reject every completion signal until the loop's max. It is a
// misconfiguration: the signal completes the loop, with one warning.
func TestLoopVerifyCannotRun(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		cmd  func(t *testing.T) []string
	}{
		{"not found", func(t *testing.T) []string { return []string{filepath.Join(t.TempDir(), "no-such-command")} }},
		{"exit 127 from a shell", func(*testing.T) []string { return []string{"sh", "-c", "no-such-command-here"} }},
		{"exit 126", func(*testing.T) []string { return []string{"sh", "-c", "exit 126"} }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			li, store := newLoop(t, sessionKey, loopstate.ModeLoop)
			var log bytes.Buffer
			li.Logger = slog.New(slog.NewTextHandler(&log, nil))
			li.Verify = tt.cmd(t)
			in := stophooktest.Stop("All done.\n<loop-done>COMPLETE</loop-done>")
			in.CWD = t.TempDir()
			d := stophooktest.Run(t, in, li)
			stophooktest.AssertStops(t, d)
			if ev, _ := iterOf(t, store, sessionKey); ev != loopstate.EventDone {
				t.Errorf("loop event %s, want DONE", ev)
			}
			if !strings.Contains(d.SystemMessage, "cannot run") {
				t.Errorf("system message %q, want the warning", d.SystemMessage)
			}
			if n := strings.Count(log.String(), "\n"); n != 1 || !strings.Contains(log.String(), "cannot run") {
				t.Errorf("log %q, want one warning line", log.String())
			}
		})
	}
}
