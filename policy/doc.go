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
// # Memory triage
//
// [MemoryTriage] asks the agent, once per turn, to save what the turn
// decided, fixed, ran into, deferred or was told to prefer, listing each
// item with the sentence that revealed it. Heuristics (package
// [github.com/stophook/stophook/policy/triage]) score the turn; in hybrid
// mode a [Classifier] (an LLM) may refine the list. It carries its own
// loop guard (stop_hook_active, or a flag file for hosts without it) and
// is configured by <cwd>/.claude/memory-config.json ([TriageConfig]).
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
