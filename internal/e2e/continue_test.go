package e2e

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"
)

// loop -continue context: a 3-iteration loop continued with Stop
// additionalContext. The model gets each iteration as a system reminder
// "Stop hook additional context: [ITERATION …" and never a "Stop hook
// blocking error" nor "Stop hook feedback" message.
func TestLoopContinueWithContext(t *testing.T) {
	t.Parallel()
	e := New(t)
	bin := BuildHook(t, "./examples/loop")
	e.Settings.AddHook("Stop", e.Record("loop", Command(Quote(bin)+" -explain -continue context")))
	session := newUUID()
	loopCmd(t, e, bin, "start", "-max", "5", "-session", session, "make the tests pass")
	final := "All tests pass.\n\n<loop-done>COMPLETE</loop-done>"
	e.API.Enqueue(Text("Iteration 1: fixed one test."), Text("Iteration 2: fixed another."), Text(final))
	r := e.RunOK("make the tests pass", "--session-id", session)

	var got []string
	for _, s := range e.API.SystemReminders() {
		if rest, ok := strings.CutPrefix(s, "Stop hook additional context: "); ok {
			got = append(got, rest)
		}
	}
	if want := []string{iteration(2, 5), iteration(3, 5)}; !slices.Equal(got, want) {
		e.Dump(r)
		t.Fatalf("additional context reminders: got %q, want %q", got, want)
	}
	if fb := e.API.StopHookFeedback(); len(fb) != 0 {
		t.Errorf("stop hook feedback %q, want none", fb)
	}
	for _, req := range e.API.Conversation() {
		if bytes.Contains(req.Body, []byte("Stop hook blocking error")) {
			t.Errorf("request %d carries a \"Stop hook blocking error\" message", req.Seq)
		}
	}
	calls := e.HookCalls("loop")
	if len(calls) != 3 {
		e.Dump(r)
		t.Fatalf("got %d Stop calls, want 3", len(calls))
	}
	for i, c := range calls {
		if c.Blocked() || c.Input.StopHookActive != (i > 0) {
			t.Errorf("Stop %d: blocked %v (want additional context, no block), stop_hook_active %v", i+1, c.Blocked(), c.Input.StopHookActive)
		}
		if i < 2 && !strings.Contains(c.Stdout, `"additionalContext":"[ITERATION `) {
			t.Errorf("Stop %d: stdout %q, want additionalContext", i+1, c.Stdout)
		}
	}
	if r.Out.Result != final {
		t.Errorf("result %q, want %q", r.Out.Result, final)
	}
}

// In the TUI, a loop continued with additional context shows "Stop hook
// says:" and never the "Stop hook reported a problem" label or its footer.
func TestTUILoopContinueWithContext(t *testing.T) {
	t.Parallel()
	e := New(t)
	bin := BuildHook(t, "./examples/loop")
	e.Settings.AddHook("Stop", e.Record("loop", Hook{Type: "command", Command: bin, Args: []string{"-continue", "context"}}))
	session := newUUID()
	loopCmd(t, e, bin, "start", "-max", "3", "-session", session, "make the tests pass")
	e.API.Enqueue(Text("Iteration 1 done."), Text("Iteration 2 done."), Text("All done.\n\n<loop-done>COMPLETE</loop-done>"))
	s := e.StartTUI("--session-id", session)
	s.Send("make the tests pass")
	Eventually(t, "three Stop calls", 60*time.Second, func() bool {
		calls := e.HookCalls("loop")
		return len(calls) == 3 && calls[2].Done
	})
	screen := s.WaitPrompt(60 * time.Second)
	history := s.Tmux("capture-pane", "-p", "-J", "-S", "-", "-t", s.Pane)
	if !strings.Contains(history, "Stop hook says") || !strings.Contains(history, "[ITERATION 2/3]") {
		t.Errorf("screen lacks \"Stop hook says: [ITERATION 2/3] …\":\n%s", history)
	}
	if strings.Contains(history, "reported a problem") || strings.Contains(screen, "stop hook problem") {
		t.Errorf("screen shows the problem label:\n%s", history)
	}
}
