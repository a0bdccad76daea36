package stophooktest

import (
	"time"

	"github.com/stophook/stophook"
)

// T0 is the fixed time stamped on inputs built by this package.
var T0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// SessionID is the session id of inputs built by this package.
const SessionID = "00000000-0000-4000-8000-000000000001"

func base(event stophook.Event) stophook.Input {
	in := stophook.Input{
		SessionID:      SessionID,
		TranscriptPath: "testdata/no-such-transcript.jsonl",
		CWD:            ".",
		HookEventName:  event,
		PermissionMode: "default",
		Now:            T0,
	}
	in.Effort.Level = "medium"
	return in
}

// Stop returns a first Stop input whose last assistant message is last.
func Stop(last string) stophook.Input {
	in := base(stophook.EventStop)
	in.LastAssistantMessage = last
	return in
}

// SubagentStop returns a SubagentStop input.
func SubagentStop(last string) stophook.Input {
	in := base(stophook.EventSubagentStop)
	in.LastAssistantMessage = last
	in.AgentID = "agent-1"
	in.AgentType = "general-purpose"
	return in
}

// SessionStart returns a SessionStart input with the given source
// (startup, resume, clear, compact or fork).
func SessionStart(source string) stophook.Input {
	in := base(stophook.EventSessionStart)
	in.Source = source
	in.Model = "claude-sonnet-4-5"
	return in
}

// SessionEnd returns a SessionEnd input with the given reason.
func SessionEnd(reason string) stophook.Input {
	in := base(stophook.EventSessionEnd)
	in.Reason = reason
	return in
}

// UserPromptSubmit returns a UserPromptSubmit input for prompt.
func UserPromptSubmit(prompt string) stophook.Input {
	in := base(stophook.EventUserPromptSubmit)
	in.Prompt = prompt
	return in
}
