package transcript

import "github.com/tidwall/gjson"

// decodeQwen reads one Qwen Code chat record: {"uuid","type":"user"|
// "assistant"|"system","message":{"role","parts":[...]}}. Parts hold text
// (thoughts skipped), functionCall (a [ToolUse]) or functionResponse (a
// [ToolResult]). System records are skipped. A user record whose
// provenance is not "real_user" is meta. Qwen Code does not write a Stop
// hook's continuation to the chat.
func decodeQwen(v gjson.Result) (Message, bool) {
	var m Message
	switch v.Get("type").Str {
	case "user":
		m.Role = RoleUser
		prov := v.Get("provenance")
		m.IsMeta = prov.Exists() && prov.Str != "real_user"
	case "assistant":
		m.Role = RoleAssistant
	default:
		return Message{}, false
	}
	msg := v.Get("message")
	if !msg.IsObject() {
		return Message{}, false
	}
	m.ID = text(v.Get("uuid").String())
	m.Timestamp = timestamp(v.Get("timestamp"))
	var parts []string
	msg.Get("parts").ForEach(func(_, p gjson.Result) bool {
		switch {
		case p.Get("functionCall").IsObject():
			c := p.Get("functionCall")
			m.ToolUses = append(m.ToolUses, ToolUse{ID: text(c.Get("id").String()), Name: text(c.Get("name").String()), Input: rawInput(c.Get("args"))})
		case p.Get("functionResponse").IsObject():
			r := p.Get("functionResponse")
			out := r.Get("response.output")
			if !out.Exists() {
				out = r.Get("response")
			}
			m.ToolResults = append(m.ToolResults, ToolResult{ToolUseID: text(r.Get("id").String()), Text: text(out.String()), IsError: r.Get("response.error").Exists()})
		case p.Get("text").Type == gjson.String && !p.Get("thought").Bool():
			parts = append(parts, text(p.Get("text").Str))
		}
		return true
	})
	m.Text = joinNonEmpty(parts)
	return m, true
}
