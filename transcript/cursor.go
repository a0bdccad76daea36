package transcript

import "github.com/tidwall/gjson"

// decodeCursor reads one line of a Cursor agent transcript, best effort:
// {"role":"user"|"assistant","content":...} or the same under "message",
// content being a string or Claude-style blocks.
func decodeCursor(v gjson.Result) (Message, bool) {
	msg := v
	if v.Get("message").IsObject() {
		msg = v.Get("message")
	}
	role := msg.Get("role").Str
	if role == "" {
		role = v.Get("role").Str
	}
	m := Message{ID: text(v.Get("id").String()), Timestamp: timestamp(v.Get("timestamp"))}
	switch role {
	case RoleUser:
		m.Role = RoleUser
	case RoleAssistant:
		m.Role = RoleAssistant
	default:
		return Message{}, false
	}
	blocks(&m, msg.Get("content"))
	return m, true
}
