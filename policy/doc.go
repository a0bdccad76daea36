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
// # Escalation
//
// [Register] records each session (cwd, transcript path, label) in the
// Store. [Escalation] puts a stop before a human through an
// escalate.Notifier (Telegram, webhook), with the transcript tail, an
// optional LLM summary and the recent tool calls; a reply or the Continue
// button sends the agent back to work, anything else lets it stop. The
// full chain is Register, StopActive, ErrorRetry, Escalation.
//
// # Loops
//
// [LoopIterator] keeps the agent iterating on a task started with
// `loop start` (examples/loop): each stop of a running loop is blocked with
// "[ITERATION N/MAX] Continue working on the task. …" until the agent
// writes its mode's completion signal on its own line outside code, the
// loop reaches its max, or its state is stale, aborted or corrupt. The
// state and the machine live in package loopstate.
//
// # Unattended sessions
//
// [AutoReply] answers an agent that stops to ask leave to go on ("Shall I
// proceed?") with a continuation, "Yes, go ahead." by default, once per
// turn. [IfMessage] runs a policy only on stops whose last message a
// [Matcher] matches, such as an [Escalation] only for questions that need
// a human; package [github.com/stophook/stophook/judge] tells the kinds of
// final message apart. examples/autopilot composes them with [ErrorRetry]:
//
//	isDecision := policy.MatcherFunc(judge.Is(judge.Decision))
//	stophook.NewChain(
//		&policy.ErrorRetry{Matcher: policy.MatcherFunc(judge.Is(judge.Error))},
//		&policy.AutoReply{},
//		policy.IfMessage(isDecision, &policy.Escalation{Notifier: tg}),
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
// # Command queues
//
// [QueueAdvance] hands Stop, SessionStart and UserPromptSubmit events to a
// [queue.Processor], which advances a session's command queue and wakes an
// outside agent. It never blocks; policies that may block go in its Then
// chain, so the queue only advances on stops that end the turn.
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
// The config's llm_provider names a [Provider] registered with
// [RegisterProvider]. This package registers none, so that hooks which
// never call an LLM do not load an HTTP client (net/http and crypto/tls
// cost about 2 ms of process start-up); a binary enables "anthropic" and
// "gemini-flash" with a blank import of the subpackage policy/llm:
//
//	import _ "github.com/stophook/stophook/policy/llm"
//
// # Ordering
//
// A [stophook.Chain] runs policies in order and the first Allow or Block
// wins. Policies that keep an agent working across several stops of one
// turn (a loop) must come before [StopActive]; one-shot nudges (error
// retry, escalation) come after it:
//
//	stophook.NewChain(&policy.LoopIterator{}, policy.StopActive{}, &policy.ErrorRetry{})
package policy
