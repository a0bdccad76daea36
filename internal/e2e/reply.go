package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
)

// Reply is what the fake API answers to one POST /v1/messages.
type Reply struct {
	Blocks []Block
	// StopReason defaults to "tool_use" when a block is a tool use, else
	// "end_turn".
	StopReason string
	// Status, when not 0 or 200, makes the API answer with that HTTP status
	// and an error body instead.
	Status int
}

// Block is one content block of a [Reply].
type Block struct {
	Type  string // "text" or "tool_use"
	Text  string // text
	ID    string // tool_use id; generated when empty
	Name  string // tool name
	Input any    // tool input, marshalled to JSON
}

var toolSeq atomic.Int64

// Text returns a reply of one text block that ends the turn.
func Text(s string) Reply { return Reply{Blocks: []Block{{Type: "text", Text: s}}} }

// ToolUse returns a reply that calls one tool, optionally preceded by text.
func ToolUse(text, name string, input any) Reply {
	var r Reply
	if text != "" {
		r.Blocks = append(r.Blocks, Block{Type: "text", Text: text})
	}
	r.Blocks = append(r.Blocks, Tool(name, input))
	return r
}

// Tool returns a tool_use block with a fresh id.
func Tool(name string, input any) Block {
	return Block{Type: "tool_use", ID: fmt.Sprintf("toolu_e2e_%04d", toolSeq.Add(1)), Name: name, Input: input}
}

// Bash returns a reply that runs command with the Bash tool.
func Bash(command string) Reply {
	return ToolUse("", "Bash", map[string]any{"command": command, "description": "run " + command})
}

// Write returns a reply that writes content to path with the Write tool.
func Write(path, content string) Reply {
	return ToolUse("", "Write", map[string]any{"file_path": path, "content": content})
}

func (r Reply) stopReason() string {
	if r.StopReason != "" {
		return r.StopReason
	}
	for _, b := range r.Blocks {
		if b.Type == "tool_use" {
			return "tool_use"
		}
	}
	return "end_turn"
}

func (b Block) inputJSON() []byte {
	if b.Input == nil {
		return []byte("{}")
	}
	if raw, ok := b.Input.(json.RawMessage); ok {
		return raw
	}
	data, err := json.Marshal(b.Input)
	if err != nil {
		return []byte("{}")
	}
	return data
}

// message renders r as a non-streaming Messages API response.
func (r Reply) message(id, model string) map[string]any {
	content := []any{}
	for _, b := range r.Blocks {
		if b.Type == "tool_use" {
			content = append(content, map[string]any{"type": "tool_use", "id": b.ID, "name": b.Name, "input": json.RawMessage(b.inputJSON())})
			continue
		}
		content = append(content, map[string]any{"type": "text", "text": b.Text})
	}
	return map[string]any{
		"id": id, "type": "message", "role": "assistant", "model": model,
		"content": content, "stop_reason": r.stopReason(), "stop_sequence": nil,
		"usage": map[string]int{"input_tokens": 10, "output_tokens": 5},
	}
}

// OnLastUser returns a script that answers reply to requests whose last
// user text (system reminders removed) contains substr.
func OnLastUser(substr string, reply Reply) Script {
	return func(req *Request) (Reply, bool) {
		return reply, req.IsMessages() && strings.Contains(req.LastUserText(), substr)
	}
}

// OnSystem returns a script that answers reply to requests whose system
// prompt contains substr (for example the prompt of our own summarizer).
func OnSystem(substr string, reply Reply) Script {
	return func(req *Request) (Reply, bool) {
		return reply, req.IsMessages() && strings.Contains(req.System, substr)
	}
}

// SideRequests returns a script that answers reply to every request that
// is not part of the conversation (see [Request.IsConversation]).
func SideRequests(reply Reply) Script {
	return func(req *Request) (Reply, bool) { return reply, req.IsMessages() && !req.IsConversation() }
}

// FirstOf returns a script trying scripts in order.
func FirstOf(scripts ...Script) Script {
	return func(req *Request) (Reply, bool) {
		for _, s := range scripts {
			if r, ok := s(req); ok {
				return r, true
			}
		}
		return Reply{}, false
	}
}
