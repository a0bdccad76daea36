package policy_test

import (
	"context"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/stophooktest"
)

// recorder blocks and records that it was asked.
type recorder struct{ asked int }

func (r *recorder) Name() string { return "Recorder" }

func (r *recorder) Evaluate(context.Context, stophook.Input) (stophook.Decision, error) {
	r.asked++
	return stophook.BlockWith("go on"), nil
}

// TestGuards: each guard asks its policy or passes without asking it,
// over the events of a turn.
func TestGuards(t *testing.T) {
	t.Parallel()
	stop := func(active bool, blocks int) stophook.Input {
		in := stophooktest.Stop("x")
		in.StopHookActive, in.TurnBlocks = active, blocks
		return in
	}
	subagent := stop(true, 1)
	subagent.HookEventName = stophook.EventSubagentStop
	guards := []struct {
		name  string
		guard func(stophook.Policy) stophook.Policy
		// asks lists, per input below, whether the guard asks its policy.
		asks []bool
	}{
		{"StopActive", policy.StopActive, []bool{true, false, false, false, false, true, true}},
		{"WithTurnBudget(2)", func(p stophook.Policy) stophook.Policy { return policy.WithTurnBudget(2, p) }, []bool{true, true, true, false, true, true, true}},
		{"WithTurnBudget(0) is 1", func(p stophook.Policy) stophook.Policy { return policy.WithTurnBudget(0, p) }, []bool{true, true, false, false, false, true, true}},
	}
	inputs := []struct {
		name string
		in   stophook.Input
	}{
		{"first stop", stop(false, 0)},
		{"stop_hook_active, no count", stop(true, 0)},
		{"one continuation counted", stop(false, 1)},
		{"two continuations counted", stop(true, 2)},
		{"subagent stop of a continued turn", subagent},
		{"UserPromptSubmit", stophooktest.UserPromptSubmit("next")},
		{"SessionEnd", stophooktest.SessionEnd("other")},
	}
	for _, g := range guards {
		for i, tt := range inputs {
			r := &recorder{}
			d := stophook.Evaluate(context.Background(), g.guard(r), tt.in)
			if got := r.asked == 1; got != g.asks[i] {
				t.Errorf("%s, %s: asked %v, want %v", g.name, tt.name, got, g.asks[i])
			}
			if !g.asks[i] && d.Verdict != stophook.Pass {
				t.Errorf("%s, %s: got %s without asking, want pass", g.name, tt.name, d.Verdict)
			}
			if len(d.Trace) == 0 || d.Trace[0].Policy != "Recorder" {
				t.Errorf("%s, %s: trace %v, want it to name the guarded policy", g.name, tt.name, d.Trace)
			}
		}
	}
}

// TestGuardPlaceDoesNotMatter: a guard that does not ask its policy
// passes, so the policies before and after it decide as if it were not
// there.
func TestGuardPlaceDoesNotMatter(t *testing.T) {
	t.Parallel()
	in := stophooktest.Stop("x")
	in.StopHookActive, in.TurnBlocks = true, 3
	other := stophook.Named("Other", stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.BlockWith("other"), nil
	}))
	for _, guarded := range []stophook.Policy{policy.StopActive(&recorder{}), policy.WithTurnBudget(2, &recorder{})} {
		for _, chain := range []*stophook.Chain{stophook.NewChain(guarded, other), stophook.NewChain(other, guarded)} {
			d := stophook.Evaluate(context.Background(), chain, in)
			if d.Verdict != stophook.Block || d.Policy != "Other" {
				t.Errorf("got %s by %q, want block by Other", d.Verdict, d.Policy)
			}
		}
	}
}

// TestGuardsOfNothing: a guard given no policy is a policy error (a pass
// in the trace), never a panic.
func TestGuardsOfNothing(t *testing.T) {
	t.Parallel()
	for _, p := range []stophook.Policy{policy.StopActive(nil), policy.WithTurnBudget(1, nil), policy.PauseOnBackgroundTasks(nil)} {
		d := stophook.Evaluate(context.Background(), p, stophooktest.Stop("x"))
		if d.Verdict != stophook.Pass || len(d.Trace) != 1 || d.Trace[0].Err == nil {
			t.Errorf("%s: got %s, trace %v; want pass with the error in the trace", stophook.PolicyName(p), d.Verdict, d.Trace)
		}
	}
}
