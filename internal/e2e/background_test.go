package e2e

import (
	"slices"
	"strings"
	"testing"
)

// A stop while a background task runs is a pause for the loop: it is let
// through and the iteration does not move; when the task's end starts the
// next turn, that turn's stop continues the loop where it was.
func TestLoopPausesForBackgroundTask(t *testing.T) {
	t.Parallel()
	e, bin := loopEnv(t)
	session := newUUID()
	loopCmd(t, e, bin, "start", "-max", "5", "-session", session, "build and fix")
	final := "Everything is fixed.\n\n<loop-done>COMPLETE</loop-done>"
	e.API.Enqueue(
		ToolUse("", "Bash", map[string]any{"command": "sleep 3", "description": "build", "run_in_background": true}),
		Text("The build runs in the background."),
		Text("The build finished; one test still fails."),
		Text(final),
	)
	r := e.RunOK("build and fix", "--session-id", session)

	calls := e.HookCalls("loop")
	if len(calls) != 3 {
		e.Dump(r)
		t.Fatalf("got %d Stop calls, want 3 (paused, continued, done)", len(calls))
	}
	paused := calls[0]
	if len(paused.Input.BackgroundTasks) == 0 || paused.Blocked() || !strings.Contains(paused.Stderr, "paused: 1 background task running") {
		t.Errorf("first Stop: background_tasks %s, blocked %v, trace %q; want a pause", paused.Input.BackgroundTasks, paused.Blocked(), paused.Stderr)
	}
	if calls[1].Input.StopHookActive || len(calls[1].Input.BackgroundTasks) != 0 || !calls[1].Blocked() {
		t.Errorf("second Stop: stop_hook_active %v, background_tasks %s, blocked %v; want a fresh turn that the loop continues",
			calls[1].Input.StopHookActive, calls[1].Input.BackgroundTasks, calls[1].Blocked())
	}
	if got, want := e.API.StopHookFeedback(), []string{iteration(2, 5)}; !slices.Equal(got, want) {
		t.Errorf("feedback %q, want %q: the paused stop did not count", got, want)
	}
	if r.Out.Result != final {
		t.Errorf("result %q, want %q", r.Out.Result, final)
	}
}
