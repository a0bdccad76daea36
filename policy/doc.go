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
// Guards are decorators: configuration first, the guarded policy last, and
// the result is a policy. [WithTurnBudget](n, p) asks p only while the turn
// was sent back fewer than n times; [StopActive](p) asks p only on the
// turn's first stop (stop_hook_active is not set), for nudges that should
// come once per turn. [PauseOnBackgroundTasks](p) does not ask p while a
// background task runs, and [IfMessage](m, p) only when the last message
// matches. A guard that does not ask its policy passes, so the rest of the
// chain still runs and no order of policies traps or frees the agent by
// accident. The runner's own per-turn budget (hook.Options.MaxTurnBlocks)
// bounds every hook on top.
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
// # Composition
//
// A [stophook.Chain] runs policies in order and the first Allow or Block
// wins. Policies that keep an agent working across several stops of one
// turn (a loop, [ErrorRetry]) are not wrapped in [StopActive]; one-shot
// nudges are:
//
//	policy.WithTurnBudget(4, stophook.NewChain(
//		&loopstate.Iterator{},
//		&policy.ErrorRetry{MaxRetries: 2},
//		policy.StopActive(nudge),
//	))
package policy
