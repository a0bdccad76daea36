package transcript

import (
	"strings"

	"github.com/tidwall/gjson"
)

// decodeDroid reads one Factory droid session record:
// {"type":"message","id","timestamp","message":{"role","content":[...]}}
// with Claude-style content blocks (text, tool_use, tool_result). Hook
// runs, written as user messages with visibility "user_only" and no
// content, are no messages; the reason a Stop hook sent back, a plain
// user message after its run, is meta (see [sentBack]), and so is a user
// message that starts with <system-reminder>. Other records
// (session_start, agent_turn_outcome) are skipped.
type droidDecoder struct {
	sent sentBack
}

func (d *droidDecoder) decode(line []byte) decoded {
	if !validJSON(line) {
		return decoded{}
	}
	v := gjson.ParseBytes(line)
	if event, reasons, ok := droidHookRun(v); ok {
		if !strings.Contains(event, "Stop") {
			return decoded{} // another event's hooks: passed over
		}
		return decoded{msgs: d.sent.hookRun(reasons)}
	}
	if m, ok := decodeDroid(v); ok {
		return decoded{msgs: d.sent.message(m)}
	}
	return decoded{}
}

func (d *droidDecoder) flush() []Message { return d.sent.take() }

// droidHookRun reads droid's record of a hook run (a message with
// hookEventName) and returns its event and the reasons of the hooks that
// sent the agent back: a block on stdout with exit 0 or 1, or exit 2's
// stderr.
func droidHookRun(v gjson.Result) (event string, reasons []string, ok bool) {
	msg := v.Get("message")
	if v.Get("type").Str != "message" || !msg.Get("hookEventName").Exists() {
		return "", nil, false
	}
	msg.Get("hookResults").ForEach(func(_, r gjson.Result) bool {
		out := gjson.Parse(strings.TrimSpace(r.Get("stdout").Str))
		switch code := r.Get("exitCode").Int(); {
		case code == 2:
			reasons = append(reasons, r.Get("stderr").Str)
		case (code == 0 || code == 1) && out.Get("decision").Str == "block":
			reasons = append(reasons, out.Get("reason").Str)
		}
		return true
	})
	return msg.Get("hookEventName").Str, reasons, true
}

// decodeDroid reads one droid record that is a message.
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
