// Package hook runs a [stophook.Policy] as a hook: [Main] and [Run] for
// command hooks, [Server] for hook servers (package httphook serves it over
// HTTP), all over one [Options].
//
// # One flow
//
// [Run] reads one JSON value from stdin (it decides as soon as the value is
// complete, without waiting for the end of stdin); a [Server] takes it
// from the request body. Then:
//
//  1. decodes it once: the host is recognised from the input's shape
//     (or Options.Host, $STOPHOOK_HOST) and its payload normalised to
//     Claude Code's field names;
//  2. counts the turn's continuations per session in the Store
//     ([stophook.Input.TurnBlocks]); once the turn used its budget the
//     stop is allowed without asking the policy. Where the count cannot be
//     read or written and the host has no block cap of its own (Codex,
//     Gemini CLI, droid), the stop is allowed with one warning line;
//  3. calls [stophook.Evaluate] within Options.Budget, with
//     [stophook.Input.Store] set so every policy keeps its state where the
//     runner keeps the turn counts;
//  4. encodes the decision for the host, appends one line to the decision
//     log (Options.Log, $STOPHOOK_LOG) and prints the trace when asked
//     (-explain, $STOPHOOK_EXPLAIN=1).
//
// Every failure lets the session stop, with one line on stderr. The
// decision log has a line for such a stop too: an input that cannot be
// read or is not a hook input, an event the hook does not handle, a
// server's input with a relative cwd each get verdict allow, policy
// "stophook.input" and the failure as why.
//
// # The environment
//
// The runner reads STOPHOOK_DISABLE, STOPHOOK_HOST, STOPHOOK_STATE_DIR,
// STOPHOOK_MAX_TURN_BLOCKS (else CLAUDE_CODE_STOP_HOOK_BLOCK_CAP),
// STOPHOOK_LOG and STOPHOOK_EXPLAIN in one place, once per process; a value
// it does not understand is ignored with one warning naming the variable.
// No other package of the library reads them: the policies get the state
// directory as [stophook.Input.Store], and [stophook.StateDir] is the
// project's own directory.
// A hook built with [Main] answers -h with its flags, then these variables.
package hook
