// Package policy holds stophook's built-in policies.
//
// # Guards
//
// [StopActive] lets the session stop when a Stop hook already blocked this
// turn (stop_hook_active), so a chain cannot trap the agent.
//
// # Retry
//
// [ErrorRetry] sends the agent back when its last message reports an error,
// a bounded number of times per session, counting in a [stophook.Store].
//
// # Ordering
//
// A [stophook.Chain] runs policies in order and the first Allow or Block
// wins. Policies that keep an agent working across several stops of one
// turn (a loop) must come before [StopActive]; one-shot nudges (error
// retry, escalation) come after it:
//
//	stophook.NewChain(loop, policy.StopActive{}, &policy.ErrorRetry{})
package policy
