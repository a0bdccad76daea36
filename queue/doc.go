// Package queue runs command queues typed into a Claude Code session: an
// outside agent (the brain) decides what a session runs next, a driver (the
// hands) types the commands into its terminal, and Claude Code's own hooks
// advance the queue. Nothing polls: each command is done when the hook event
// it awaits arrives.
//
// # Queues
//
// A [Queue] is a JSON file, queue-<name>.json in a [Dir], one per session
// name (the tmux session, not Claude's session id, which /clear changes).
// Names are untrusted and percent-encoded: no name reaches outside
// the directory. Each [Command] is pending, active or done and awaits one
// event ([Awaits]): by the [Mapping] of [DefaultRules], /clear awaits
// SessionStart with source "clear" and every other command or prompt awaits
// Stop. Writes are atomic (temporary file, fsync, rename); [Dir.Lock]
// serializes read-modify-write cycles and is never held while typing.
//
// # Processing events
//
// [Processor.Drive] writes a new queue with its first command active and
// types that command. [Advance] hands every hook event to the shared processor
// of the session:
//
//   - an event matching the active command's awaits marks it done, stores
//     last_assistant_message as its result, makes the next command active,
//     saves, and types it; after the last one the queue is retired to
//     queue-<name>.done.json and the brain gets the queue-complete payload;
//   - a UserPromptSubmit with the active command's text is the driver's own
//     typing; any other one cancels the queue (queue-<name>.stale.json) and
//     tells the brain;
//   - SessionStart(startup) retires a leftover queue as stale and tells the brain;
//   - a Stop with no queue wakes the brain (a first wake) unless
//     stop_hook_active is set, last_assistant_message is empty, the session
//     is not in the [Registry], or it ends the turn in which manual input
//     cancelled a queue.
//
// A malformed queue file is moved aside (queue-<name>.corrupt-<nanos>.json)
// and the session goes on as if there were no queue.
//
// [Advance] is the hook policy that hands every event to a [Processor]; it
// never blocks, and policies that may block go in its Then.
//
// # Plug points
//
// A [Driver] types text ([Tmux]: send-keys -l, then Enter); a [Waker]
// delivers a [Payload] to the brain ([Exec] runs a shell command with the
// JSON on stdin, [Discard] drops it; package queue/gateway POSTs the JSON
// over HTTP, kept apart so that queue hooks do not load net/http); a
// [Registry] maps session names to agent configs ([FileRegistry]; nil
// registers every session); a [Checker] refuses unknown slash commands
// before they are queued ([Commands]).
package queue
