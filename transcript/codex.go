package transcript

import (
	"strings"

	"github.com/tidwall/gjson"
)

// codexInjected are the prefixes of user messages Codex writes itself:
// the environment, instructions, and a Stop hook's continuation.
var codexInjected = []string{"<environment_context>", "<user_instructions>", "<hook_prompt", "<turn_aborted>", "# AGENTS.md"}

// decodeCodex reads one rollout line. Only response_item lines count
// (the event_msg lines repeat them): a message of role user or assistant,
// a function or custom tool call (an assistant message with one
// [ToolUse]) and its output (a user message with one [ToolResult]).
// Developer messages and reasoning are skipped. A user message Codex
// injected (environment, a hook's continuation) is meta.
func decodeCodex(v gjson.Result) (Message, bool) {
	if v.Get("type").Str != "response_item" {
		return Message{}, false
	}
	p := v.Get("payload")
	m := Message{Timestamp: timestamp(v.Get("timestamp")), ID: text(p.Get("id").String())}
	switch p.Get("type").Str {
	case "message":
		role := p.Get("role").Str
		if role != RoleUser && role != RoleAssistant {
			return Message{}, false
		}
		m.Role = role
		var parts []string
		p.Get("content").ForEach(func(_, c gjson.Result) bool {
			switch c.Get("type").Str {
			case "input_text", "output_text", "text":
				parts = append(parts, text(c.Get("text").String()))
			}
			return true
		})
		m.Text = joinNonEmpty(parts)
		if role == RoleUser {
			m.IsMeta = p.Get("content_item_metadata.provenance.hook").Bool() || codexIsInjected(m.Text)
		}
	case "function_call", "custom_tool_call", "local_shell_call":
		m.Role = RoleAssistant
		in := p.Get("arguments")
		if !in.Exists() {
			in = p.Get("input")
		}
		if !in.Exists() {
			in = p.Get("action")
		}
		name := p.Get("name").String()
		if name == "" {
			name = "shell"
		}
		m.ToolUses = []ToolUse{{ID: text(p.Get("call_id").String()), Name: text(name), Input: rawInput(in)}}
	case "function_call_output", "custom_tool_call_output":
		m.Role = RoleUser
		out := p.Get("output")
		if out.IsObject() {
			out = out.Get("content")
		}
		m.ToolResults = []ToolResult{{ToolUseID: text(p.Get("call_id").String()), Text: text(out.String())}}
	default:
		return Message{}, false
	}
	return m, true
}

func codexIsInjected(s string) bool {
	s = strings.TrimSpace(s)
	for _, p := range codexInjected {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
