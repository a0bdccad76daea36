package transcript

import "github.com/tidwall/gjson"

// decodeDroid reads one Factory droid session record:
// {"type":"message","id","timestamp","message":{"role","content":[...]}}
// with Claude-style content blocks (text, tool_use, tool_result). Hook
// runs, written as user messages with visibility "user_only" and no
// content, are skipped; a user message that starts with
// <system-reminder> is meta. Other records (session_start,
// agent_turn_outcome) are skipped.
func decodeDroid(v gjson.Result) (Message, bool) {
	if v.Get("type").Str != "message" {
		return Message{}, false
	}
	msg := v.Get("message")
	if msg.Get("visibility").Str == "user_only" || msg.Get("hookEventName").Exists() {
		return Message{}, false
	}
	m := Message{ID: text(v.Get("id").String()), Timestamp: timestamp(v.Get("timestamp"))}
	switch msg.Get("role").Str {
	case RoleUser:
		m.Role = RoleUser
	case RoleAssistant:
		m.Role = RoleAssistant
	default:
		return Message{}, false
	}
	blocks(&m, msg.Get("content"))
	if m.Role == RoleUser && hasPrefixTrim(m.Text, "<system-reminder>") {
		m.IsMeta = true
	}
	return m, true
}
