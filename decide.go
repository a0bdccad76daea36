package stophook

import (
	"context"
	"time"
)

// Decide evaluates p under budget and returns the final decision. A
// policy's error or panic lets the session stop, as does a budget that runs
// out first (Decision.Policy is then [DeadlinePolicy]), even if p is still
// running and ignores its context. [Run] and the http hook handler use it.
func Decide(ctx context.Context, p Policy, in Input, budget time.Duration) Decision {
	if budget <= 0 {
		budget = DefaultBudget
	}
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	chain, ok := p.(*Chain)
	if !ok {
		chain = NewChain(p)
	}
	done := make(chan Decision, 1)
	go func() { done <- chain.evaluate(ctx, in) }()
	select {
	case d := <-done:
		return d
	case <-ctx.Done():
		return Decision{Verdict: Allow, Policy: DeadlinePolicy, Why: "budget of " + budget.String() + " exceeded: " + ctx.Err().Error()}
	}
}
