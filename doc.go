// Package stophook decides what happens when a coding agent stops.
//
// Claude Code runs Stop hooks when the agent finishes a turn. A hook may
// let the session stop, or block the stop and send the agent back to work
// with a reason: retry after an error, run the next loop iteration, take
// the next queued command, save memories first, or ask a human. stophook
// replaces the bash and jq scripts usually written for this with one
// tested library.
//
// # Inputs and decisions
//
// [Input] is the hook payload (stdin of a command hook, body of an http
// hook), parsed by [ParseInput]. Every field Claude Code sends is typed;
// unknown fields stay readable through [Input.Field]. [Decision] is the
// answer: its zero value lets the session stop; [BlockWith] sends the
// agent back with a reason.
//
// # Policies and chains
//
// A [Policy] looks at an input and says [Pass] (no opinion), [Allow] or
// [Block]. A [Chain] runs policies in order until one says Allow or Block;
// when all pass, the session stops. A policy that fails or panics is
// logged and treated as Pass, and a chain whose context is done lets the
// session stop: stophook fails open, so a broken hook never traps a
// session. [Evaluate] runs a policy or chain under the context's deadline
// and is what every runner calls. Built-in policies live in package policy.
//
// # Running a hook
//
// Package hook runs a policy as a command hook (hook.Main, hook.Run) or,
// through package httphook, as an http hook, over one hook.Options: it
// decodes the input once (host recognised, normalised to Claude Code's
// names), counts the turn's continuations ([Input.TurnBlocks]), calls
// [Evaluate] within a budget and encodes the answer for the host. Setting
// STOPHOOK_DISABLE=1 lets every session stop.
//
// # State
//
// Policies keep state (retry counts, loop iterations) in a [Store]; one
// without a Store of its own uses [DefaultStore] of its input, the store the
// runner picked, so a hook keeps all its state in one directory.
// [FileStore] keeps one file per key under [StateDir], locked with flock
// for atomic read-modify-write across processes and written as checksummed,
// numbered records, so a crash leaves the old value or the new, never a
// torn one. [MemoryStore] serves tests and servers.
package stophook
