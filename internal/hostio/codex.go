package hostio

// normalizeCodex adds prompt_id from Codex's turn_id. Codex sends Claude
// Code's event and field names already; transcript_path and
// last_assistant_message may be null, and a missing message is read from
// the rollout when there is one.
func normalizeCodex(o object, read lastReader) {
	o.copyStr("turn_id", "prompt_id")
	o.fillLast(Codex, read)
}

// encodeCodex writes output within Codex's strict Stop schema (continue,
// decision "block", reason, stopReason, suppressOutput, systemMessage),
// always with exit 0:
//
//   - Block: {"decision":"block","reason":R}; R reaches the model as a
//     user message. Never "deny", which Codex counts as a hook failure.
//   - Context: a block with the context as reason (Codex has no
//     additionalContext on Stop).
//   - Halt: {"continue":false,"stopReason":S}.
//   - SystemMessage: {"systemMessage":M}, alongside any of the above.
//   - exit code mode: the same JSON, exit 0.
//
// SessionStart and UserPromptSubmit get hookSpecificOutput.additionalContext,
// which their schemas allow; other events get {}.
func encodeCodex(r Reply) ([]byte, string, int) {
	switch {
	case r.isStop():
		return blockOnly(r).json(), "", 0
	case r.Event == EventSessionStart, r.Event == EventUserPromptSubmit:
		return lifecycle(r, r.Event).json(), "", 0
	}
	return output{}.json(), "", 0
}
