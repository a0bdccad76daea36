package stophook_test

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/stophooktest"
)

// quick is a policy that says whether it waits, and records whether it
// ran on the goroutine of the test that called Evaluate.
type quick struct {
	waits  bool
	panics bool
	inline *bool
}

func (q quick) Waits(stophook.Input) bool { return q.waits }

func (q quick) Evaluate(context.Context, stophook.Input) (stophook.Decision, error) {
	buf := make([]byte, 64<<10)
	*q.inline = strings.Contains(string(buf[:runtime.Stack(buf, false)]), "TestEvaluateInline")
	if q.panics {
		panic("boom")
	}
	return stophook.BlockWith("go on"), nil
}

// TestEvaluateInline: a chain whose every policy says it does not wait
// runs on the caller's goroutine, with its panics recovered; one policy
// that waits, or says nothing, sends the chain to an evaluator.
func TestEvaluateInline(t *testing.T) {
	in := stophooktest.Stop("")
	var inline bool
	say := func(waits bool) stophook.Policy { return quick{waits: waits, inline: &inline} }
	silent := stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.PassOn("no opinion"), nil
	})
	for _, c := range []struct {
		name   string
		p      stophook.Policy
		inline bool
	}{
		{"one policy that does not wait", say(false), true},
		{"named", stophook.Named("q", say(false)), true},
		{"chain", stophook.NewChain(say(false)), true},
		{"nested chain", stophook.NewChain(stophook.NewChain(say(false))), true},
		{"chain with a nil policy", stophook.NewChain(nil, say(false)), true},
		{"one policy that waits", say(true), false},
		{"chain with one that waits", stophook.NewChain(say(false), stophook.Named("w", say(true))), false},
		{"chain with one that says nothing", stophook.NewChain(silent, say(false)), false},
	} {
		inline = false
		d := stophook.Evaluate(context.Background(), c.p, in)
		if !d.Blocks() || d.Reason != "go on" {
			t.Errorf("%s: decision %v %q, want block", c.name, d.Verdict, d.Reason)
		}
		if inline != c.inline {
			t.Errorf("%s: ran on the caller's goroutine: %v, want %v", c.name, inline, c.inline)
		}
	}
	inline = false
	d := stophook.Evaluate(context.Background(), quick{panics: true, inline: &inline}, in)
	if !inline || d.Blocks() || len(d.Trace) != 1 || d.Trace[0].Err == nil {
		t.Errorf("panic on the caller's goroutine: inline %v, decision %v, trace %v; want a recovered error", inline, d.Verdict, d.Trace)
	}
}

// TestEvaluateInlineDoneContext: a chain that runs on the caller's
// goroutine still lets the session stop when the context is done first.
func TestEvaluateInlineDoneContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var inline bool
	d := stophook.Evaluate(ctx, quick{inline: &inline}, stophooktest.Stop(""))
	if d.Blocks() || d.Policy != "stophook.deadline" || inline {
		t.Errorf("got %v by %q (policy ran: %v), want the deadline's allow without the policy", d.Verdict, d.Policy, inline)
	}
}

// asker panics when asked whether it waits.
type asker struct{ quick }

func (asker) Waits(stophook.Input) bool { panic("boom") }

// TestEvaluateWaitsPanics: a policy whose Waits panics is taken to wait:
// the chain runs on an evaluator and decides as usual.
func TestEvaluateWaitsPanics(t *testing.T) {
	var inline bool
	for _, p := range []stophook.Policy{asker{quick{inline: &inline}}, stophook.NewChain(asker{quick{inline: &inline}})} {
		d := stophook.Evaluate(context.Background(), p, stophooktest.Stop(""))
		if !d.Blocks() || inline {
			t.Errorf("%T: decision %v (on the caller's goroutine: %v), want a block from an evaluator", p, d.Verdict, inline)
		}
	}
}

func TestMemoryStoreDoesNotWait(t *testing.T) {
	var s any = new(stophook.MemoryStore)
	w, ok := s.(interface{ Waits(stophook.Input) bool })
	if !ok || w.Waits(stophooktest.Stop("")) {
		t.Error("MemoryStore should say it does not wait")
	}
	if _, ok := any(stophook.NewFileStore(t.TempDir())).(interface{ Waits(stophook.Input) bool }); ok {
		t.Error("FileStore says whether it waits; it locks files other processes hold")
	}
}
