package transcript

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
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
// cost one partial scan; a message line is validated and decoded in one
// pass by [jsonReader]. Every string of the result holds valid UTF-8 and
// none shares memory with line.
func parseLine(line []byte) (Message, bool) {
	line = bytes.TrimSpace(line) // blank lines, CRLF endings
	line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
	if len(line) == 0 || line[0] != '{' {
		return Message{}, false
	}
	// The line is read in place, not copied to a string: what the result
	// keeps of it is copied by jsonReader.own.
	r := jsonReader{s: unsafe.String(&line[0], len(line))}
	var m Message
	switch typ := gjson.Get(r.s, "type"); {
	case typ.Type != gjson.String:
		return Message{}, false
	case typ.Str == RoleUser:
		m.Role = RoleUser
	case typ.Str == RoleAssistant:
		m.Role = RoleAssistant
	default:
		return Message{}, false
	}
	if !r.message(&m) {
		return Message{}, false
	}
	return m, true
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
