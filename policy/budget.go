package policy

import (
	"context"
	"fmt"

	"github.com/stophook/stophook"
)

// WithTurnBudget returns a policy that lets the session stop once the
// current turn was already sent back max times ([stophook.Input.TurnBlocks],
// counted by the runner), and otherwise asks next. Wrapped around a chain it
// bounds the whole chain; around one policy, that policy alone. Unlike
// [StopActive] it does not depend on the order of policies: a loop can keep
// iterating inside the budget while a retry elsewhere in the chain is
// bounded by its own.
//
// A max of 0 or less means 1 (one continuation per turn).
func WithTurnBudget(max int, next stophook.Policy) stophook.Policy {
	if max <= 0 {
		max = 1
	}
	return turnBudget{max: max, next: next}
}

type turnBudget struct {
	max  int
	next stophook.Policy
}

func (b turnBudget) Name() string {
	return fmt.Sprintf("WithTurnBudget(%d, %s)", b.max, stophook.PolicyName(b.next))
}

// Evaluate implements [stophook.Policy].
func (b turnBudget) Evaluate(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
	if in.IsStop() && in.TurnBlocks >= b.max {
		return stophook.AllowStop(fmt.Sprintf("turn budget: %d continuations this turn (max %d)", in.TurnBlocks, b.max)), nil
	}
	if b.next == nil {
		return stophook.PassOn("no policy"), nil
	}
	return b.next.Evaluate(ctx, in)
}
