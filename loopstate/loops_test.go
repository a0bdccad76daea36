package loopstate_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/loopstate"
)

var t0 = time.Date(2026, 1, 2, 10, 30, 0, 0, time.UTC)

func TestLoopsPushNestedAndComplete(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	l := &loopstate.Loops{Store: stophook.NewFileStore(t.TempDir())}
	key, _ := loopstate.SessionKey("s1")

	s, err := l.Push(ctx, key, loopstate.Frame{Mode: loopstate.ModeGrind, Max: 20, Prompt: "backlog"}, t0)
	if err != nil {
		t.Fatal(err)
	}
	run := s.RunID
	if run == "" || len(s.Stack) != 1 || s.Stack[0].Iter != 1 || !s.Stack[0].StartedAt.Equal(t0) {
		t.Fatalf("first push: got %+v", s)
	}
	step := func(msg string, at time.Time) loopstate.Result {
		t.Helper()
		res, err := l.Step(ctx, key, msg, at, nil)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if res := step("looking", t0.Add(time.Minute)); res.Phase != loopstate.Active || res.Reason != "[ITERATION 2/20] "+loopstate.ContinueText {
		t.Fatalf("grind step: got %s %q", res.Phase, res.Reason)
	}
	s, err = l.Push(ctx, key, loopstate.Frame{Mode: loopstate.ModeIssue, Max: 3, Prompt: "issue 7"}, t0.Add(2*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Stack) != 2 || s.RunID != run {
		t.Fatalf("nested push: got %+v, want 2 frames in run %s", s, run)
	}
	if res := step("fixing", t0.Add(3*time.Minute)); res.Reason != "[ITERATION 2/3] "+loopstate.ContinueText {
		t.Fatalf("inner step: got %q", res.Reason)
	}
	if res := step("<issue-complete>DONE</issue-complete>", t0.Add(4*time.Minute)); res.Phase != loopstate.Completing {
		t.Fatalf("inner completion: got %s", res.Phase)
	}
	if res := step("next issue", t0.Add(5*time.Minute)); res.Reason != "[ITERATION 3/20] "+loopstate.ContinueText {
		t.Fatalf("outer resumes: got %s %q", res.Phase, res.Reason)
	}
	if res := step("<grind-done>NO_MORE_ISSUES</grind-done>", t0.Add(6*time.Minute)); res.Phase != loopstate.Completing {
		t.Fatalf("outer completion: got %s", res.Phase)
	}
	s, err = l.Get(ctx, key)
	if err != nil || s.Event != loopstate.EventDone || len(s.Stack) != 0 || s.Reason != "NO_MORE_ISSUES" {
		t.Fatalf("final record: got %+v, %v; want DONE NO_MORE_ISSUES", s, err)
	}
	if res := step("anything", t0.Add(7*time.Minute)); res.Phase != loopstate.Idle {
		t.Fatalf("after done: got %s, want IDLE", res.Phase)
	}
	s, err = l.Push(ctx, key, loopstate.Frame{Mode: loopstate.ModeLoop, Max: 2}, t0.Add(8*time.Minute))
	if err != nil || len(s.Stack) != 1 || s.RunID == run || s.Event != loopstate.EventState {
		t.Fatalf("push after done: got %+v, %v; want a new run", s, err)
	}
}

func TestLoopsPushReplacesStaleAndCorrupt(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := new(stophook.MemoryStore)
	l := &loopstate.Loops{Store: store}
	if _, err := l.Push(ctx, "k", loopstate.Frame{Mode: loopstate.ModeLoop, Max: 5}, t0); err != nil {
		t.Fatal(err)
	}
	s, err := l.Push(ctx, "k", loopstate.Frame{Mode: loopstate.ModeLoop, Max: 5}, t0.Add(3*time.Hour))
	if err != nil || len(s.Stack) != 1 {
		t.Fatalf("push on stale: got %+v, %v; want a new run of one frame", s, err)
	}
	store.Update(ctx, "k", func([]byte) ([]byte, error) { return []byte("{garbage"), nil })
	s, err = l.Push(ctx, "k", loopstate.Frame{Mode: loopstate.ModeIssue, Max: 5}, t0)
	if err != nil || len(s.Stack) != 1 {
		t.Fatalf("push on corrupt: got %+v, %v", s, err)
	}
}

func TestLoopsPushValidates(t *testing.T) {
	t.Parallel()
	l := &loopstate.Loops{Store: new(stophook.MemoryStore)}
	for _, f := range []loopstate.Frame{
		{Mode: "spin", Max: 3},
		{Mode: loopstate.ModeLoop, Max: 0},
		{Mode: loopstate.ModeLoop, Max: loopstate.MaxIterations + 1},
		{Mode: loopstate.ModeLoop, Max: 3, Prompt: string(make([]byte, loopstate.MaxPromptLen+1))},
	} {
		if _, err := l.Push(context.Background(), "k", f, t0); err == nil {
			t.Errorf("Push(%v max %d) succeeded, want an error", f.Mode, f.Max)
		}
	}
	for i := 0; i < loopstate.MaxFrames; i++ {
		if _, err := l.Push(context.Background(), "deep", loopstate.Frame{Mode: loopstate.ModeLoop, Max: 3}, t0); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := l.Push(context.Background(), "deep", loopstate.Frame{Mode: loopstate.ModeLoop, Max: 3}, t0); err == nil {
		t.Error("push beyond MaxFrames succeeded")
	}
}

func TestLoopsAbort(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := new(stophook.MemoryStore)
	l := &loopstate.Loops{Store: store}
	if _, err := l.Abort(ctx, "k", "", t0); !errors.Is(err, loopstate.ErrNoLoop) {
		t.Errorf("abort without a loop: got %v, want ErrNoLoop", err)
	}
	l.Push(ctx, "k", loopstate.Frame{Mode: loopstate.ModeLoop, Max: 5}, t0)
	s, err := l.Abort(ctx, "k", "", t0)
	if err != nil || s.Event != loopstate.EventAbort || s.Reason != loopstate.ReasonAborted || len(s.Stack) != 1 {
		t.Fatalf("abort: got %+v, %v", s, err)
	}
	res, err := l.Step(ctx, "k", "x", t0, nil)
	if err != nil || res.Phase != loopstate.Aborted || res.Block {
		t.Fatalf("stop after abort: got %s block=%v, %v; want ABORTED", res.Phase, res.Block, err)
	}
	if res, _ := l.Step(ctx, "k", "x", t0, nil); res.Phase != loopstate.Idle {
		t.Errorf("second stop after abort: got %s, want IDLE", res.Phase)
	}
	if _, err := l.Abort(ctx, "k", "", t0); !errors.Is(err, loopstate.ErrNoLoop) {
		t.Errorf("abort of an aborted loop: got %v, want ErrNoLoop", err)
	}
	store.Update(ctx, "bad", func([]byte) ([]byte, error) { return []byte(`{"schema":1,"iter":"x"`), nil })
	if s, err := l.Abort(ctx, "bad", "", t0); err != nil || s.Event != loopstate.EventAbort {
		t.Errorf("abort of a corrupt record: got %+v, %v; want an ABORT record", s, err)
	}
}

func TestSharedKeyFor(t *testing.T) {
	t.Parallel()
	a, b := t.TempDir(), t.TempDir()
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(a, link); err != nil {
		t.Skip(err)
	}
	ka := loopstate.SharedKeyFor(a)
	if loopstate.SharedKeyFor(b) == ka {
		t.Errorf("two projects share the key %q", ka)
	}
	if got := loopstate.SharedKeyFor(link); got != ka {
		t.Errorf("loopstate.SharedKeyFor(symlink to a) = %q, want %q", got, ka)
	}
	if got := loopstate.SharedKeyFor(a + "/./"); got != ka {
		t.Errorf("loopstate.SharedKeyFor(a/./) = %q, want %q", got, ka)
	}
	if !strings.HasPrefix(ka, loopstate.SharedKey+"@") {
		t.Errorf("key %q, want the prefix %q", ka, loopstate.SharedKey+"@")
	}
}
