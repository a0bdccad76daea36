package policy_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/judge"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/stophooktest"
)

// containsError is a Matcher for tests that must not depend on the default
// heuristic.
type containsError struct{}

func (containsError) Match(s string) bool { return strings.Contains(s, "ERR") }

// TestErrorRetryWithinTurn: MaxRetries retries in a row within one turn,
// then a pass for the rest of the turn; the next turn gets its retries.
func TestErrorRetryWithinTurn(t *testing.T) {
	t.Parallel()
	store := new(stophook.MemoryStore)
	p := &policy.ErrorRetry{Store: store, MaxRetries: 2, Matcher: containsError{}}
	for i, tt := range []struct {
		turnBlocks int
		wantBlock  bool
	}{
		{0, true}, {1, true}, {2, false}, {3, false}, // one turn: two retries, then spent
		{0, true}, {1, true}, {2, false}, // the next turn
	} {
		in := stophooktest.Stop("ERR: build failed")
		in.TurnBlocks = tt.turnBlocks
		in.StopHookActive = tt.turnBlocks > 0
		d := stophooktest.Run(t, in, p)
		if d.Blocks() != tt.wantBlock {
			t.Fatalf("stop %d (turn blocks %d): got blocks=%v (%s), want %v", i+1, tt.turnBlocks, d.Blocks(), d.Why, tt.wantBlock)
		}
		if tt.wantBlock && d.Reason != policy.DefaultRetryReason {
			t.Errorf("stop %d: got reason %q, want the seed text", i+1, d.Reason)
		}
	}
}

// TestErrorRetryAcrossTurns keeps the seed's rule: MaxRetries errors in a
// row per session, whatever the turns, then one pass that clears the count.
func TestErrorRetryAcrossTurns(t *testing.T) {
	t.Parallel()
	store := new(stophook.MemoryStore)
	p := &policy.ErrorRetry{Store: store, MaxRetries: 2, Matcher: containsError{}, AcrossTurns: true}
	in := stophooktest.Stop("ERR: build failed") // every stop the first of its turn
	for i, wantBlock := range []bool{true, true, false, true} {
		d := stophooktest.Run(t, in, p)
		if d.Blocks() != wantBlock {
			t.Fatalf("stop %d: got blocks=%v (%s), want %v", i+1, d.Blocks(), d.Why, wantBlock)
		}
	}
}

func TestErrorRetryClearsOnSuccessAndSessionEnd(t *testing.T) {
	t.Parallel()
	store := new(stophook.MemoryStore)
	p := &policy.ErrorRetry{Store: store, MaxRetries: 1, Matcher: containsError{}}
	stophooktest.AssertBlocks(t, stophooktest.Run(t, stophooktest.Stop("ERR"), p), "")
	stophooktest.AssertStops(t, stophooktest.Run(t, stophooktest.Stop("all good"), p))
	stophooktest.AssertBlocks(t, stophooktest.Run(t, stophooktest.Stop("ERR"), p), "") // count was cleared
	stophooktest.Run(t, stophooktest.SessionEnd("other"), p)
	if _, err := store.Get(context.Background(), "retry/"+stophooktest.SessionID); !errors.Is(err, stophook.ErrNotFound) {
		t.Errorf("after SessionEnd: got %v, want the count deleted", err)
	}
	stophooktest.AssertBlocks(t, stophooktest.Run(t, stophooktest.Stop("ERR"), p), "")
}

func TestErrorRetryTTL(t *testing.T) {
	t.Parallel()
	store := new(stophook.MemoryStore)
	p := &policy.ErrorRetry{Store: store, MaxRetries: 1, TTL: time.Hour, Matcher: containsError{}, AcrossTurns: true}
	in := stophooktest.Stop("ERR")
	stophooktest.AssertBlocks(t, stophooktest.Run(t, in, p), "")
	stophooktest.AssertStops(t, stophooktest.Run(t, in, p)) // exhausted
	stophooktest.AssertBlocks(t, stophooktest.Run(t, in, p), "")
	in.Now = in.Now.Add(2 * time.Hour) // the count expired
	stophooktest.AssertBlocks(t, stophooktest.Run(t, in, p), "")
}

func TestErrorRetryPassesWithout(t *testing.T) {
	t.Parallel()
	p := &policy.ErrorRetry{Store: new(stophook.MemoryStore), Matcher: containsError{}}
	noSession := stophooktest.Stop("ERR")
	noSession.SessionID = ""
	for name, in := range map[string]stophook.Input{
		"no last message": stophooktest.Stop(""),
		"no session":      noSession,
		"not a stop":      stophooktest.UserPromptSubmit("ERR"),
	} {
		t.Run(name, func(t *testing.T) {
			if d := stophooktest.Run(t, in, p); d.Verdict != stophook.Pass {
				t.Errorf("got %v, want pass", d.Verdict)
			}
		})
	}
}

func TestErrorRetryStoreFailureFailsOpen(t *testing.T) {
	t.Parallel()
	broken := &stophooktest.Store{UpdateFunc: func(context.Context, string, func([]byte) ([]byte, error)) error {
		return errors.New("disk full")
	}}
	d := stophooktest.Run(t, stophooktest.Stop("ERR"), &policy.ErrorRetry{Store: broken, Matcher: containsError{}})
	stophooktest.AssertStops(t, d)
	if len(d.Trace) != 1 || d.Trace[0].Err == nil {
		t.Errorf("got trace %v, want the store error recorded", d.Trace)
	}
}

func TestErrorRetryDefaultHeuristic(t *testing.T) {
	t.Parallel()
	tests := []struct {
		msg       string
		wantBlock bool
	}{
		{"Error: build failed", true},
		{"The command failed with exit code 1", true},
		{"Traceback (most recent call last): ...", true},
		{"I couldn't get it working: the linker still fails on libssl.", true},
		{"Fixed 3 of 4; TestParse still fails.", true},
		{"I cannot find the file", false}, // no statement that the task failed
		{"This should resolve the `Cannot read properties of undefined` error.", false},
		{"I looked into why the payment webhook failed: the secret was rotated. Updated it.", false},
		{"Error was successfully resolved", false},
		{"All tests pass.", false},
		{"Fixed the failed test", false},
	}
	for _, tt := range tests {
		t.Run(tt.msg, func(t *testing.T) {
			t.Parallel()
			p := &policy.ErrorRetry{Store: new(stophook.MemoryStore)}
			if d := stophooktest.Run(t, stophooktest.Stop(tt.msg), p); d.Blocks() != tt.wantBlock {
				t.Errorf("got blocks=%v (%v), want %v", d.Blocks(), d.Trace, tt.wantBlock)
			}
		})
	}
}

func TestErrorRetryKeywordMatcher(t *testing.T) {
	t.Parallel()
	p := &policy.ErrorRetry{Store: new(stophook.MemoryStore), Matcher: judge.Keywords{}}
	if d := stophooktest.Run(t, stophooktest.Stop("I cannot find the file"), p); !d.Blocks() {
		t.Errorf("keyword matcher: got %v, want a block", d.Trace)
	}
}

// TestErrorRetryReadsTheTranscript: with a transcript, a red test run the
// message calls a success is an error, and one that a later run fixed is
// not.
func TestErrorRetryReadsTheTranscript(t *testing.T) {
	t.Parallel()
	red := `{"type":"user","uuid":"u1","message":{"role":"user","content":"fix the parser"}}
{"type":"assistant","uuid":"a1","message":{"id":"m1","role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"go test ./..."}}]}}
{"type":"user","uuid":"u2","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"Exit code 1\n--- FAIL: TestParse (0.00s)\nFAIL","is_error":true}]}}
`
	green := red + `{"type":"assistant","uuid":"a2","message":{"id":"m2","role":"assistant","content":[{"type":"tool_use","id":"t2","name":"Bash","input":{"command":"go test ./..."}}]}}
{"type":"user","uuid":"u3","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t2","content":"ok  \tparser\t0.01s"}]}}
`
	dir := t.TempDir()
	for _, tt := range []struct {
		name, transcript string
		wantBlock        bool
	}{
		{"red run called a success", red, true},
		{"failed midway and fixed", green, false},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-")+".jsonl")
		if err := os.WriteFile(path, []byte(tt.transcript), 0o600); err != nil {
			t.Fatal(err)
		}
		in := stophooktest.Stop("Fixed the parser; all tests pass.")
		in.TranscriptPath = path
		p := &policy.ErrorRetry{Store: new(stophook.MemoryStore)}
		if d := stophooktest.Run(t, in, p); d.Blocks() != tt.wantBlock {
			t.Errorf("%s: got blocks=%v (%v), want %v", tt.name, d.Blocks(), d.Trace, tt.wantBlock)
		}
	}
}

func TestStopActiveGuardsRetry(t *testing.T) {
	t.Parallel()
	guarded := policy.StopActive(&policy.ErrorRetry{Store: new(stophook.MemoryStore), Matcher: containsError{}})
	in := stophooktest.Stop("ERR")
	in.StopHookActive = true
	d := stophooktest.Run(t, in, guarded)
	stophooktest.AssertStops(t, d)
	if len(d.Trace) != 1 || d.Trace[0].Policy != "ErrorRetry" || !strings.Contains(d.Trace[0].Why, "stop_hook_active") {
		t.Errorf("trace %v, want one ErrorRetry step naming stop_hook_active", d.Trace)
	}
	d = stophooktest.Run(t, stophooktest.Stop("ERR"), guarded)
	stophooktest.AssertBlocks(t, d, policy.DefaultRetryReason)
	if d.Policy != "ErrorRetry" {
		t.Errorf("first stop decided by %q, want ErrorRetry", d.Policy)
	}
}
