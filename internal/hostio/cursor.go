package hostio

import (
	"encoding/json"
	"strconv"
)

// cursorEvents maps Cursor's event names to Claude Code's.
var cursorEvents = map[string]string{
	"stop":               EventStop,
	"subagentStop":       EventSubagentStop,
	"sessionStart":       EventSessionStart,
	"sessionEnd":         EventSessionEnd,
	"beforeSubmitPrompt": EventUserPromptSubmit,
	"preToolUse":         EventPreToolUse,
	"postToolUse":        EventPostToolUse,
}

// normalizeCursor maps Cursor's input: the event (stop → Stop),
// conversation_id → session_id, generation_id → prompt_id, the first of
// workspace_roots → cwd, and loop_count > 0 → stop_hook_active (loop_count
// is kept). Cursor sends no last message; it is read from the transcript
// when there is one.
func normalizeCursor(o object, read lastReader) {
	o.mapEvent(cursorEvents)
	o.copyStr("conversation_id", "session_id")
	o.copyStr("generation_id", "prompt_id")
	if o.isNull("cwd") {
		var roots []json.RawMessage
		if json.Unmarshal(o["workspace_roots"], &roots) == nil && len(roots) > 0 {
			var root string
			if json.Unmarshal(roots[0], &root) == nil && root != "" {
				o.setStr("cwd", root)
			}
		}
	}
	if o.isNull("stop_hook_active") {
		if n, err := strconv.ParseFloat(string(o["loop_count"]), 64); err == nil {
			o.setBool("stop_hook_active", n > 0)
		}
	}
	o.fillLast(Cursor, read)
}

// encodeCursor writes what Cursor obeys after stop. Cursor cannot block
// and never reads "decision":
//
//   - Block: {"followup_message":R}; Cursor submits R as the next user
//     message, up to the hook's loop_limit.
//   - Context: {"followup_message":C}.
//   - Halt: {} (the agent stops, which is all a halt can do there).
//   - SystemMessage: dropped (Cursor shows none).
//   - exit code mode: the same JSON, exit 0.
//
// Other events get {}.
func encodeCursor(r Reply) ([]byte, string, int) {
	var o output
	if r.isStop() && !r.Halt {
		o.FollowupMessage = r.continuation()
	}
	return o.json(), "", 0
}
