package e2e

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/loopstate"
)

// Scenarios for examples/loop (loopstate.Iterator) against the real
// Claude Code: the loop is started with the example binary for a chosen
// session id, then `claude -p … --session-id ID` runs with the binary as
// its Stop hook, so the per-session key matches.

func newUUID() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// loopEnv returns an environment whose Stop hook is the loop binary,
// recorded under "loop", and the binary's path.
func loopEnv(t *testing.T) (*Env, string) {
	t.Helper()
	e := New(t)
	bin := BuildHook(t, "./examples/loop")
	e.Settings.AddHook("Stop", e.Record("loop", Command(Quote(bin)+" -explain")))
	return e, bin
}

// loopCmd runs the loop binary's commands with the environment's state dir.
func loopCmd(t *testing.T, e *Env, bin string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = e.Dir
	cmd.Env = e.Environ()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("loop %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func loopRecord(t *testing.T, e *Env, session string) *loopstate.State {
	t.Helper()
	key, _ := loopstate.SessionKey(session)
	s, err := (&loopstate.Loops{Store: stophook.NewFileStore(e.StateDir)}).Get(context.Background(), key)
	if err != nil {
		t.Fatalf("loop state: %v", err)
	}
	return s
}

func iteration(n, max int) string {
	return fmt.Sprintf("[ITERATION %d/%d] %s", n, max, loopstate.ContinueText)
}

// A 3-iteration loop: the reply of iteration 2 shows the signal inside a
// code block (the loop must continue), iteration 3 writes it on its own
// line (the loop must stop).
func TestLoopThreeIterations(t *testing.T) {
	t.Parallel()
	e, bin := loopEnv(t)
	session := newUUID()
	loopCmd(t, e, bin, "start", "-max", "5", "-session", session, "make the tests pass")
	final := "All tests pass.\n\n<loop-done>COMPLETE</loop-done>"
	e.API.Enqueue(
		Text("Iteration 1: fixed the first failing test."),
		Text("Iteration 2: when I am done I will print:\n\n```\n<loop-done>COMPLETE</loop-done>\n```\n\nNot done yet."),
		Text(final),
	)
	r := e.RunOK("make the tests pass", "--session-id", session)

	want := []string{iteration(2, 5), iteration(3, 5)}
	if got := e.API.StopHookFeedback(); !slices.Equal(got, want) {
		e.Dump(r)
		t.Fatalf("stop hook feedback: got %q, want %q", got, want)
	}
	calls := e.HookCalls("loop")
	if len(calls) != 3 || len(e.API.Conversation()) != 3 {
		e.Dump(r)
		t.Fatalf("got %d Stop calls and %d conversation requests, want 3 and 3", len(calls), len(e.API.Conversation()))
	}
	replies := []string{"Iteration 1: fixed the first failing test.", "", final}
	for i, c := range calls {
		if c.Blocked() != (i < 2) || c.Input.StopHookActive != (i > 0) || c.Input.SessionID != session {
			t.Errorf("Stop %d: blocked %v, stop_hook_active %v, session %s", i+1, c.Blocked(), c.Input.StopHookActive, c.Input.SessionID)
		}
		if replies[i] != "" && c.Input.LastAssistantMessage != replies[i] {
			t.Errorf("Stop %d: last_assistant_message %q, want %q", i+1, c.Input.LastAssistantMessage, replies[i])
		}
	}
	if !strings.Contains(calls[2].Stderr, "COMPLETING") {
		t.Errorf("third Stop trace %q, want COMPLETING", calls[2].Stderr)
	}
	if r.Out.Result != final {
		t.Errorf("result %q, want %q", r.Out.Result, final)
	}
	if s := loopRecord(t, e, session); s.Event != loopstate.EventDone || s.Reason != "COMPLETE" || len(s.Stack) != 0 {
		t.Errorf("final state: %+v, want DONE COMPLETE with an empty stack", s)
	}
}

// A loop that never signals stops at its max: max 3 means two blocks.
func TestLoopHitsMax(t *testing.T) {
	t.Parallel()
	e, bin := loopEnv(t)
	session := newUUID()
	loopCmd(t, e, bin, "start", "-max", "3", "-session", session, "endless task")
	e.API.Enqueue(Text("Working."), Text("Still working."), Text("Working more."), Text("never reached"))
	r := e.RunOK("endless task", "--session-id", session)

	if got, want := e.API.StopHookFeedback(), []string{iteration(2, 3), iteration(3, 3)}; !slices.Equal(got, want) {
		e.Dump(r)
		t.Fatalf("stop hook feedback: got %q, want %q", got, want)
	}
	if n := len(e.API.Conversation()); n != 3 || r.Out.Result != "Working more." {
		t.Errorf("got %d conversation requests, result %q; want 3, %q", n, r.Out.Result, "Working more.")
	}
	if s := loopRecord(t, e, session); s.Event != loopstate.EventDone || s.Reason != loopstate.ReasonMaxIterations {
		t.Errorf("final state: event %s reason %q, want DONE %s", s.Event, s.Reason, loopstate.ReasonMaxIterations)
	}
}

// A loop last updated 3 h ago is stale: the stop goes through and the
// run is closed as STALE.
func TestLoopStaleState(t *testing.T) {
	t.Parallel()
	e, _ := loopEnv(t)
	session := newUUID()
	key, _ := loopstate.SessionKey(session)
	loops := &loopstate.Loops{Store: stophook.NewFileStore(e.StateDir)}
	if _, err := loops.Push(context.Background(), key, loopstate.Frame{Mode: loopstate.ModeLoop, Max: 5}, time.Now().Add(-3*time.Hour)); err != nil {
		t.Fatal(err)
	}
	e.API.Enqueue(Text("Done for today."))
	r := e.RunOK("anything", "--session-id", session)

	if fb := e.API.StopHookFeedback(); len(fb) != 0 {
		t.Errorf("stale loop blocked: feedback %q", fb)
	}
	calls := e.HookCalls("loop")
	if len(calls) != 1 || calls[0].Blocked() || !strings.Contains(calls[0].Stdout, "stale") {
		e.Dump(r)
		t.Fatalf("got %d Stop calls, want one allowed with a stale warning", len(calls))
	}
	if s := loopRecord(t, e, session); s.Event != loopstate.EventDone || s.Reason != loopstate.ReasonStale {
		t.Errorf("final state: event %s reason %q, want DONE STALE", s.Event, s.Reason)
	}
}

// IDLE_LOOP_DISABLE=1 lets every stop through and leaves the loop alone.
func TestLoopDisabled(t *testing.T) {
	t.Parallel()
	e, bin := loopEnv(t)
	e.Setenv("IDLE_LOOP_DISABLE", "1")
	session := newUUID()
	loopCmd(t, e, bin, "start", "-max", "5", "-session", session, "task")
	e.API.Enqueue(Text("Stopping."))
	r := e.RunOK("task", "--session-id", session)

	calls := e.HookCalls("loop")
	if len(calls) != 1 || calls[0].Blocked() || len(e.API.StopHookFeedback()) != 0 {
		e.Dump(r)
		t.Fatalf("got %d Stop calls (blocked %v), want one allowed", len(calls), len(calls) > 0 && calls[0].Blocked())
	}
	s := loopRecord(t, e, session)
	if top, _ := s.Top(); s.Event != loopstate.EventState || top.Iter != 1 {
		t.Errorf("state changed while disabled: %+v", s)
	}
}

// The agent starts its own loop with a Bash call, as the /loop command
// asks it to: CLAUDE_CODE_SESSION_ID in the Bash tool's environment makes
// it the session's loop.
func TestLoopStartedByAgent(t *testing.T) {
	t.Parallel()
	e, bin := loopEnv(t)
	e.API.Enqueue(
		Bash(Quote(bin)+" start -max 2 'tidy the docs'"),
		Text("Started; tidied one file."),
		Text("Tidied the rest.\n<loop-done>COMPLETE</loop-done>"),
	)
	r := e.RunOK("start a loop of at most 2 iterations and tidy the docs")

	if got, want := e.API.StopHookFeedback(), []string{iteration(2, 2)}; !slices.Equal(got, want) {
		e.Dump(r)
		t.Fatalf("stop hook feedback: got %q, want %q", got, want)
	}
	// The plugin also handles SessionEnd, which removes the session's loop
	// state when claude -p exits: the record is DONE or gone.
	key, _ := loopstate.SessionKey(r.Out.SessionID)
	s, err := (&loopstate.Loops{Store: stophook.NewFileStore(e.StateDir)}).Get(context.Background(), key)
	switch {
	case errors.Is(err, stophook.ErrNotFound):
	case err != nil:
		t.Errorf("loop state: %v", err)
	case s.Event != loopstate.EventDone || s.Reason != "COMPLETE":
		t.Errorf("final state: event %s reason %q, want DONE COMPLETE", s.Event, s.Reason)
	}
}

// The loop plugin (examples/loop, loaded with --plugin-dir): its slash
// command expands to a launcher command line with the plugin's path
// substituted, the launcher builds stophook-loop on first use, and the
// same binary runs as the Stop hook.
func TestLoopPlugin(t *testing.T) {
	t.Parallel()
	e := New(t)
	e.Timeout = 150 * time.Second
	useGoCaches(t, e)
	warmPluginBuild(t, "loop")
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	pluginDir := filepath.Join(root, "examples", "loop")
	start := CommandLine(filepath.Join(pluginDir, "hooks", "launch.sh")) + " loop start -max 2 'tidy the docs'"
	e.API.Enqueue(
		Bash(start),
		Text("Tidied one file."),
		Text("Tidied the rest.\n<loop-done>COMPLETE</loop-done>"),
	)
	r := e.RunOK("/loop:loop -max 2 'tidy the docs'", "--plugin-dir", pluginDir)

	conv := e.API.Conversation()
	if len(conv) == 0 || !strings.Contains(strings.Join(conv[0].UserTexts(), "\n"), `"`+pluginDir+`/hooks/launch.sh" loop start -max 2 'tidy the docs'`) {
		e.Dump(r)
		t.Fatalf("the first request does not carry the expanded /loop:loop command")
	}
	if got, want := e.API.StopHookFeedback(), []string{iteration(2, 2)}; !slices.Equal(got, want) {
		e.Dump(r)
		t.Fatalf("stop hook feedback: got %q, want %q", got, want)
	}
	// The plugin also handles SessionEnd, which removes the session's loop
	// state when claude -p exits: the record is DONE or gone.
	key, _ := loopstate.SessionKey(r.Out.SessionID)
	s, err := (&loopstate.Loops{Store: stophook.NewFileStore(e.StateDir)}).Get(context.Background(), key)
	switch {
	case errors.Is(err, stophook.ErrNotFound):
	case err != nil:
		t.Errorf("loop state: %v", err)
	case s.Event != loopstate.EventDone || s.Reason != "COMPLETE":
		t.Errorf("final state: event %s reason %q, want DONE COMPLETE", s.Event, s.Reason)
	}
}

// The loop plugin's /loop:cancel: with a loop running for the session,
// the slash command expands to the launcher's `loop cancel`, the agent runs
// it, and the Stop hook lets the session stop instead of sending it back.
func TestLoopPluginCancel(t *testing.T) {
	t.Parallel()
	e := New(t)
	e.Timeout = 150 * time.Second
	useGoCaches(t, e)
	warmPluginBuild(t, "loop")
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	pluginDir := filepath.Join(root, "examples", "loop")
	session := newUUID()
	loopCmd(t, e, BuildHook(t, "./examples/loop"), "start", "-max", "5", "-session", session, "tidy the docs")
	cancel := CommandLine(filepath.Join(pluginDir, "hooks", "launch.sh")) + " loop cancel"
	e.API.Enqueue(Bash(cancel), Text("The loop is cancelled."))
	r := e.RunOK("/loop:cancel", "--plugin-dir", pluginDir, "--session-id", session)

	conv := e.API.Conversation()
	if len(conv) == 0 || !strings.Contains(strings.Join(conv[0].UserTexts(), "\n"), `"`+pluginDir+`/hooks/launch.sh" loop cancel`) {
		e.Dump(r)
		t.Fatalf("the first request does not carry the expanded /loop:cancel command")
	}
	if fb := e.API.StopHookFeedback(); len(fb) != 0 {
		e.Dump(r)
		t.Fatalf("stop hook feedback %q: want none, the loop was cancelled", fb)
	}
	if r.Out.Result != "The loop is cancelled." {
		t.Fatalf("result: got %q", r.Out.Result)
	}
	found := false
	for _, req := range conv {
		if strings.Contains(strings.Join(req.UserTexts(), "\n"), "loop cancelled: the next stop goes through") {
			found = true
		}
	}
	if !found {
		e.Dump(r)
		t.Fatal("no request carries the output of loop cancel")
	}
}
