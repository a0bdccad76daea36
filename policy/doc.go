// Package policy holds stophook's generic guards and wrappers: the
// policies that any hook composes, whatever its feature. Each feature
// owns its own policy next to its state: the loop's
// [github.com/stophook/stophook/loopstate.Iterator], the command queue's
// [github.com/stophook/stophook/queue.Advance], the human in the loop's
// [github.com/stophook/stophook/escalate.Escalation] and memory triage's
// [github.com/stophook/stophook/policy/triage.MemoryTriage]. A hook built
// only from this package links none of them.
//
// # Guards
//
// [StopActive] lets the session stop when a Stop hook already blocked this
// turn (stop_hook_active), so a chain cannot trap the agent.
// [WithTurnBudget] bounds the blocks of the policy it wraps within one
// turn.
//
// # Retry
//
// [ErrorRetry] sends the agent back when its last message reports an error,
// a bounded number of times, counting in a [stophook.Store].
//
// # Unattended sessions
//
// [AutoReply] answers an agent that stops to ask leave to go on ("Shall I
// proceed?") with a continuation, "Yes, go ahead." by default, once per
// turn. [IfMessage] runs a policy only on stops whose last message a
// [Matcher] matches, such as an escalation only for questions that need
// a human. A [Judge] (package [github.com/stophook/stophook/judge]) tells
// the ends of turns apart from the last message and the tool results of the
// turn's transcript; it is the default of [ErrorRetry] and [AutoReply].
// examples/autopilot composes them, sharing one Judge so that each stop is
// judged once:
//
//	j := &policy.Judge{}
//	stophook.NewChain(
//		&policy.ErrorRetry{Judge: j},
//		&policy.AutoReply{Judge: j},
//		policy.IfMessage(j.Is(judge.Question, judge.Decision), &escalate.Escalation{Notifier: tg}),
//	)
//
// # API errors and background tasks
//
// [ResumeAfterAPIError] handles StopFailure (a turn ended by a rate limit
// or an overloaded server): it waits with a doubling, bounded backoff,
// then blocks, which the runner turns into exit 2 so that an async hook
// with asyncRewake makes Claude Code resend the request.
//
// A stop while a background task runs is a pause: Claude Code starts the
// next turn when the task ends. [PauseOnBackgroundTasks] wraps a policy
// (a loop, a retry, an escalation) so that it does not act on such stops.
//
// # Ordering
//
// A [stophook.Chain] runs policies in order and the first Allow or Block
// wins. Policies that keep an agent working across several stops of one
// turn (a loop) must come before [StopActive]; one-shot nudges (error
// retry, escalation) come after it:
//
//	stophook.NewChain(&loopstate.Iterator{}, policy.StopActive{}, &policy.ErrorRetry{})
package policy
