package loopstate_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/gentranscript"
	"github.com/stophook/stophook/loopstate"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/stophooktest"
)

const iter2of5 = "[ITERATION 2/5] " + loopstate.ContinueText

var sessionKey, _ = loopstate.SessionKey(stophooktest.SessionID)

func noEnv(string) string { return "" }

// newLoop returns a Iterator on a fresh store holding a loop of max 5
// under key (none when key is "").
func newLoop(t *testing.T, key string, mode loopstate.Mode) (*loopstate.Iterator, *stophook.MemoryStore) {
	t.Helper()
	store := new(stophook.MemoryStore)
	if key != "" {
		l := &loopstate.Loops{Store: store}
		if _, err := l.Push(context.Background(), key, loopstate.Frame{Mode: mode, Max: 5, Prompt: "task"}, stophooktest.T0.Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	return loopstate.WithEnv(&loopstate.Iterator{Store: store}, noEnv), store
}

func iterOf(t *testing.T, store stophook.Store, key string) (string, int) {
	t.Helper()
	s, err := (&loopstate.Loops{Store: store}).Get(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	top, ok := s.Top()
	if !ok {
		return s.Event, 0
	}
	return s.Event, top.Iter
}

func TestLoopIteratorBlocksUntilSignal(t *testing.T) {
	t.Parallel()
	li, store := newLoop(t, sessionKey, loopstate.ModeLoop)
	stophooktest.AssertBlocks(t, stophooktest.Run(t, stophooktest.Stop("Working."), li), iter2of5)
	in := stophooktest.Stop("Showing it:\n```\n<loop-done>COMPLETE</loop-done>\n```")
	in.StopHookActive = true
	stophooktest.AssertBlocks(t, stophooktest.Run(t, in, li), "[ITERATION 3/5] "+loopstate.ContinueText)
	in.LastAssistantMessage = "Done.\n<loop-done>COMPLETE</loop-done>"
	d := stophooktest.Run(t, in, li)
	stophooktest.AssertStops(t, d)
	if d.Verdict != stophook.Allow || !strings.Contains(d.Why, "COMPLETING") {
		t.Errorf("got %s (%s), want allow by COMPLETING", d.Verdict, d.Why)
	}
	if ev, _ := iterOf(t, store, sessionKey); ev != loopstate.EventDone {
		t.Errorf("got event %s, want DONE", ev)
	}
	if d := stophooktest.Run(t, stophooktest.Stop("more"), li); d.Verdict != stophook.Pass {
		t.Errorf("after DONE: got %s, want pass", d.Verdict)
	}
}

// Every iteration's stop arrives with stop_hook_active: true. A policy
// guarded by StopActive passes on such stops, so in either order next to
// it the loop keeps iterating; only the loop itself must not be wrapped.
func TestLoopIteratorWithStopActive(t *testing.T) {
	t.Parallel()
	in := stophooktest.Stop("still working")
	in.StopHookActive = true
	once := policy.StopActive(stophook.Named("Nudge", stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.BlockWith("one more thing"), nil
	})))

	for _, loopFirst := range []bool{true, false} {
		li, store := newLoop(t, sessionKey, loopstate.ModeLoop)
		chain := []stophook.Policy{li, once}
		if !loopFirst {
			chain = []stophook.Policy{once, li}
		}
		d := stophooktest.Run(t, in, chain...)
		stophooktest.AssertBlocks(t, d, iter2of5)
		if d.Policy != "LoopIterator" {
			t.Errorf("loop first %v: got decision by %q, want LoopIterator", loopFirst, d.Policy)
		}
		if _, it := iterOf(t, store, sessionKey); it != 2 {
			t.Errorf("loop first %v: got iteration %d, want 2", loopFirst, it)
		}
	}

	li, store := newLoop(t, sessionKey, loopstate.ModeLoop)
	stophooktest.AssertStops(t, stophooktest.Run(t, in, policy.StopActive(li)))
	if _, it := iterOf(t, store, sessionKey); it != 1 {
		t.Errorf("loop wrapped in StopActive: got iteration %d, want 1 (Iterator never ran)", it)
	}

	// With no loop, Iterator passes and so does the guarded nudge.
	li, _ = newLoop(t, "", loopstate.ModeLoop)
	if d := stophooktest.Run(t, in, li, once); d.Verdict != stophook.Pass {
		t.Errorf("no loop: got %s by %q, want pass", d.Verdict, d.Policy)
	}
}

func TestLoopIteratorDisable(t *testing.T) {
	t.Parallel()
	li := &loopstate.Iterator{Store: failStore{}}
	loopstate.WithEnv(li, func(k string) string {
		if k == loopstate.DisableEnv {
			return "1"
		}
		return ""
	})
	loopstate.WithLastAssistantText(li, func(string, string) (string, error) { panic("read the transcript") })
	d := stophooktest.Run(t, stophooktest.Stop("x"), li)
	if d.Verdict != stophook.Allow || len(d.Trace) != 1 || d.Trace[0].Err != nil {
		t.Errorf("got %s %v, want a clean allow before any store access", d.Verdict, d.Trace)
	}
	loopstate.WithEnv(li, func(string) string { return "0" })
	if d := stophooktest.Run(t, stophooktest.Stop("x"), li); d.Trace[0].Err == nil {
		t.Error("IDLE_LOOP_DISABLE=0 disabled the loop")
	}
}

// sharedKey is the shared loop of stophooktest inputs (cwd ".").
var sharedKey = loopstate.SharedKeyFor(".")

func TestLoopIteratorKeys(t *testing.T) {
	t.Parallel()
	// A shared loop catches every session.
	li, store := newLoop(t, sharedKey, loopstate.ModeLoop)
	in := stophooktest.Stop("x")
	in.SessionID = "some-other-session"
	stophooktest.AssertBlocks(t, stophooktest.Run(t, in, li), iter2of5)
	if _, it := iterOf(t, store, sharedKey); it != 2 {
		t.Errorf("shared iteration %d, want 2", it)
	}
	// A session loop belongs to its session only.
	li, _ = newLoop(t, sessionKey, loopstate.ModeLoop)
	if d := stophooktest.Run(t, in, li); d.Verdict != stophook.Pass {
		t.Errorf("other session: got %s, want pass", d.Verdict)
	}
	// The session's own loop wins over the shared one.
	li, store = newLoop(t, sessionKey, loopstate.ModeLoop)
	(&loopstate.Loops{Store: store}).Push(context.Background(), sharedKey, loopstate.Frame{Mode: loopstate.ModeLoop, Max: 9}, stophooktest.T0)
	stophooktest.AssertBlocks(t, stophooktest.Run(t, stophooktest.Stop("x"), li), iter2of5)
	if _, it := iterOf(t, store, sharedKey); it != 1 {
		t.Errorf("shared loop advanced to %d while the session loop ran", it)
	}
	// A finished session loop falls through to the shared loop.
	stophooktest.Run(t, stophooktest.Stop("<loop-done>COMPLETE</loop-done>"), li)
	stophooktest.AssertBlocks(t, stophooktest.Run(t, stophooktest.Stop("x"), li), "[ITERATION 2/9] "+loopstate.ContinueText)
	// An invalid session id is not a key, and does not fall back to the
	// shared loop.
	in.SessionID = "bad id\n"
	if d := stophooktest.Run(t, in, li); d.Verdict != stophook.Pass {
		t.Errorf("invalid session id: got %s, want pass", d.Verdict)
	}
}

func TestLoopIteratorIgnoresOtherEvents(t *testing.T) {
	t.Parallel()
	li, store := newLoop(t, sessionKey, loopstate.ModeLoop)
	for _, in := range []stophook.Input{stophooktest.SubagentStop("x"), stophooktest.SessionStart("startup"), stophooktest.UserPromptSubmit("hi")} {
		if d := stophooktest.Run(t, in, li); d.Verdict != stophook.Pass {
			t.Errorf("%s: got %s, want pass", in.HookEventName, d.Verdict)
		}
	}
	if _, it := iterOf(t, store, sessionKey); it != 1 {
		t.Errorf("iteration %d after non-Stop events, want 1", it)
	}
}

func TestLoopIteratorTranscriptFallback(t *testing.T) {
	t.Parallel()
	li, _ := newLoop(t, sessionKey, loopstate.ModeLoop)
	var gotLast, gotPath string
	loopstate.WithLastAssistantText(li, func(last, path string) (string, error) {
		gotLast, gotPath = last, path
		return "from transcript\n<loop-done>COMPLETE</loop-done>", nil
	})
	in := stophooktest.Stop("")
	in.TranscriptPath = "t.jsonl"
	d := stophooktest.Run(t, in, li)
	if d.Verdict != stophook.Allow || gotLast != "" || gotPath != "t.jsonl" {
		t.Errorf("got %s, LastAssistantText(%q, %q); want allow after reading t.jsonl", d.Verdict, gotLast, gotPath)
	}
}

// TestLoopIteratorWithoutTranscriptGoesOn: Cursor sends no transcript_path
// (and may send no last message). Nothing to read is no completion signal
// seen, not an error: the loop iterates up to its max, then lets the
// session stop.
func TestLoopIteratorWithoutTranscriptGoesOn(t *testing.T) {
	t.Parallel()
	li, store := newLoop(t, sessionKey, loopstate.ModeLoop)
	loopstate.WithLastAssistantText(li, func(last, path string) (string, error) {
		t.Errorf("LastAssistantText(%q, %q) called with no transcript_path", last, path)
		return "", nil
	})
	in := stophooktest.Stop("")
	in.Host = "cursor"
	in.TranscriptPath = ""
	for want := 2; want <= 5; want++ {
		d := stophooktest.Run(t, in, li)
		stophooktest.AssertBlocks(t, d, fmt.Sprintf("[ITERATION %d/5] Continue working on the task. Check your progress and either complete the task or keep iterating.", want))
		if _, it := iterOf(t, store, sessionKey); it != want {
			t.Fatalf("iteration: got %d, want %d", it, want)
		}
	}
	if d := stophooktest.Run(t, in, li); d.Verdict != stophook.Allow {
		t.Errorf("at the max: got %s (%s), want allow", d.Verdict, d.Why)
	}
}

func TestLoopIteratorFailsOpen(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		empty bool // no last_assistant_message in the input
		li    func(t *testing.T) (*loopstate.Iterator, stophook.Store)
	}{
		{"store read error", false, func(t *testing.T) (*loopstate.Iterator, stophook.Store) {
			return loopstate.WithEnv(&loopstate.Iterator{Store: failStore{}}, noEnv), nil
		}},
		{"store update error", false, func(t *testing.T) (*loopstate.Iterator, stophook.Store) {
			li, store := newLoop(t, sessionKey, loopstate.ModeLoop)
			li.Store = updateFails{store}
			return li, store
		}},
		{"no message and no transcript", true, func(t *testing.T) (*loopstate.Iterator, stophook.Store) {
			li, store := newLoop(t, sessionKey, loopstate.ModeLoop)
			loopstate.WithLastAssistantText(li, func(string, string) (string, error) { return "", os.ErrNotExist })
			return li, store
		}},
		{"transcript reader panics", true, func(t *testing.T) (*loopstate.Iterator, stophook.Store) {
			li, store := newLoop(t, sessionKey, loopstate.ModeLoop)
			loopstate.WithLastAssistantText(li, func(string, string) (string, error) { panic("boom") })
			return li, store
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			li, store := tt.li(t)
			in := stophooktest.Stop("<loop-done>COMPLETE</loop-done>")
			if tt.empty {
				in.LastAssistantMessage = ""
			}
			d := stophooktest.Run(t, in, li)
			stophooktest.AssertStops(t, d)
			if len(d.Trace) == 0 || d.Trace[0].Err == nil {
				t.Errorf("got trace %v, want Iterator's error recorded", d.Trace)
			}
			if store != nil {
				if ev, it := iterOf(t, store, sessionKey); ev != loopstate.EventState || it != 1 {
					t.Errorf("state changed to %s %d on an error path", ev, it)
				}
			}
		})
	}
}

func TestLoopIteratorCleansUp(t *testing.T) {
	t.Parallel()
	store := new(stophook.MemoryStore)
	li := loopstate.WithEnv(&loopstate.Iterator{Store: store}, noEnv)
	ctx := context.Background()
	store.Update(ctx, sessionKey, func([]byte) ([]byte, error) {
		return []byte(`{"schema":1,"event":"STATE","updated_at":"2026-01-02T03:00:00+00:00","stack":[{"iter":"NaN","max":5}]}`), nil
	})
	in := stophooktest.Stop("x")
	in.StopHookActive = true
	d := stophooktest.Run(t, in, li)
	if d.Verdict != stophook.Allow || d.Policy != "LoopIterator" || !strings.Contains(d.SystemMessage, "iteration") {
		t.Errorf("corrupt: got %s by %s, message %q; want allow by LoopIterator naming the iteration", d.Verdict, d.Policy, d.SystemMessage)
	}
	if ev, _ := iterOf(t, store, sessionKey); ev != loopstate.EventAbort {
		t.Errorf("corrupt state became %s, want ABORT", ev)
	}

	li, store = newLoop(t, sessionKey, loopstate.ModeLoop)
	in.Now = stophooktest.T0.Add(3 * time.Hour)
	d = stophooktest.Run(t, in, li)
	if d.Verdict != stophook.Allow || !strings.Contains(d.SystemMessage, "stale") {
		t.Errorf("stale: got %s, message %q; want allow with a stale warning", d.Verdict, d.SystemMessage)
	}
	if ev, _ := iterOf(t, store, sessionKey); ev != loopstate.EventDone {
		t.Errorf("stale state became %s, want DONE", ev)
	}
}

func TestLoopIteratorDefaultStore(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("STOPHOOK_STATE_DIR", "")
	l := &loopstate.Loops{Store: stophook.NewFileStore(stophook.StateDir(dir))}
	if _, err := l.Push(context.Background(), sessionKey, loopstate.Frame{Mode: loopstate.ModeLoop, Max: 5}, stophooktest.T0); err != nil {
		t.Fatal(err)
	}
	in := stophooktest.Stop("x")
	in.CWD = dir
	stophooktest.AssertBlocks(t, stophooktest.Run(t, in, loopstate.WithEnv(&loopstate.Iterator{}, noEnv)), iter2of5)
	if _, err := os.Stat(filepath.Join(dir, ".claude", "stophook")); err != nil {
		t.Errorf("state dir: %v", err)
	}
}

func TestLoopIteratorVerify(t *testing.T) {
	t.Parallel()
	done := "All done.\n<loop-done>COMPLETE</loop-done>"
	tests := []struct {
		name    string
		cmd     string
		timeout time.Duration
		msg     string
		block   string // substring of the reason; "" = allow
		ran     bool
	}{
		{"passes", "touch ran; exit 0", 0, done, "", true},
		{"fails", "touch ran; echo 'FAIL: TestThing'; exit 3", 0, done, "FAIL: TestThing", true},
		{"names the failure", "touch ran; exit 3", 0, done, "failed (exit status 3)", true},
		{"times out", "touch ran; echo started; exec sleep 30", 2 * time.Second, done, "verification timed out: the command `sh -c touch ran; echo started; exec sleep 30` did not finish (timed out after 2s)", true},
		{"not run without a signal", "touch ran; exit 0", 0, "Working on it.", "[ITERATION 2/5]", false},
		{"not run for a signal in code", "touch ran; exit 0", 0, "`<loop-done>COMPLETE</loop-done>`", "[ITERATION 2/5]", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			li, store := newLoop(t, sessionKey, loopstate.ModeLoop)
			dir := t.TempDir()
			li.Verify = []string{"sh", "-c", tt.cmd}
			li.VerifyTimeout = tt.timeout
			in := stophooktest.Stop(tt.msg)
			in.CWD = dir
			start := time.Now()
			d := stophooktest.Run(t, in, li)
			if time.Since(start) > 10*time.Second {
				t.Errorf("verification took %v", time.Since(start))
			}
			if tt.block == "" {
				stophooktest.AssertStops(t, d)
				if ev, _ := iterOf(t, store, sessionKey); ev != loopstate.EventDone {
					t.Errorf("got event %s, want DONE", ev)
				}
			} else {
				stophooktest.AssertBlocks(t, d, "")
				if !strings.Contains(d.Reason, tt.block) || !strings.HasPrefix(d.Reason, "[ITERATION 2/5]") {
					t.Errorf("got reason %q, want it to contain %q", d.Reason, tt.block)
				}
			}
			_, err := os.Stat(filepath.Join(dir, "ran"))
			if ran := err == nil; ran != tt.ran {
				t.Errorf("verifier ran=%v, want %v", ran, tt.ran)
			}
		})
	}
}

type failStore struct{}

var errStore = errors.New("store down")

func (failStore) Get(context.Context, string) ([]byte, error) { return nil, errStore }
func (failStore) Update(context.Context, string, func([]byte) ([]byte, error)) error {
	return errStore
}
func (failStore) Delete(context.Context, string) error { return errStore }

type updateFails struct{ stophook.Store }

func (updateFails) Update(context.Context, string, func([]byte) ([]byte, error)) error {
	return errStore
}

// The seed read the last 20 transcript lines; a long final reply hid the
// signal. Iterator reads the last assistant message, whole.
func TestLoopIteratorLongFinalMessageInTranscript(t *testing.T) {
	t.Parallel()
	long := "<loop-done>COMPLETE</loop-done>\n\n" + strings.Repeat("A line of the final report.\n", 200)
	for _, tt := range []struct {
		name, last string
		want       stophook.Verdict
	}{
		{"signal above 200 lines", long, stophook.Allow},
		{"signal only in a fence", "```\n<loop-done>COMPLETE</loop-done>\n```\n" + strings.Repeat("more\n", 50), stophook.Block},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "t.jsonl")
			if err := gentranscript.WriteFile(path, gentranscript.Options{Size: 2 << 20, LastText: tt.last}); err != nil {
				t.Fatal(err)
			}
			li, _ := newLoop(t, sessionKey, loopstate.ModeLoop)
			in := stophooktest.Stop("")
			in.TranscriptPath = path
			if d := stophooktest.Run(t, in, li); d.Verdict != tt.want {
				t.Errorf("got %s (%s), want %s", d.Verdict, d.Why, tt.want)
			}
		})
	}
}

// TestLoopIteratorSharedLoopStaysInItsProject: with one state directory
// for every project ($STOPHOOK_STATE_DIR), a shared loop started in
// project A blocked every session of project B. And a session id the key
// check refuses must not iterate the shared loop either.
func TestLoopIteratorSharedLoopStaysInItsProject(t *testing.T) {
	t.Parallel()
	store := new(stophook.MemoryStore) // one store, as with a global state dir
	a, b := t.TempDir(), t.TempDir()
	l := &loopstate.Loops{Store: store}
	if _, err := l.Push(context.Background(), loopstate.SharedKeyFor(a), loopstate.Frame{Mode: loopstate.ModeLoop, Max: 5, Prompt: "task of A"}, stophooktest.T0); err != nil {
		t.Fatal(err)
	}
	li := loopstate.WithEnv(&loopstate.Iterator{Store: store, Machine: loopstate.Machine{Remind: true}}, noEnv)
	tests := []struct {
		name, cwd, session string
		block              bool
	}{
		{"a session of project B", b, "session-b", false},
		{"a session id the key check refuses", a, "bad id with spaces", false},
		{"an empty session id", a, "", false},
		{"a session of project A", a, "session-a", true},
	}
	for _, tt := range tests {
		in := stophooktest.Stop("x")
		in.CWD, in.SessionID = tt.cwd, tt.session
		d := stophooktest.Run(t, in, li)
		if d.Blocks() != tt.block || strings.Contains(d.Reason, "task of A") != tt.block {
			t.Errorf("%s: got %s %q, want block=%v", tt.name, d.Verdict, d.Reason, tt.block)
		}
	}
}

func TestLoopIteratorSessionEndRemovesTheLoop(t *testing.T) {
	t.Parallel()
	li, store := newLoop(t, sessionKey, loopstate.ModeLoop)
	(&loopstate.Loops{Store: store}).Push(context.Background(), sharedKey, loopstate.Frame{Mode: loopstate.ModeLoop, Max: 9}, stophooktest.T0)
	if d := stophooktest.Run(t, stophooktest.SessionEnd("clear"), li); d.Verdict != stophook.Pass {
		t.Errorf("SessionEnd: got %s, want pass", d.Verdict)
	}
	if _, err := store.Get(context.Background(), sessionKey); !errors.Is(err, stophook.ErrNotFound) {
		t.Errorf("session loop after SessionEnd: %v, want ErrNotFound", err)
	}
	if _, err := store.Get(context.Background(), sharedKey); err != nil {
		t.Errorf("shared loop after SessionEnd: %v, want it kept", err)
	}
}

// A loop paused by a background task keeps its iteration; the next real
// stop continues it.
func TestPauseKeepsLoopIteration(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	paused := stophooktest.Stop("started the build in the background")
	paused.BackgroundTasks = []json.RawMessage{json.RawMessage(`{"id":"b1","type":"shell","status":"running","description":"sleep 30","command":"sleep 30"}`)}
	loop, store := newLoop(t, sessionKey, loopstate.ModeLoop)
	li := policy.PauseOnBackgroundTasks(loop)
	chain := stophook.NewChain(li)

	d, _ := chain.Evaluate(ctx, paused)
	if d.Blocks() || !strings.Contains(d.Trace[0].String(), "paused") {
		t.Fatalf("paused stop: got %v, trace %v", d.Verdict, d.Trace)
	}
	d, _ = chain.Evaluate(ctx, stophooktest.Stop("the build finished; still work to do"))
	if !d.Blocks() || !strings.HasPrefix(d.Reason, "[ITERATION 2/5]") {
		t.Fatalf("next real stop: got %v %q, want [ITERATION 2/5]", d.Verdict, d.Reason)
	}
	if _, n := iterOf(t, store, sessionKey); n != 2 {
		t.Errorf("iteration after the real stop: got %d, want 2", n)
	}
}
