package policy

import (
	"context"

	"github.com/stophook/stophook"
)

// StopActive lets the session stop when a Stop hook already blocked this
// turn (stop_hook_active is true, or the runner counted a continuation), so
// that no chain can trap the agent in a loop. Other events and first stops
// pass. [WithTurnBudget] is the order-independent alternative.
//
// Put it after policies that must keep working on stop_hook_active stops,
// such as [loopstate.Iterator]: every iteration of a loop arrives with
// stop_hook_active set.
type StopActive struct{}

var _ stophook.Policy = StopActive{}

// Name implements the optional name interface of [stophook.PolicyName].
func (StopActive) Name() string { return "StopActive" }

// Evaluate implements [stophook.Policy].
func (StopActive) Evaluate(_ context.Context, in stophook.Input) (stophook.Decision, error) {
	if in.IsStop() && (in.StopHookActive || in.TurnBlocks > 0) {
		return stophook.AllowStop("stop_hook_active: a Stop hook already sent the agent back this turn"), nil
	}
	return stophook.PassOn("first stop of the turn"), nil
}
