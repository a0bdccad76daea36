package hostio

import (
	"strings"
	"time"
)

// geminiEvents maps the event names only Gemini CLI sends to Claude Code's.
// SessionStart, SessionEnd and Notification keep their names.
var geminiEvents = map[string]string{
	"AfterAgent":          EventStop,
	"BeforeAgent":         EventUserPromptSubmit,
	"BeforeTool":          EventPreToolUse,
	"AfterTool":           EventPostToolUse,
	"PreCompress":         EventPreCompact,
	"BeforeModel":         "BeforeModel",
	"AfterModel":          "AfterModel",
	"BeforeToolSelection": "BeforeToolSelection",
}

// normalizeGemini maps the event (AfterAgent → Stop, BeforeAgent →
// UserPromptSubmit) and sets last_assistant_message.
//
// Gemini sends no last message: prompt_response holds every text the
// model wrote in the turn (after tool calls and after each block),
// joined with "\n", so its tail cannot be cut state-free. The last reply
// is read from the chat transcript when prompt_response ends with it;
// otherwise (no transcript, or it lags) the whole prompt_response is used.
func normalizeGemini(o object, read lastReader) {
	o.mapEvent(geminiEvents)
	if !o.isStop() {
		return
	}
	if s, _ := o.str("last_assistant_message"); s != "" {
		return
	}
	resp, _ := o.str("prompt_response")
	last := resp
	if path, _ := o.str("transcript_path"); read != nil && path != "" {
		if t := strings.TrimSpace(read(Gemini, path, time.Time{})); t != "" &&
			(resp == "" || strings.HasSuffix(strings.TrimSpace(resp), t)) {
			last = t
		}
	}
	if last != "" {
		o.setStr("last_assistant_message", last)
	}
}

// geminiEventName is the Gemini CLI name of a Claude Code event.
func geminiEventName(event string) string {
	for g, c := range geminiEvents {
		if c == event {
			return g
		}
	}
	return event
}

// encodeGemini writes what Gemini CLI obeys after AfterAgent:
//
//   - Block: {"decision":"block","reason":R}; R becomes a user turn.
//   - Context: a block with the context as reason (AfterAgent has no
//     additionalContext).
//   - Halt: {"continue":false,"stopReason":S}.
//   - SystemMessage: {"systemMessage":M}, alongside any of the above.
//   - exit code mode, block or context: exit 2, the reason on stderr and
//     EMPTY stdout, since Gemini parses stdout whatever the exit code.
//
// BeforeAgent (UserPromptSubmit) and SessionStart get
// hookSpecificOutput.additionalContext under Gemini's event name; other
// events get the system message and halt only.
func encodeGemini(r Reply) ([]byte, string, int) {
	switch {
	case r.isStop():
		if r.ExitCode && !r.Halt && r.continuation() != "" {
			return nil, r.continuation(), 2
		}
		return blockOnly(r).json(), "", 0
	case r.Event == EventSessionStart, r.Event == EventUserPromptSubmit:
		return lifecycle(r, geminiEventName(r.Event)).json(), "", 0
	}
	return lifecycle(r, "").json(), "", 0
}
