package transcript

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tidwall/gjson"
)

// Roles of a [Message].
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
)

// Message is one user or assistant message; an assistant reply written as
// several lines sharing message.id is merged into one Message.
type Message struct {
	Role        string // "user" or "assistant"
	ID          string // message.id (assistant) or uuid (user)
	Text        string // text blocks joined with "\n"
	ToolUses    []ToolUse
	ToolResults []ToolResult
	IsMeta      bool // e.g. Stop hook feedback
	Timestamp   time.Time

	// Sidechain reports isSidechain: the line belongs to a subagent. Every
	// line of a subagent's own transcript has it set.
	Sidechain bool
}

// ToolUse is one tool_use block.
type ToolUse struct {
	ID    string
	Name  string
	Input json.RawMessage
}

// ToolResult is one tool_result block of a user line.
type ToolResult struct {
	ToolUseID string
	Text      string
	IsError   bool
}

// IsPrompt reports whether m is something the user typed: a user message
// with text that is neither meta (Stop hook feedback, caveats) nor made of
// tool results. A prompt starts a new turn.
func (m Message) IsPrompt() bool {
	return m.Role == RoleUser && !m.IsMeta && len(m.ToolResults) == 0 && m.Text != ""
}

// parseLine decodes one transcript line. It reports false for every line
// that is not a well-formed user or assistant message: other record types,
// blank lines, malformed JSON. The type is checked first, so skipped lines
// cost one partial scan; message lines are validated before use. Every
// string of the result is a fresh copy holding valid UTF-8.
func parseLine(line []byte) (Message, bool) {
	line = bytes.TrimSpace(line) // blank lines, CRLF endings
	line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
	if len(line) == 0 || line[0] != '{' {
		return Message{}, false
	}
	var m Message
	switch typ := gjson.GetBytes(line, "type"); {
	case typ.Type != gjson.String:
		return Message{}, false
	case typ.Str == RoleUser:
		m.Role = RoleUser
	case typ.Str == RoleAssistant:
		m.Role = RoleAssistant
	default:
		return Message{}, false
	}
	if !gjson.ValidBytes(line) {
		return Message{}, false
	}
	var (
		msg     gjson.Result
		uuid    string
		msgID   string
		content gjson.Result
	)
	gjson.ParseBytes(line).ForEach(func(k, v gjson.Result) bool {
		switch k.Str {
		case "message":
			msg = v
		case "uuid":
			uuid = v.String()
		case "timestamp":
			if t, err := time.Parse(time.RFC3339Nano, v.String()); err == nil {
				m.Timestamp = t
			}
		case "isMeta":
			m.IsMeta = v.Type == gjson.True
		case "isSidechain":
			m.Sidechain = v.Type == gjson.True
		}
		return true
	})
	if !msg.IsObject() {
		return Message{}, false
	}
	msg.ForEach(func(k, v gjson.Result) bool {
		switch k.Str {
		case "id":
			msgID = v.String()
		case "content":
			content = v
		}
		return true
	})
	m.ID = clean(uuid)
	if m.Role == RoleAssistant && msgID != "" {
		m.ID = clean(msgID)
	}
	var texts []string
	switch {
	case content.Type == gjson.String:
		texts = append(texts, content.Str)
	case content.IsArray():
		content.ForEach(func(_, b gjson.Result) bool {
			m.addBlock(b, &texts)
			return true
		})
	}
	m.Text = clean(joinNonEmpty(texts))
	return m, true
}

// addBlock adds one content block to m (text to texts), reading the
// block's fields in one pass: a tool result's content can be tens of KB.
func (m *Message) addBlock(b gjson.Result, texts *[]string) {
	if !b.IsObject() {
		return
	}
	var typ, id, name, toolUseID string
	var text, input, content gjson.Result
	isError := false
	b.ForEach(func(k, v gjson.Result) bool {
		switch k.Str {
		case "type":
			typ = v.String()
		case "text":
			text = v
		case "id":
			id = v.String()
		case "name":
			name = v.String()
		case "input":
			input = v
		case "tool_use_id":
			toolUseID = v.String()
		case "content":
			content = v
		case "is_error":
			isError = v.Type == gjson.True
		}
		return true
	})
	switch typ {
	case "text":
		if text.Type == gjson.String {
			*texts = append(*texts, text.Str)
		}
	case "tool_use":
		t := ToolUse{ID: clean(id), Name: clean(name)}
		if input.Exists() {
			t.Input = json.RawMessage(input.Raw) // the conversion copies
			if !utf8.Valid(t.Input) {
				t.Input = json.RawMessage(bytes.ToValidUTF8(t.Input, []byte("\uFFFD")))
			}
		}
		m.ToolUses = append(m.ToolUses, t)
	case "tool_result":
		r := ToolResult{ToolUseID: clean(toolUseID), IsError: isError}
		switch {
		case content.Type == gjson.String:
			r.Text = clean(content.Str)
		case content.IsArray():
			var parts []string
			content.ForEach(func(_, e gjson.Result) bool {
				var typ, text string
				e.ForEach(func(k, v gjson.Result) bool {
					switch k.Str {
					case "type":
						typ = v.String()
					case "text":
						text = v.String()
					}
					return true
				})
				if typ == "text" {
					parts = append(parts, text)
				}
				return true
			})
			r.Text = clean(joinNonEmpty(parts))
		}
		m.ToolResults = append(m.ToolResults, r)
	}
}

// merge folds older, an earlier line of the same assistant reply, into m.
func (m *Message) merge(older Message) {
	m.Text = joinNonEmpty([]string{older.Text, m.Text})
	m.ToolUses = append(older.ToolUses, m.ToolUses...)
	m.ToolResults = append(older.ToolResults, m.ToolResults...)
	m.IsMeta = m.IsMeta || older.IsMeta
	m.Sidechain = m.Sidechain || older.Sidechain
	if !older.Timestamp.IsZero() {
		m.Timestamp = older.Timestamp
	}
}

// continues reports whether older is an earlier line of the reply m.
func (m *Message) continues(older Message) bool {
	return m.Role == RoleAssistant && older.Role == RoleAssistant && m.ID != "" && m.ID == older.ID
}

func joinNonEmpty(parts []string) string {
	n := 0
	for _, p := range parts {
		if p != "" {
			parts[n] = p
			n++
		}
	}
	return strings.Join(parts[:n], "\n")
}

// clean returns a copy of s that holds valid UTF-8 and does not pin the
// line it was cut from.
func clean(s string) string {
	if utf8.ValidString(s) {
		return strings.Clone(s)
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
