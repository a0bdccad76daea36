package transcript

import (
	"bytes"
	"strings"
	"time"

	"github.com/tidwall/gjson"
)

// Format is the file format of a transcript: each agent writes its own.
type Format int

const (
	// FormatAuto recognises the format from the file's lines, newest
	// first: the first line that names a format decides. A file no line of
	// which names one reads as Claude Code's.
	FormatAuto Format = iota
	// FormatClaude is Claude Code's transcript (~/.claude/projects).
	FormatClaude
	// FormatCodex is a Codex CLI rollout (~/.codex/sessions/…/rollout-*.jsonl):
	// response_item lines hold the messages and tool calls.
	FormatCodex
	// FormatGemini is a Gemini CLI chat (~/.gemini/tmp/<project>/chats):
	// user and gemini records, and $set patch lines.
	FormatGemini
	// FormatQwen is a Qwen Code chat (~/.qwen/projects/<slug>/chats):
	// Claude-like records whose message holds Gemini-style parts.
	FormatQwen
	// FormatCopilot is a Copilot CLI session's events.jsonl
	// (~/.copilot/session-state/<id>): typed events.
	FormatCopilot
	// FormatDroid is a Factory droid session (~/.factory/sessions):
	// message records with Claude-style content blocks.
	FormatDroid
	// FormatCursor is a Cursor agent transcript, read best effort: lines
	// with a role and a content (its format is documented, not measured).
	FormatCursor
)

var formatNames = [...]string{"auto", "claude", "codex", "gemini", "qwen", "copilot", "droid", "cursor"}

func (f Format) String() string {
	if f < 0 || int(f) >= len(formatNames) {
		return "Format(?)"
	}
	return formatNames[f]
}

// ForHost returns the transcript format of a host, named as Input.Host
// names it ("claude", "codex", "gemini", "qwen", "copilot", "droid",
// "cursor"); any other name gives [FormatAuto].
//
//	text, err := transcript.Options{Format: transcript.ForHost(in.Host)}.LastAssistantText(in.LastAssistantMessage, in.TranscriptPath)
func ForHost(host string) Format {
	for i, n := range formatNames {
		if i > 0 && n == host {
			return Format(i)
		}
	}
	return FormatAuto
}

// defaultWait is how long [Options.LastAssistantText] waits, by default,
// for a transcript that has not caught up with the hook call (Copilot CLI
// writes events.jsonl 50–100 ms behind its hooks).
const defaultWait = 2 * time.Second

// waitStep is the pause between two reads of a lagging transcript.
const waitStep = 25 * time.Millisecond

// claudeOnly are record types only Claude Code writes.
var claudeOnly = map[string]bool{
	"attachment": true, "queue-operation": true, "api-request": true, "api-request-shape": true,
	"api-request-blob": true, "last-prompt": true, "cost-state": true, "atis-latch": true,
	"tools-used": true, "summary": true, "file-history-snapshot": true, "progress": true,
}

// sniff names the format of one line, or FormatAuto when the line could
// belong to several (Claude Code's and Qwen Code's system records) or is
// not valid JSON (a line cut short must not decide for the whole file).
// It reads a few fields first and validates only a line that decides.
func sniff(line []byte) Format {
	f := sniffFields(line)
	if f != FormatAuto && !validJSON(line) {
		return FormatAuto
	}
	return f
}

func sniffFields(line []byte) Format {
	line = bytes.TrimSpace(line)
	if len(line) < 2 || line[0] != '{' || line[len(line)-1] != '}' {
		return FormatAuto
	}
	typ := gjson.GetBytes(line, "type").Str
	switch {
	case typ == "user" || typ == "assistant":
		msg := gjson.GetBytes(line, "message")
		switch {
		case msg.IsObject() && msg.Get("parts").Exists():
			return FormatQwen
		case msg.Exists():
			return FormatClaude
		case gjson.GetBytes(line, "content").Exists():
			return FormatGemini
		}
	case typ == "gemini":
		return FormatGemini
	case typ == "message" || typ == "session_start":
		return FormatDroid
	case claudeOnly[typ]:
		return FormatClaude
	case typ == "system": // Claude Code and Qwen Code both write it
	case strings.Contains(typ, ".") && gjson.GetBytes(line, "data").IsObject():
		return FormatCopilot
	case typ != "" && gjson.GetBytes(line, "payload").Exists():
		return FormatCodex
	case typ == "" && (gjson.GetBytes(line, "$set").Exists() || gjson.GetBytes(line, "projectHash").Exists()):
		return FormatGemini
	case typ == "" && gjson.GetBytes(line, "role").Exists():
		return FormatCursor
	}
	return FormatAuto
}

// decoded is what one line of a transcript holds.
type decoded struct {
	msgs    []Message // newest first
	stop    bool      // older lines no longer count (a $set of every message)
	turnEnd bool      // the line marks the end of an agent turn (Copilot)
}

// lineDecoder decodes the lines of one format, newest first. It may keep
// state across lines.
type lineDecoder interface {
	decode(line []byte) decoded
}

// flusher is a lineDecoder that may hold messages until an older line
// tells what they are: flush returns them, newest first, at the start of
// the input.
type flusher interface {
	flush() []Message
}

// decodeFunc adapts a stateless decoder of one message per line.
type decodeFunc func(v gjson.Result) (Message, bool)

func (f decodeFunc) decode(line []byte) decoded {
	if !validJSON(line) {
		return decoded{}
	}
	if m, ok := f(gjson.ParseBytes(line)); ok {
		return decoded{msgs: []Message{m}}
	}
	return decoded{}
}

// decoder returns the line decoder of f; nil for Claude Code's format,
// which has its own reader.
func (f Format) decoder() lineDecoder {
	switch f {
	case FormatCodex:
		return decodeFunc(decodeCodex)
	case FormatGemini:
		return &geminiDecoder{}
	case FormatQwen:
		return decodeFunc(decodeQwen)
	case FormatCopilot:
		return &copilotDecoder{}
	case FormatDroid:
		return &droidDecoder{}
	case FormatCursor:
		return decodeFunc(decodeCursor)
	}
	return nil
}

// text returns s as valid UTF-8.
func text(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }

// timestamp parses an RFC 3339 time, or a Unix time in milliseconds.
func timestamp(v gjson.Result) time.Time {
	switch v.Type {
	case gjson.String:
		t, _ := time.Parse(time.RFC3339Nano, v.Str)
		return t
	case gjson.Number:
		return time.UnixMilli(v.Int())
	}
	return time.Time{}
}

// rawInput returns a tool call's arguments as JSON: an object as is, a
// string holding JSON decoded, anything else nil.
func rawInput(v gjson.Result) []byte {
	switch {
	case v.IsObject():
		return []byte(v.Raw)
	case v.Type == gjson.String && validJSON(v.Str) && gjson.Parse(v.Str).IsObject():
		return []byte(v.Str)
	}
	return nil
}

// blocks reads a Claude-style content, a string or an array of text,
// tool_use and tool_result blocks, into m.
func blocks(m *Message, c gjson.Result) {
	if c.Type == gjson.String {
		m.Text = text(c.Str)
		return
	}
	var parts []string
	c.ForEach(func(_, b gjson.Result) bool {
		switch b.Get("type").Str {
		case "text":
			parts = append(parts, text(b.Get("text").String()))
		case "tool_use":
			m.ToolUses = append(m.ToolUses, ToolUse{ID: text(b.Get("id").String()), Name: text(b.Get("name").String()), Input: rawInput(b.Get("input"))})
		case "tool_result":
			m.ToolResults = append(m.ToolResults, ToolResult{ToolUseID: text(b.Get("tool_use_id").String()), Text: text(resultText(b.Get("content"))), IsError: b.Get("is_error").Bool()})
		}
		return true
	})
	m.Text = joinNonEmpty(parts)
}

// resultText is the text of a tool_result's content: a string or text blocks.
func resultText(c gjson.Result) string {
	if c.Type == gjson.String {
		return c.Str
	}
	var parts []string
	c.ForEach(func(_, b gjson.Result) bool {
		if t := b.Get("text"); t.Type == gjson.String {
			parts = append(parts, t.Str)
		}
		return true
	})
	return strings.Join(parts, "\n")
}

func hasPrefixTrim(s, prefix string) bool {
	return strings.HasPrefix(strings.TrimSpace(s), prefix)
}
