// Package deferred lets a session stop at once while a human's answer is
// still to come: the escalation sends its question, hands the wait to a
// detached process, and the answer, whenever it arrives, starts a new turn
// through Claude Code's messaging socket.
//
// # Flow
//
// On a stop, [Asker.Defer] (set as escalate.Escalation.Defer) sends the
// question through a [Channel] (Telegram: [Telegram]), records a [jobRecord]
// under "deferred/<session_id>" in a FileStore and starts a waiter: the
// same binary re-executed with the hidden subcommand [WaitCommand], in a
// new session (setsid), with stdin and stdout on /dev/null, so the hook
// returns in milliseconds and Claude Code does not wait for it.
//
// The waiter ([answerWaiter.Run], or [Main] in a binary) waits for the answer
// until the job's deadline ([DefaultWait] unless set). A reply or the
// Continue button is posted to the session's socket
// (CLAUDE_CODE_MESSAGING_SOCKET, authenticated with
// CLAUDE_CODE_MESSAGING_TOKEN; see [postAnswer]); an idle Claude Code starts a
// new turn with it. Then the waiter edits the question to say what
// happened.
//
// The waiter gives up when the job is no longer pending: the user typed in
// the session first (UserPromptSubmit), the session ended (SessionEnd),
// both seen by [Asker.Evaluate] in the hook's chain; or a newer question
// of the same session replaced it; or the deadline passed.
//
// # At most once
//
// The answer is delivered only by the waiter that turns its job from
// pending to delivered in the Store, in one Update; a cancellation makes
// the same transition impossible. So an answer is never posted twice, and
// never after the user typed. Several sessions may share one bot: each
// waiter takes only the answer to its own message (see the telegram
// package).
//
// # Where it works
//
// The waiter is a detached Unix process; elsewhere [Asker.Defer] declines
// and the escalation asks in the hook, blocking. It also declines without
// a messaging socket or in an unattended session (`claude -p`,
// CLAUDE_CODE_SESSION_ATTENDED=0), where nobody would read the answer
// after the process exits.
package deferred
