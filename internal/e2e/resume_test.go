package e2e

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// resumeEnv returns a TUI environment whose StopFailure hook is autopilot
// -resume-after first, registered in exec form as an async hook with
// asyncRewake for rate limits and server errors, recorded as "resume";
// Claude Code makes one request per turn (CLAUDE_CODE_MAX_RETRIES=0).
func resumeEnv(t *testing.T, first string) *Env {
	t.Helper()
	e := New(t)
	bin := BuildHook(t, "./examples/autopilot")
	e.Setenv("CLAUDE_CODE_MAX_RETRIES", "0")
	e.Settings.AddMatcher("StopFailure", "rate_limit|server_error", e.Record("resume", Hook{
		Type: "command", Command: bin, Args: []string{"-resume-after", first, "-state", e.StateDir},
		Async: true, AsyncRewake: true, Timeout: 120,
	}))
	e.Settings.AddHook("Stop", e.Record("stop", Hook{Type: "command", Command: bin, Args: []string{"-state", e.StateDir}}))
	return e
}

// The first request is rate limited: the StopFailure hook waits its first
// backoff, exits 2, and the TUI resends by itself; the turn then ends
// normally.
func TestTUIResumeAfterRateLimit(t *testing.T) {
	t.Parallel()
	e := resumeEnv(t, "1s")
	var n atomic.Int32
	e.API.SetScript(func(req *Request) (Reply, bool) {
		if !req.IsConversation() {
			return Reply{}, false
		}
		if n.Add(1) == 1 {
			return Reply{Status: http.StatusTooManyRequests}, true
		}
		return Text("Resumed: the task is done."), true
	})
	s := e.StartTUI()
	s.Send("do the task")
	s.WaitScreen("the resumed reply", 45*time.Second, func(screen string) bool {
		return strings.Contains(screen, "Resumed: the task is done.")
	})
	Eventually(t, "the Stop hook after the resumed turn", 60*time.Second, func() bool {
		return len(e.HookCalls("stop")) > 0
	})
	calls := e.HookCalls("resume")
	if len(calls) != 1 || !calls[0].Done || calls[0].Exit != 2 || calls[0].Input.Error != "rate_limit" {
		e.Dump(nil)
		t.Fatalf("StopFailure calls %+v, want one rate_limit call that exited 2", calls)
	}
	if d := calls[0].Duration; d < time.Second {
		t.Errorf("the hook returned after %v, want its first backoff of 1s", d)
	}
	t.Logf("StopFailure hook: %v, stderr %q", calls[0].Duration, calls[0].Stderr)
	conv := e.API.Conversation()
	if len(conv) != 2 {
		e.Dump(nil)
		t.Fatalf("got %d conversation requests, want the failed one and its resend", len(conv))
	}
	resend := strings.Join(conv[1].UserTexts(), "\n")
	if !strings.Contains(resend, "do the task") || !strings.Contains(resend, "The API request failed (rate_limit)") {
		t.Errorf("resend carries %q, want the original prompt and the hook's message", resend)
	}
}

// Every request fails: the hook resends a bounded number of times, then
// lets the session stay stopped.
func TestTUIResumeGivesUp(t *testing.T) {
	t.Parallel()
	e := resumeEnv(t, "200ms")
	var up atomic.Bool // the API is back
	e.API.SetScript(func(req *Request) (Reply, bool) {
		switch {
		case req.IsConversation() && up.Load():
			return Text("Back to work."), true
		case req.IsConversation():
			return Reply{Status: 529}, true
		}
		return Reply{}, false
	})
	s := e.StartTUI()
	s.Send("do the task")
	// Five resumes (0.2+0.4+0.8+1.6+3.2 s of waiting), then a sixth failure that gives up.
	Eventually(t, "six StopFailure calls, all finished", 50*time.Second, func() bool {
		calls := e.HookCalls("resume")
		return len(calls) == 6 && calls[5].Done
	})
	calls := e.HookCalls("resume")
	for i, c := range calls {
		want := 2
		if i == 5 {
			want = 0
		}
		if c.Exit != want || c.Input.Error != "server_error" {
			t.Errorf("StopFailure %d: exit %d, error %q; want exit %d on server_error (stderr %q)", i+1, c.Exit, c.Input.Error, want, c.Stderr)
		}
	}
	// Nothing resends after the hook gave up: the next request is the
	// user's next prompt, once the API is back.
	up.Store(true)
	s.Send("try again")
	s.WaitScreen("the reply to the next prompt", 60*time.Second, func(screen string) bool {
		return strings.Contains(screen, "Back to work.")
	})
	conv := e.API.Conversation()
	if len(conv) != 7 || !strings.Contains(conv[6].LastUserText(), "try again") {
		e.Dump(nil)
		t.Errorf("got %d conversation requests, want 7 (one first try, five resends, the next prompt)", len(conv))
	}
	if n := len(e.HookCalls("resume")); n != 6 {
		t.Errorf("got %d StopFailure calls, want 6", n)
	}
}

// claude -p does not resume: it waits for the async StopFailure hook, then
// exits without a new turn.
func TestPrintModeDoesNotResume(t *testing.T) {
	t.Parallel()
	e := resumeEnv(t, "2s")
	e.API.SetScript(func(req *Request) (Reply, bool) {
		if req.IsConversation() {
			return Reply{Status: http.StatusTooManyRequests}, true
		}
		return Reply{}, false
	})
	r := e.Run("do the task")
	calls := e.HookCalls("resume")
	t.Logf("claude -p: exit %d after %v", r.Exit, r.Elapsed.Round(time.Millisecond))
	if r.TimedOut || r.Exit == 0 || len(calls) != 1 || !calls[0].Done || calls[0].Exit != 2 {
		e.Dump(r)
		t.Fatalf("claude -p: exit %d (timed out %v), StopFailure calls %+v; want a failed run after one finished hook call", r.Exit, r.TimedOut, calls)
	}
	if r.Elapsed < 2*time.Second {
		t.Errorf("claude -p exited after %v, before the hook's 2s wait ended", r.Elapsed)
	}
	if n := len(e.API.Conversation()); n != 1 {
		t.Errorf("got %d conversation requests, want 1: -p does not resend", n)
	}
}
