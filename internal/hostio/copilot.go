package hostio

// copilotEvents maps Copilot CLI's native (camelCase) event names to
// Claude Code's.
var copilotEvents = map[string]string{
	"agentStop":           EventStop,
	"subagentStop":        EventSubagentStop,
	"sessionStart":        EventSessionStart,
	"sessionEnd":          EventSessionEnd,
	"userPromptSubmitted": EventUserPromptSubmit,
	"preToolUse":          EventPreToolUse,
	"postToolUse":         EventPostToolUse,
}

// normalizeCopilot maps Copilot CLI's native input (sessionId,
// transcriptPath, stopReason, no event name) to Claude Code's names, and
// fills last_assistant_message, which Copilot never sends, from
// events.jsonl. Its Claude-format input (hook_event_name, snake_case,
// stop_reason) only needs the last message.
func normalizeCopilot(o object, read lastReader) {
	o.copyStr("sessionId", "session_id")
	o.copyStr("transcriptPath", "transcript_path")
	o.copyStr("stopReason", "stop_reason")
	if o.isNull("hook_event_name") {
		if e := copilotNativeEvent(o); e != "" {
			o.setStr("hook_event_name", e)
		}
	} else {
		o.mapEvent(copilotEvents)
	}
	o.fillLast(Copilot, read)
}

// copilotNativeEvent infers the event of a native input, which carries no
// event name, from its fields.
func copilotNativeEvent(o object) string {
	switch {
	case !o.isNull("stopReason"):
		return EventStop
	case !o.isNull("toolResult"):
		return EventPostToolUse
	case !o.isNull("toolName"):
		return EventPreToolUse
	case !o.isNull("initialPrompt"), !o.isNull("source"):
		return EventSessionStart
	case !o.isNull("prompt"):
		return EventUserPromptSubmit
	case !o.isNull("reason"):
		return EventSessionEnd
	}
	return ""
}

// encodeCopilot writes what Copilot CLI obeys, always with exit 0: exit 2
// only prints a warning and ends the turn, so exit code mode falls back to
// JSON.
//
//   - Block: {"decision":"block","reason":R}; R reaches the model as a
//     user message. Copilot ends the turn after 8 continuations.
//   - Context: a block with the context as reason.
//   - Halt: {"continue":false,"stopReason":S}, which ends the turn.
//   - SystemMessage: {"systemMessage":M}, alongside any of the above.
//
// Other events get {}: Copilot ignores their output.
func encodeCopilot(r Reply) ([]byte, string, int) {
	if r.isStop() {
		return blockOnly(r).json(), "", 0
	}
	return output{}.json(), "", 0
}
