package hostio

import "strings"

// haltNote is what Qwen Code users see instead of a halt.
const haltNote = "stophook: this host cannot halt the agent (continue:false would continue the turn); letting it stop"

// encodeQwen writes what Qwen Code obeys:
//
//   - Block: {"decision":"block","reason":R}.
//   - Context: a block with the context as reason.
//   - Halt: NEVER continue:false, which Qwen reads as a block: the stop
//     is allowed with {"systemMessage":...} saying that the halt could not
//     be sent, followed by S.
//   - SystemMessage: {"systemMessage":M}.
//   - exit code mode, block or context: exit 2 with the reason on stderr
//     and empty stdout (Qwen ignores stdout on exit 2).
//
// SessionStart and UserPromptSubmit get hookSpecificOutput.additionalContext.
func encodeQwen(r Reply) ([]byte, string, int) {
	if r.Halt {
		msg := []string{}
		if r.SystemMessage != "" {
			msg = append(msg, r.SystemMessage)
		}
		msg = append(msg, haltNote)
		if r.StopReason != "" {
			msg = append(msg, r.StopReason)
		}
		return output{SystemMessage: truncate(strings.Join(msg, "\n"))}.json(), "", 0
	}
	switch {
	case r.isStop():
		if r.ExitCode && r.continuation() != "" {
			return nil, r.continuation(), 2
		}
		return blockOnly(r).json(), "", 0
	case r.Event == EventSessionStart, r.Event == EventUserPromptSubmit:
		return lifecycle(r, r.Event).json(), "", 0
	}
	return lifecycle(r, "").json(), "", 0
}
