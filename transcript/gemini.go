package transcript

import (
	"slices"

	"github.com/tidwall/gjson"
)

// geminiDecoder reads a Gemini CLI chat backwards. Records are
// {"id","timestamp","type":"user"|"gemini","content",...}; a record may be
// written again with the same id, and the newest copy wins. A
// {"$set":{"messages":[...]}} line replaces every record before it: its
// messages are read newest first and older lines are ignored. Other $set
// lines (lastUpdated) and the header are skipped.
type geminiDecoder struct {
	seen map[string]bool
}

func (d *geminiDecoder) decode(line []byte) decoded {
	if !validJSON(line) {
		return decoded{}
	}
	v := gjson.ParseBytes(line)
	if set := v.Get("$set"); set.Exists() {
		msgs := set.Get("messages")
		if !msgs.IsArray() {
			return decoded{}
		}
		var out []Message
		all := msgs.Array()
		for _, r := range slices.Backward(all) {
			if m, ok := d.record(r); ok {
				out = append(out, m)
			}
		}
		return decoded{msgs: out, stop: true}
	}
	if m, ok := d.record(v); ok {
		return decoded{msgs: []Message{m}}
	}
	return decoded{}
}

// record decodes one chat record, skipping ids already read.
func (d *geminiDecoder) record(v gjson.Result) (Message, bool) {
	var m Message
	switch v.Get("type").Str {
	case "user":
		m.Role = RoleUser
	case "gemini":
		m.Role = RoleAssistant
	default:
		return Message{}, false
	}
	m.ID = text(v.Get("id").String())
	if m.ID != "" {
		if d.seen[m.ID] {
			return Message{}, false
		}
		if d.seen == nil {
			d.seen = map[string]bool{}
		}
		d.seen[m.ID] = true
	}
	m.Timestamp = timestamp(v.Get("timestamp"))
	m.Text = geminiText(v.Get("content"))
	if m.Role == RoleUser {
		// A Stop hook's continuation shows the original prompt in
		// displayContent; the session context is injected, not typed.
		display := v.Get("displayContent")
		m.IsMeta = (display.Exists() && geminiText(display) != m.Text) ||
			hasPrefixTrim(m.Text, "<session_context>")
	}
	v.Get("toolCalls").ForEach(func(_, c gjson.Result) bool {
		id := text(c.Get("id").String())
		m.ToolUses = append(m.ToolUses, ToolUse{ID: id, Name: text(c.Get("name").String()), Input: rawInput(c.Get("args"))})
		if r, ok := geminiResult(id, c); ok {
			m.ToolResults = append(m.ToolResults, r)
		}
		return true
	})
	return m, true
}

// geminiResult reads the result Gemini CLI keeps in a tool call:
// result[].functionResponse.response.output (or .error), and status
// "error" or "cancelled" for a call that did not go through. A shell
// command that ran has status "success" whatever its exit code; the
// output says "Exit Code: N".
func geminiResult(id string, c gjson.Result) (ToolResult, bool) {
	var parts []string
	isErr := false
	c.Get("result").ForEach(func(_, r gjson.Result) bool {
		resp := r.Get("functionResponse.response")
		if out := resp.Get("output"); out.Type == gjson.String {
			parts = append(parts, text(out.Str))
		}
		if e := resp.Get("error"); e.Exists() {
			isErr = true
			parts = append(parts, text(e.String()))
		}
		return true
	})
	status := c.Get("status").Str
	if len(parts) == 0 && status == "" {
		return ToolResult{}, false
	}
	return ToolResult{ToolUseID: id, Text: joinNonEmpty(parts), IsError: isErr || status == "error" || status == "cancelled"}, true
}

// geminiText joins the text of a content: a string, or parts with text.
func geminiText(c gjson.Result) string {
	if c.Type == gjson.String {
		return text(c.Str)
	}
	var parts []string
	c.ForEach(func(_, p gjson.Result) bool {
		if t := p.Get("text"); t.Type == gjson.String && !p.Get("thought").Bool() {
			parts = append(parts, text(t.Str))
		}
		return true
	})
	return joinNonEmpty(parts)
}
