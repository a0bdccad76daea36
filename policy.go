package stophook

import "context"

// Policy decides about one hook event.
//
// Evaluate returns a [Decision] whose Verdict is [Pass] (no opinion: the
// next policy runs), [Allow] (the session stops) or [Block] (the agent is
// sent back to work with Decision.Reason). A non-nil error, or a panic, is
// recorded by [Chain] and treated as Pass: a policy can never cause a block
// by failing.
//
// Evaluate may be called concurrently from several goroutines (an HTTP hook
// server) and from several processes at once (command hooks); shared state
// belongs in a [Store]. ctx carries the hook's deadline: when it is done,
// Evaluate should return promptly; [Chain] lets the session stop anyway.
type Policy interface {
	Evaluate(ctx context.Context, in Input) (Decision, error)
}

// PolicyFunc adapts a function to [Policy].
type PolicyFunc func(ctx context.Context, in Input) (Decision, error)

var _ Policy = PolicyFunc(nil)

// Evaluate calls f(ctx, in).
func (f PolicyFunc) Evaluate(ctx context.Context, in Input) (Decision, error) { return f(ctx, in) }

// Named gives p a name for traces and logs. Policies may instead implement
// interface{ Name() string }.
func Named(name string, p Policy) Policy { return namedPolicy{name: name, Policy: p} }

type namedPolicy struct {
	name string
	Policy
}

func (n namedPolicy) Name() string { return n.name }
