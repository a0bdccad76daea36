package queue

import "encoding/json"

// Events of a wake [Payload].
const (
	// WakeStop is the first wake: Claude Code stopped with no queue running.
	WakeStop = "stop"
	// WakeComplete reports a queue whose commands are all done.
	WakeComplete = "queue-complete"
	// WakeCancelled reports a queue cancelled by manual input.
	WakeCancelled = "queue-cancelled"
	// WakeStale reports a queue left over from a previous Claude Code run.
	WakeStale = "queue-stale"
	// wakeError reports a command the driver could not type.
	wakeError = "queue-error"
)

// Payload is what a [Waker] delivers to the brain. Fields are written in
// this order: metadata first, then content, then instructions. The
// queue-complete payload is
// {"event":"queue-complete","session":…,"summary":"N/N commands completed","commands":[…]}.
type Payload struct {
	// Metadata.
	Event     string          `json:"event"`
	Session   string          `json:"session"`
	SessionID string          `json:"session_id,omitempty"`
	CWD       string          `json:"cwd,omitempty"`
	Agent     json.RawMessage `json:"agent,omitempty"`
	Summary   string          `json:"summary,omitempty"`
	Message   string          `json:"message,omitempty"`
	File      string          `json:"file,omitempty"`

	// Content.
	LastAssistantMessage string    `json:"last_assistant_message,omitempty"`
	SuggestedCommands    []string  `json:"suggested_commands,omitempty"`
	Prompt               string    `json:"prompt,omitempty"`
	Commands             []Command `json:"commands,omitempty"`

	// Instructions: the event's prompt file, read at call time.
	Instructions string `json:"instructions,omitempty"`
}
