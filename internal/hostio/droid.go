package hostio

// normalizeDroid fills last_assistant_message, which droid never sends,
// from its session transcript. droid sends Claude Code's event and field
// names, plus message_id, tool_execution_count and elapsed_time.
func normalizeDroid(o object, read lastReader) {
	o.fillLast(Droid, read)
}

// encodeDroid writes what Factory droid obeys:
//
//   - Block: {"decision":"block","reason":R}; R reaches the model as a
//     user message. droid has no cap on consecutive blocks.
//   - Context: a block with the context as reason.
//   - Halt: {"continue":false,"stopReason":S}.
//   - SystemMessage: {"systemMessage":M}, alongside any of the above.
//   - exit code mode, block or context: exit 2 with the reason on stderr
//     and empty stdout.
//
// SessionStart and UserPromptSubmit get hookSpecificOutput.additionalContext.
func encodeDroid(r Reply) ([]byte, string, int) {
	switch {
	case r.isStop():
		if r.ExitCode && !r.Halt && r.continuation() != "" {
			return nil, r.continuation(), 2
		}
		return blockOnly(r).json(), "", 0
	case r.Event == EventSessionStart, r.Event == EventUserPromptSubmit:
		return lifecycle(r, r.Event).json(), "", 0
	}
	return lifecycle(r, "").json(), "", 0
}
