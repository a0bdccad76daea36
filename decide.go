package stophook

import (
	"context"
	"slices"
	"time"
)

// defaultEvents are the events a hook runner accepts when none are given.
var defaultEvents = []string{EventStop, EventSubagentStop}

// HandlesEvent reports whether a hook configured for events handles the
// event name; an empty list means Stop and SubagentStop.
func HandlesEvent(events []string, name string) bool {
	if len(events) == 0 {
		events = defaultEvents
	}
	return slices.Contains(events, name)
}

// Decide evaluates the chain within budget. When the budget runs out first
// the session is allowed to stop (Policy "deadline"), even if a policy is
// still running and ignores its context. [Run] and http hook servers use it.
func (chain *Chain) Decide(ctx context.Context, in Input, budget time.Duration) Decision {
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
