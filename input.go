package stophook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/stophook/stophook/internal/jsonlimit"
	"github.com/tidwall/gjson"
)

// Hook event names sent by Claude Code in hook_event_name.
const (
	EventStop             = "Stop"
	EventSubagentStop     = "SubagentStop"
	EventSessionStart     = "SessionStart"
	EventSessionEnd       = "SessionEnd"
	EventUserPromptSubmit = "UserPromptSubmit"
	EventStopFailure      = "StopFailure"
	EventNotification     = "Notification"
)

// Input is the hook payload Claude Code sends on stdin (command hooks) or
// in the POST body (http hooks). Fields missing from the payload keep their
// zero value; fields this type does not know stay available through [Input.Raw]
// and [Input.Field].
type Input struct {
	// Common to every event.
	SessionID      string `json:"session_id"`
	TranscriptPath string `json:"transcript_path"`
	CWD            string `json:"cwd"`
	HookEventName  string `json:"hook_event_name"`
	PermissionMode string `json:"permission_mode,omitempty"`
	PromptID       string `json:"prompt_id,omitempty"`
	AgentID        string `json:"agent_id,omitempty"`
	AgentType      string `json:"agent_type,omitempty"`
	Effort         Effort `json:"effort,omitzero"`

	// Stop and SubagentStop.
	StopHookActive       bool              `json:"stop_hook_active,omitempty"`
	LastAssistantMessage string            `json:"last_assistant_message,omitempty"`
	BackgroundTasks      []json.RawMessage `json:"background_tasks,omitempty"`
	SessionCrons         []json.RawMessage `json:"session_crons,omitempty"`
	// SubagentStop only.
	AgentTranscriptPath string `json:"agent_transcript_path,omitempty"`

	// SessionStart: Source is startup|resume|clear|compact|fork.
	// UserPromptSubmit also carries a Source.
	Source string `json:"source,omitempty"`
	Model  string `json:"model,omitempty"`

	// UserPromptSubmit: the raw text the user typed ("/gsd:x 3" for a slash command).
	Prompt string `json:"prompt,omitempty"`

	// SessionEnd: why the session ended (clear, logout, prompt_input_exit, other, …).
	Reason string `json:"reason,omitempty"`

	// StopFailure.
	Error        string          `json:"error,omitempty"`
	ErrorDetails json.RawMessage `json:"error_details,omitempty"`

	// Notification.
	Message          string `json:"message,omitempty"`
	Title            string `json:"title,omitempty"`
	NotificationType string `json:"notification_type,omitempty"`

	// Raw is the payload exactly as received. It is nil for inputs built in code.
	Raw json.RawMessage `json:"-"`

	// Host names the agent that sent the input ([HostClaude], [HostCodex],
	// …). [Run] and the http hook handler set it from the input's shape or
	// the STOPHOOK_HOST override; empty means Claude Code.
	Host string `json:"-"`

	// TurnBlocks is how many times this hook already sent the agent back to
	// work in the current turn (blocks and additional-context continuations
	// alike). [Run] and the http hook handler count it per session in the
	// Store and reset it when a stop is allowed, on UserPromptSubmit,
	// SessionStart and SessionEnd; Cursor's loop_count feeds the same count.
	// For inputs built in code it is what the caller sets.
	TurnBlocks int `json:"-"`

	// Now is the time the hook was called. [ParseInput] sets it to time.Now;
	// tests set a fixed time. Policies use it instead of calling time.Now.
	Now time.Time `json:"-"`
}

// Effort is the reasoning effort of the session.
type Effort struct {
	Level string `json:"level,omitempty"`
}

// ErrInvalidInput reports a hook payload that is not a JSON object.
var ErrInvalidInput = errors.New("stophook: invalid hook input")

// ParseInput decodes a hook payload. It accepts any JSON object: unknown
// fields are kept in Raw; a field of the wrong type is an error wrapping
// [ErrInvalidInput]. So is a payload nesting objects and arrays more than
// 512 levels deep or holding more than 131072 of them: no hook input comes
// close, and later readers of Raw need not guard against it. Now is set to
// time.Now().
func ParseInput(data []byte) (Input, error) {
	var in Input
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return in, fmt.Errorf("%w: not a JSON object", ErrInvalidInput)
	}
	if err := jsonlimit.Check(trimmed, 0, 0); err != nil {
		return in, fmt.Errorf("%w: %v", ErrInvalidInput, err)
	}
	if !json.Valid(trimmed) {
		return in, fmt.Errorf("%w: not a JSON object", ErrInvalidInput)
	}
	if err := json.Unmarshal(trimmed, &in); err != nil {
		return Input{}, fmt.Errorf("%w: %v", ErrInvalidInput, err)
	}
	in.Raw = append(json.RawMessage(nil), trimmed...)
	in.Now = time.Now()
	return in, nil
}

// Field returns a field of the raw payload by gjson path (for example
// "effort.level" or a field this type does not know). It returns the empty
// string when the input has no raw payload or no such field.
func (in Input) Field(path string) string {
	if len(in.Raw) == 0 {
		return ""
	}
	return gjson.GetBytes(in.Raw, path).String()
}

// IsStop reports whether the input is a Stop or SubagentStop event.
func (in Input) IsStop() bool {
	return in.HookEventName == EventStop || in.HookEventName == EventSubagentStop
}

// FirstStop reports whether this stop is the first of its turn: no
// continuation was counted and the host does not say a Stop hook is active.
func (in Input) FirstStop() bool { return in.TurnBlocks == 0 && !in.StopHookActive }

// Time returns in.Now, or time.Now() when Now is zero.
func (in Input) Time() time.Time {
	if in.Now.IsZero() {
		return time.Now()
	}
	return in.Now
}
