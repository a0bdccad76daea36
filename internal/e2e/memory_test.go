package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Memory triage scenarios: examples/memory-triage as the only Stop hook.

const (
	memoryReply = "Added the queue store and its tests.\n\n" +
		"I went with SQLite instead of Redis because the service ships as a single binary.\n\n" +
		"TODO: add a retention limit before launch."
	memoryReason = "Save the following memories before stopping:\n" +
		"- [DECISION] I went with SQLite instead of Redis because the service ships as a single binary.\n" +
		"- [TECH_DEBT] TODO: add a retention limit before launch.\n" +
		"\n" +
		"Use the memory-management skill to save each item.\n" +
		"After saving, you may stop."
	savedReply = "Saved both memories."
)

// memoryEnv returns an environment whose Stop hook is memory-triage with
// args, recorded as "memory".
func memoryEnv(t *testing.T, args ...string) *Env {
	t.Helper()
	e := New(t)
	bin := BuildHook(t, "./examples/memory-triage")
	h := Command(CommandLine(append([]string{bin}, args...)...))
	h.Timeout = 30
	h.StatusMessage = "Evaluating session for memories..."
	e.Settings.AddHook("Stop", e.Record("memory", h))
	return e
}

// assertSavedThenStopped checks the block/save/stop sequence: two Stop
// calls, the first blocked with want fed back to the model, the model's
// next turn arrived, and the second stop (stop_hook_active) was allowed.
func assertSavedThenStopped(t *testing.T, e *Env, r *Result, feedback func(string) bool) {
	t.Helper()
	fb := e.API.StopHookFeedback()
	if len(fb) != 1 || !feedback(fb[0]) {
		e.Dump(r)
		t.Fatalf("stop hook feedback: got %q", fb)
	}
	conv := e.API.Conversation()
	if len(conv) < 2 {
		e.Dump(r)
		t.Fatalf("conversation requests: got %d, want the model's next turn", len(conv))
	}
	if got, ok := conv[len(conv)-1].Feedback(); !ok || !feedback(got) {
		t.Errorf("last request's user message: got %q (feedback %v), want the memory list", conv[len(conv)-1].LastUserText(), ok)
	}
	if r.Out.Result != savedReply {
		t.Errorf("result: got %q, want %q", r.Out.Result, savedReply)
	}
	calls := e.HookCalls("memory")
	if len(calls) != 2 {
		t.Fatalf("Stop hook calls: got %d, want 2", len(calls))
	}
	if c := calls[0]; c.Input.StopHookActive || !c.Blocked() {
		t.Errorf("first Stop: stop_hook_active %v, blocked %v; want false, true", c.Input.StopHookActive, c.Blocked())
	}
	if c := calls[1]; !c.Input.StopHookActive || c.Blocked() || c.Exit != 0 {
		t.Errorf("second Stop: stop_hook_active %v, blocked %v, exit %d; want true, false, 0", c.Input.StopHookActive, c.Blocked(), c.Exit)
	}
	if _, err := os.Stat(filepath.Join(e.Dir, ".claude", ".stop_hook_active")); !os.IsNotExist(err) {
		t.Errorf("flag file left behind: %v", err)
	}
	for i, c := range calls {
		t.Logf("Stop %d: exit %d in %v", i+1, c.Exit, c.Duration)
	}
}

// A turn that used a tool and ends by recording a decision and a TODO is
// sent back once with both listed; the model's next turn saves them and
// its stop is allowed.
func TestMemoryTriageBlocksThenAllows(t *testing.T) {
	t.Parallel()
	e := memoryEnv(t)
	e.API.Enqueue(Bash("echo queue store ready"), Text(memoryReply), Text(savedReply))
	r := e.RunOK("persist the job queue")
	assertSavedThenStopped(t, e, r, func(s string) bool { return s == memoryReason })
	if got := e.HookCalls("memory")[0].Input.LastAssistantMessage; got != memoryReply {
		t.Errorf("last_assistant_message: got %q, want %q", got, memoryReply)
	}
	if slices.ContainsFunc(e.API.Requests(), func(r *Request) bool { return r.IsMessages() && !r.IsConversation() }) {
		t.Error("the hook called the API without an llm_provider")
	}
	e.Capture("memory-saved", r.Out.SessionID)

	// The next turn of the session is plain: the transcript still holds the
	// decision and the TODO, but earlier turns are not triaged again.
	e.API.Enqueue(Text("Bumped the version to 1.4.0."))
	r2 := e.RunOK("bump the version", "--resume", r.Out.SessionID)
	if fb := e.API.StopHookFeedback(); len(fb) != 1 {
		e.Dump(r2)
		t.Errorf("stop hook feedback after the second turn: got %q, want only the first turn's", fb)
	}
	calls := e.HookCalls("memory")
	if len(calls) != 3 || calls[2].Blocked() || calls[2].Input.StopHookActive {
		t.Fatalf("second turn's Stop: got %d calls (%+v), want a third, first stop, allowed", len(calls), calls[len(calls)-1])
	}
	t.Logf("second turn's Stop: %s", strings.TrimSpace(calls[2].Stdout))
	e.Capture("memory-next-turn", r2.Out.SessionID)
}

// The seed's exit-code mode: exit 2 with the list on stderr. stophook also
// writes the JSON block on stdout, and Claude Code 2.1.330 feeds back the
// JSON reason as is (no "[command]: " prefix, which a bare stderr gets).
func TestMemoryTriageExit2(t *testing.T) {
	t.Parallel()
	e := memoryEnv(t, "-exit2")
	e.API.Enqueue(Text(memoryReply), Text(savedReply))
	r := e.RunOK("persist the job queue")
	assertSavedThenStopped(t, e, r, func(s string) bool { return s == memoryReason })
	if c := e.HookCalls("memory")[0]; c.Exit != 2 || strings.TrimSpace(c.Stderr) != memoryReason {
		t.Errorf("first Stop: exit %d, stderr %q; want 2 and the list", c.Exit, c.Stderr)
	}
}

// Hybrid mode with llm_provider anthropic: the hook asks the API Claude
// Code points it at (ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY inherited), and
// the classifier's answer replaces the heuristic list.
func TestMemoryTriageLLMRefines(t *testing.T) {
	t.Parallel()
	e := memoryEnv(t)
	e.WriteJSON(filepath.Join(e.Dir, ".claude", "memory-config.json"),
		map[string]any{"triage": map[string]any{"mode": "hybrid", "llm_provider": "anthropic", "llm_timeout_ms": 10000}})
	e.API.SetScript(SideRequests(Text(`{"memories":[{"category":"DECISION","text":"Queue store: SQLite over Redis (single binary)"}]}`)))
	e.API.Enqueue(Text(memoryReply), Text(savedReply))
	r := e.RunOK("persist the job queue")
	want := "Save the following memories before stopping:\n- [DECISION] Queue store: SQLite over Redis (single binary)\n\n" +
		"Use the memory-management skill to save each item.\nAfter saving, you may stop."
	assertSavedThenStopped(t, e, r, func(s string) bool { return s == want })
	var side int
	for _, req := range e.API.Requests() {
		if req.IsMessages() && !req.IsConversation() {
			side++
			if !strings.Contains(req.LastUserText(), "- [TECH_DEBT] TODO: add a retention limit") {
				t.Errorf("classifier prompt lacks the heuristic findings: %q", truncate(req.LastUserText(), 500))
			}
		}
	}
	if side != 1 {
		t.Errorf("classifier requests: got %d, want 1", side)
	}
}

// A plain turn is let through at once.
func TestMemoryTriagePlainTurn(t *testing.T) {
	t.Parallel()
	e := memoryEnv(t)
	e.API.Enqueue(Text("Renamed the variable; the tests pass."))
	r := e.RunOK("rename cnt to count")
	if fb := e.API.StopHookFeedback(); len(fb) != 0 {
		e.Dump(r)
		t.Errorf("stop hook feedback: got %q, want none", fb)
	}
	if calls := e.HookCalls("memory"); len(calls) != 1 || calls[0].Blocked() || calls[0].Exit != 0 {
		t.Errorf("Stop calls: got %+v, want one allowed", calls)
	}
	e.Capture("memory-plain", r.Out.SessionID)
}
