package transcript

import (
	"strings"

	"github.com/tidwall/gjson"
)

// copilotDecoder reads Copilot CLI's events.jsonl: {"type","data","id",
// "timestamp"} events. assistant.message holds a reply (data.content) and
// its tool calls (data.toolRequests); user.message a prompt, or a Stop
// hook's reason, which Copilot also writes as a user message after the
// hook's hook.end (IsMeta: see [sentBack]);
// tool.execution_complete a tool's result. assistant.turn_end marks the
// end of a turn: Copilot calls its stop hook after writing it, and the
// file lags the call, so a reader that has not met it since the last
// prompt is ahead of the file. Events of a subagent (data.parentToolCallId
// set) are skipped: the subagent's work reaches the agent as the result of
// its task tool. Other events are skipped.
type copilotDecoder struct {
	sent sentBack
}

func (d *copilotDecoder) decode(line []byte) decoded {
	if !validJSON(line) {
		return decoded{}
	}
	v := gjson.ParseBytes(line)
	data := v.Get("data")
	if data.Get("parentToolCallId").Exists() {
		return decoded{}
	}
	m := Message{Timestamp: timestamp(v.Get("timestamp"))}
	switch v.Get("type").Str {
	case "assistant.turn_end":
		return decoded{msgs: d.sent.take(), turnEnd: true}
	case "hook.end":
		if !strings.Contains(strings.ToLower(data.Get("hookType").Str), "stop") {
			return decoded{} // another event's hook (userPromptSubmitted runs on the reason too)
		}
		var reasons []string
		if out := data.Get("output"); out.Get("decision").Str == "block" {
			reasons = append(reasons, out.Get("reason").Str)
		}
		return decoded{msgs: d.sent.hookRun(reasons)}
	case "assistant.message":
		m.Role = RoleAssistant
		m.ID = text(data.Get("messageId").String())
		m.Text = text(data.Get("content").String())
		data.Get("toolRequests").ForEach(func(_, r gjson.Result) bool {
			m.ToolUses = append(m.ToolUses, ToolUse{ID: text(r.Get("toolCallId").String()), Name: text(r.Get("name").String()), Input: rawInput(r.Get("arguments"))})
			return true
		})
	case "user.message":
		m.Role = RoleUser
		m.ID = text(data.Get("messageId").String())
		m.Text = text(data.Get("content").String())
	case "tool.execution_complete":
		m.Role = RoleUser
		out := data.Get("result.content")
		if !out.Exists() {
			out = data.Get("error.message")
		}
		failed := func(s gjson.Result) bool { return s.Exists() && !s.Bool() }
		m.ToolResults = []ToolResult{{ToolUseID: text(data.Get("toolCallId").String()), Text: text(out.String()),
			IsError: failed(data.Get("success")) || failed(data.Get("result.success")) || data.Get("error").Exists()}}
	default:
		return decoded{}
	}
	return decoded{msgs: d.sent.message(m)}
}

func (d *copilotDecoder) flush() []Message { return d.sent.take() }
