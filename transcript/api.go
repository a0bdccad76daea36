// Package transcript: API CONTRACT (being implemented; bodies are placeholders).
package transcript

import (
	"encoding/json"
	"time"
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
}

// ToolUse is one tool_use block.
type ToolUse struct {
	ID    string
	Name  string
	Input json.RawMessage
}

// String formats the call as Name(main argument): Edit(src/foo.ts), Bash(npm test).
func (t ToolUse) String() string { panic("unimplemented") }

// ToolResult is one tool_result block of a user line.
type ToolResult struct {
	ToolUseID string
	Text      string
	IsError   bool
}

// Tail returns the last n messages of the transcript at path, oldest first,
// reading backwards from the end in chunks. A missing file is an error
// wrapping fs.ErrNotExist.
func Tail(path string, n int) ([]Message, error) { panic("unimplemented") }

// LastAssistantText returns last (Input.LastAssistantMessage) when non-empty,
// else the text of the last assistant message with text in the transcript.
func LastAssistantText(last, path string) (string, error) { panic("unimplemented") }

// RecentTools returns up to n tool uses of msgs, most recent last, formatted with ToolUse.String.
func RecentTools(msgs []Message, n int) []string { panic("unimplemented") }
