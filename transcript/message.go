package transcript

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"

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
// cost one partial scan; message lines are validated once, then walked
// once level by level. Every string of the result holds valid UTF-8 and
// none shares memory with line.
func parseLine(line []byte) (Message, bool) {
	line = bytes.TrimSpace(line) // blank lines, CRLF endings
	line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
	if len(line) == 0 || line[0] != '{' {
		return Message{}, false
	}
	// gjson reads the line in place, without copying it to a string; what
	// the result keeps of it goes through d.own, which copies.
	d := decoder{line: unsafe.String(&line[0], len(line))}
	var m Message
	switch typ := gjson.Get(d.line, "type"); {
	case typ.Type != gjson.String:
		return Message{}, false
	case typ.Str == RoleUser:
		m.Role = RoleUser
	case typ.Str == RoleAssistant:
		m.Role = RoleAssistant
	default:
		return Message{}, false
	}
	if !gjson.Valid(d.line) {
		return Message{}, false
	}
	var msg, uuid, msgID, content gjson.Result
	gjson.Parse(d.line).ForEach(func(k, v gjson.Result) bool {
		switch k.Str {
		case "message":
			msg = v
		case "uuid":
			uuid = v
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
			msgID = v
		case "content":
			content = v
		}
		return true
	})
	if id := msgID.String(); m.Role == RoleAssistant && id != "" {
		m.ID = d.own(id)
	} else {
		m.ID = d.own(uuid.String())
	}
	var texts []string
	switch {
	case content.Type == gjson.String:
		texts = append(texts, content.Str)
	case content.IsArray():
		content.ForEach(func(_, b gjson.Result) bool {
			d.addBlock(&m, b, &texts)
			return true
		})
	}
	m.Text = d.join(texts)
	return m, true
}

// addBlock adds one content block to m (text to texts), reading the
// block's fields in one pass: a tool result's content can be tens of KB.
func (d decoder) addBlock(m *Message, b gjson.Result, texts *[]string) {
	if !b.IsObject() {
		return
	}
	var typ, id, name, toolUseID, text, input, content gjson.Result
	isError := false
	b.ForEach(func(k, v gjson.Result) bool {
		switch k.Str {
		case "type":
			typ = v
		case "text":
			text = v
		case "id":
			id = v
		case "name":
			name = v
		case "input":
			input = v
		case "tool_use_id":
			toolUseID = v
		case "content":
			content = v
		case "is_error":
			isError = v.Type == gjson.True
		}
		return true
	})
	switch typ.String() {
	case "text":
		if text.Type == gjson.String {
			*texts = append(*texts, text.Str)
		}
	case "tool_use":
		t := ToolUse{ID: d.own(id.String()), Name: d.own(name.String())}
		if input.Exists() {
			if utf8.ValidString(input.Raw) {
				t.Input = json.RawMessage(input.Raw) // the conversion copies
			} else {
				t.Input = json.RawMessage(strings.ToValidUTF8(input.Raw, "\uFFFD"))
			}
		}
		m.ToolUses = append(m.ToolUses, t)
	case "tool_result":
		r := ToolResult{ToolUseID: d.own(toolUseID.String()), IsError: isError}
		switch {
		case content.Type == gjson.String:
			r.Text = d.own(content.Str)
		case content.IsArray():
			var parts []string
			content.ForEach(func(_, e gjson.Result) bool {
				var typ, text gjson.Result
				e.ForEach(func(k, v gjson.Result) bool {
					switch k.Str {
					case "type":
						typ = v
					case "text":
						text = v
					}
					return true
				})
				if typ.String() == "text" {
					parts = append(parts, text.String())
				}
				return true
			})
			r.Text = d.join(parts)
		}
		m.ToolResults = append(m.ToolResults, r)
	}
}

// decoder turns the strings gjson cuts from one line into strings the
// caller may keep.
type decoder struct {
	line string // the line being decoded, sharing its memory
}

// own returns s as valid UTF-8 that does not share memory with d.line. A
// string gjson had to unescape, or a join of several, is already a fresh
// copy; only a string cut from the line is copied again.
func (d decoder) own(s string) string {
	switch {
	case s == "":
		return ""
	case !utf8.ValidString(s):
		return strings.ToValidUTF8(s, "\uFFFD") // builds a new string
	case d.holds(s):
		return strings.Clone(s)
	}
	return s
}

// holds reports whether s starts inside d.line.
func (d decoder) holds(s string) bool {
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	b := uintptr(unsafe.Pointer(unsafe.StringData(d.line)))
	return p >= b && p < b+uintptr(len(d.line))
}

// join returns the non-empty parts joined with "\n", owned (see own).
func (d decoder) join(parts []string) string {
	n := 0
	for _, p := range parts {
		if p != "" {
			parts[n] = p
			n++
		}
	}
	if n == 1 {
		return d.own(parts[0])
	}
	return d.own(strings.Join(parts[:n], "\n"))
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
