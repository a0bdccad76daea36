package stophook_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/stophooktest"
)

func verdict(v stophook.Verdict, reason string) stophook.Policy {
	return stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.Decision{Verdict: v, Reason: reason, Why: "fixed"}, nil
	})
}

func TestChain(t *testing.T) {
	t.Parallel()
	failing := stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.BlockWith("must not be used"), errors.New("boom")
	})
	panicking := stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		panic("kaboom")
	})
	tests := []struct {
		name       string
		policies   []stophook.Policy
		wantBlock  bool
		wantReason string
		wantPolicy string
	}{
		{name: "empty chain stops", policies: nil},
		{name: "all pass stops", policies: []stophook.Policy{verdict(stophook.Pass, ""), verdict(stophook.Pass, "")}},
		{name: "first block wins", policies: []stophook.Policy{verdict(stophook.Pass, ""), stophook.Named("b", verdict(stophook.Block, "go on")), verdict(stophook.Allow, "")}, wantBlock: true, wantReason: "go on", wantPolicy: "b"},
		{name: "allow is final", policies: []stophook.Policy{stophook.Named("a", verdict(stophook.Allow, "")), verdict(stophook.Block, "never")}, wantPolicy: "a"},
		{name: "error is pass", policies: []stophook.Policy{failing}},
		{name: "error then block", policies: []stophook.Policy{failing, stophook.Named("b", verdict(stophook.Block, "r"))}, wantBlock: true, wantReason: "r", wantPolicy: "b"},
		{name: "panic is pass", policies: []stophook.Policy{panicking}},
		{name: "block without reason is pass", policies: []stophook.Policy{verdict(stophook.Block, "")}},
		{name: "unknown verdict is pass", policies: []stophook.Policy{verdict(stophook.Verdict(7), "x")}},
		{name: "nil policy is pass", policies: []stophook.Policy{nil}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, _ := stophook.NewChain(tt.policies...).Evaluate(context.Background(), stophooktest.Stop("hi"))
			if d.Blocks() != tt.wantBlock {
				t.Fatalf("got blocks=%v (%+v), want %v", d.Blocks(), d, tt.wantBlock)
			}
			if d.Reason != tt.wantReason && tt.wantBlock {
				t.Errorf("got reason %q, want %q", d.Reason, tt.wantReason)
			}
			if tt.wantPolicy != "" && d.Policy != tt.wantPolicy {
				t.Errorf("got policy %q, want %q", d.Policy, tt.wantPolicy)
			}
		})
	}
}

func TestChainTraceRecordsErrors(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	d, _ := stophook.NewChain(
		stophook.Named("bad", stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) { return stophook.Decision{}, boom })),
		stophook.Named("ok", verdict(stophook.Pass, "")),
	).Evaluate(context.Background(), stophooktest.Stop(""))
	if len(d.Trace) != 2 || !errors.Is(d.Trace[0].Err, boom) || d.Trace[1].Policy != "ok" {
		t.Errorf("got trace %+v, want [bad error, ok pass]", d.Trace)
	}
}

func TestChainExpiredContextAllows(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	d, _ := stophook.NewChain(verdict(stophook.Block, "no")).Evaluate(ctx, stophooktest.Stop(""))
	if d.Blocks() {
		t.Errorf("got block with a done context, want allow")
	}
}

func TestChainBlockAfterDeadlineAllows(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	slow := stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		cancel() // the deadline passes while the policy works
		return stophook.BlockWith("late"), nil
	})
	if d, _ := stophook.NewChain(slow).Evaluate(ctx, stophooktest.Stop("")); d.Blocks() {
		t.Errorf("got block decided after the deadline, want allow")
	}
}

func TestPolicyName(t *testing.T) {
	t.Parallel()
	if got := stophook.PolicyName(stophook.Named("x", verdict(stophook.Pass, ""))); got != "x" {
		t.Errorf("got %q, want x", got)
	}
	if got := stophook.PolicyName(stophook.PolicyFunc(nil)); got != "stophook.PolicyFunc" {
		t.Errorf("got %q, want stophook.PolicyFunc", got)
	}
}

// byPointer is a policy with the EvaluateFor and WaitsFor methods of this
// module's wrappers: a chain calls them, not Evaluate and Waits; calls
// counts each.
type byPointer struct {
	calls map[string]int
	panic bool
}

func (p byPointer) Evaluate(context.Context, stophook.Input) (stophook.Decision, error) {
	p.calls["Evaluate"]++
	return stophook.PassOn("by value"), nil
}

func (p byPointer) EvaluateFor(_ context.Context, in *stophook.Input) (stophook.Decision, error) {
	p.calls["EvaluateFor"]++
	if p.panic {
		panic("boom")
	}
	return stophook.BlockWith("by pointer: " + in.SessionID), nil
}

func (p byPointer) Waits(stophook.Input) bool { p.calls["Waits"]++; return true }

// byPointer's WaitsFor says it does not wait, its Waits that it does: the
// answer shows which was asked.

func (p byPointer) WaitsFor(*stophook.Input) bool { p.calls["WaitsFor"]++; return false }

// TestChainByPointer: a chain runs and asks a wrapper of this module with
// the input by pointer, and a panic there counts as an error, as in
// Evaluate.
func TestChainByPointer(t *testing.T) {
	calls := map[string]int{}
	c := stophook.NewChain(byPointer{calls: calls})
	in := stophook.Input{SessionID: "s1", HookEventName: stophook.EventStop}
	// Called by value (Evaluate, the methods), a chain calls its
	// policies' Evaluate and Waits.
	if d := stophook.Evaluate(context.Background(), c, in); d.Verdict != stophook.Pass || d.Why != "no policy objected" {
		t.Errorf("Evaluate: decision %+v, want the pass of Evaluate", d)
	}
	if !c.Waits(in) {
		t.Error("Waits = false, want the policy's Waits: true")
	}
	if calls["EvaluateFor"]+calls["WaitsFor"] != 0 || calls["Evaluate"] != 1 || calls["Waits"] != 2 {
		t.Errorf("calls by value: %v, want Evaluate once and Waits twice only", calls)
	}
	// By pointer (package hook's way), EvaluateFor and WaitsFor.
	clear(calls)
	d, ok := stophook.ChainByPointer(context.Background(), c, &in)
	if !ok || d.Verdict != stophook.Block || d.Reason != "by pointer: s1" {
		t.Errorf("by pointer: decision %+v (%v), want EvaluateFor's", d, ok)
	}
	if calls["Evaluate"]+calls["Waits"] != 0 || calls["EvaluateFor"] != 1 || calls["WaitsFor"] != 1 {
		t.Errorf("calls by pointer: %v, want WaitsFor and EvaluateFor once only", calls)
	}
	d, _ = stophook.ChainByPointer(context.Background(), stophook.NewChain(byPointer{calls: calls, panic: true}), &in)
	if d.Verdict != stophook.Pass || len(d.Trace) != 1 || d.Trace[0].Err == nil {
		t.Errorf("a panicking EvaluateFor: decision %+v, want a pass with the error in the trace", d)
	}
}
