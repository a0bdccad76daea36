package stophook

import (
	"context"
	"slices"
	"time"
)

// defaultEvents are the events a hook runner accepts when none are given.
var defaultEvents = []string{EventStop, EventSubagentStop}

func acceptsEvent(events []string, name string) bool {
	if len(events) == 0 {
		events = defaultEvents
	}
	return slices.Contains(events, name)
}

// decide evaluates chain within budget. When the budget runs out first the
// session is allowed to stop, even if a policy is still running.
func decide(ctx context.Context, chain *Chain, in Input, budget time.Duration) Decision {
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	done := make(chan Decision, 1)
	go func() { done <- chain.Evaluate(ctx, in) }()
	select {
	case d := <-done:
		return d
	case <-ctx.Done():
		return Decision{Verdict: Allow, Policy: "deadline", Why: "budget of " + budget.String() + " exceeded: " + ctx.Err().Error()}
	}
}
