package hostio

// encodeClaude writes Claude Code's output, every field of r at once:
//
//   - Block: {"decision":"block","reason":R}; in exit code mode also
//     exit 2 with R on stderr (Claude Code reads the JSON and the code).
//   - Context: {"hookSpecificOutput":{"hookEventName":E,"additionalContext":C}},
//     E the event (Stop when empty).
//   - Halt: {"continue":false,"stopReason":S}.
//   - SystemMessage: {"systemMessage":M}.
//   - nothing: {}.
func encodeClaude(r Reply) ([]byte, string, int) {
	o := output{SystemMessage: r.SystemMessage}
	if r.blocks() {
		o.block(r.Reason)
	}
	if r.Context != "" {
		event := r.Event
		if event == "" {
			event = EventStop
		}
		o.context(event, r.Context)
	}
	if r.Halt {
		o.halt(r.StopReason)
	}
	if r.ExitCode && r.blocks() {
		return o.json(), r.Reason, 2
	}
	return o.json(), "", 0
}
