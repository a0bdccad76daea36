package transcript

import (
	"strings"

	"github.com/tidwall/gjson"
)

// decodeCursor reads one line of a Cursor agent transcript
// (~/.cursor/projects/<project>/agent-transcripts/*.jsonl), best effort:
// its documented shape is {"role":"user"|"assistant","message":{"content":
// [{"type":"text","text":...}]}}, the user's text wrapped in <user_query>
// tags, which are removed. A content that is a string, or sits at the top
// level, is read too.
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
	if m.Role == RoleUser {
		m.Text = unwrapUserQuery(m.Text)
	}
	return m, true
}

// unwrapUserQuery returns the text inside <user_query>…</user_query>, or s
// when it is not so wrapped.
func unwrapUserQuery(s string) string {
	t := strings.TrimSpace(s)
	if inner, ok := strings.CutPrefix(t, "<user_query>"); ok {
		if inner, ok = strings.CutSuffix(inner, "</user_query>"); ok {
			return strings.TrimSpace(inner)
		}
	}
	return s
}
