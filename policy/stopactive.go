package policy

import (
	"context"

	"github.com/stophook/stophook"
)

// StopActive returns next guarded to act at most once per turn: once a
// Stop hook sent the agent back this turn (stop_hook_active is true, or
// the runner counted a continuation, [stophook.Input.TurnBlocks]), a stop
// passes without calling next, so next cannot trap the agent in a loop.
// First stops of a turn and other events (SessionEnd bookkeeping) go to
// next unchanged.
//
// Wrap the policies that should speak once per turn (a nudge, an
// escalation), not those that keep a turn going across stops: every
// iteration of a [github.com/stophook/stophook/loopstate.Iterator] loop and
// every retry of [ErrorRetry] arrives with stop_hook_active set. Because
// the guard passes instead of allowing, its place in a chain does not
// matter:
//
//	stophook.NewChain(&loopstate.Iterator{}, policy.StopActive(&escalate.Escalation{…}))
//
// [WithTurnBudget] allows up to a number of continuations per turn instead
// of one.
func StopActive(next stophook.Policy) stophook.Policy { return stopActive{next: next} }

type stopActive struct{ next stophook.Policy }

// Name is the wrapped policy's name, so traces keep reading "Escalation: …".
func (g stopActive) Name() string { return stophook.PolicyName(g.next) }

// Evaluate implements [stophook.Policy].
func (g stopActive) Evaluate(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
	if in.IsStop() && (in.StopHookActive || in.TurnBlocks > 0) {
		return stophook.PassOn("stop_hook_active: a Stop hook already sent the agent back this turn; once per turn"), nil
	}
	if g.next == nil {
		return stophook.Decision{}, errNilPolicy("StopActive")
	}
	return g.next.Evaluate(ctx, in)
}
