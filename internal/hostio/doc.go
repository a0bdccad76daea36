// Package hostio translates between the coding agents that run turn-end
// hooks and the Claude Code shapes the rest of stophook speaks.
//
// Claude Code, OpenAI Codex CLI, Gemini CLI, Qwen Code, GitHub Copilot CLI,
// Factory droid and Cursor all run a command when a turn ends, but each
// sends its own input and reads the hook's output its own way. This
// package keeps those differences in one place, one file per host.
//
// # Input
//
// [Detect] recognises the host from the shape of its input (field names
// first, the transcript path second) and never fails: anything it does not
// recognise is Claude Code. [Normalize] re-expresses a host's input with
// Claude Code's field names: the event (Gemini's AfterAgent, Copilot's
// agentStop and Cursor's stop become Stop), session_id, transcript_path,
// cwd, stop_hook_active, last_assistant_message and prompt_id. Every field
// it does not know is kept, a missing field stays missing, and a known
// field of the wrong type is moved aside under "<host>_<name>" so that
// decoding the result cannot fail on it. Where a stop carries no last
// assistant message (Copilot, droid, Cursor) or the whole turn's text
// (Gemini's prompt_response), Normalize reads the last reply of the turn
// from the host's own transcript with package transcript.
//
// # Output
//
// A policy's answer is a [Reply]. [Encode] writes it as the exact stdout,
// stderr and exit code the host obeys, and never as something the host
// misreads: Codex takes "deny" as a hook failure, Qwen Code takes
// continue:false as a block, Copilot CLI takes exit 2 as "end the turn",
// Gemini CLI parses stdout whatever the exit code, and Cursor cannot block
// at all (it continues only through a follow-up message). Where a host
// cannot express a reply, Encode picks the nearest safe output and says
// what it did in the doc of the host's encoder.
//
// [HasBlockCap] reports whether the host itself ends a run of blocks;
// where it does not, the library's per-turn budget is the only brake.
package hostio
