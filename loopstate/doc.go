// Package loopstate is the state and state machine of the idle loop: a
// Stop hook that sends the agent back to work, iteration after iteration,
// until it emits a completion signal.
//
// # State record
//
// A loop is stored as one versioned JSON record, a [State]: schema,
// event (STATE while running, DONE or ABORT when over), run_id,
// updated_at and a stack of [Frame]s {mode, iter, max, prompt,
// started_at}. The top frame iterates; frames below are outer loops that
// resume when it completes. [Parse] validates every field and reports
// anything it cannot trust as a [*corruptError] of a [corruptKind]: malformed
// JSON, a missing schema, a non-numeric iteration, an unknown mode, a bad
// timestamp. Timestamps are ISO 8601 with "Z" or "+00:00".
//
// # Machine
//
// [Machine.Step] maps a stored record, the last assistant message and the
// time to a [Result] in one of five phases:
//
//   - [Idle]: no record, an empty stack, or a finished run → the stop goes on.
//   - [Active]: no completion signal → iter+1, block with
//     "[ITERATION N/MAX] Continue working on the task. Check your progress
//     and either complete the task or keep iterating."
//   - [Completing]: the top frame's signal (see [Mode.Tags]) stands on its
//     own line outside code → pop the frame; DONE when the stack is empty,
//     else STATE and the outer loop resumes at the next stop.
//   - [Stuck]: iter >= max (DONE, MAX_ITERATIONS) or updated_at older than
//     [defaultStaleAfter] (DONE, STALE) → the stop goes on.
//   - [Aborted]: an ABORT event or a corrupt record → the stack is cleared
//     (or an ABORT record replaces the corrupt one) → the stop goes on.
//
// Only Active blocks. The machine is pure and takes the time as an
// argument, so tests use a fixed clock.
//
// # Persistence
//
// [Loops] keeps records in a stophook.Store under [SessionKey] (a loop
// per session, the default) or [SharedKeyFor] (one loop for every session
// in the directory). Each change — [Loops.Push], [Loops.Step],
// [Loops.Abort] — is one atomic Store.Update, so concurrent hooks lose no
// iteration. The policy that wires this into a hook chain is [Iterator]:
// it blocks each stop of a running loop until its completion signal.
//
// # Block cap
//
// Claude Code ends a turn after [defaultBlockCap] consecutive Stop-hook
// blocks unless CLAUDE_CODE_STOP_HOOK_BLOCK_CAP ([BlockCapEnv]) is raised;
// [CapWarning] says when a loop's max runs into it.
package loopstate
