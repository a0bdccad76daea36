package queue

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/jsonlimit"
)

// Status is the state of one command in a [Queue].
type Status string

// Command states: pending → active → done.
const (
	Pending Status = "pending"
	Active  Status = "active"
	Done    Status = "done"
)

// Queue-level states, recorded in [Queue].Status of a retired queue file.
const (
	queueRunning   = "running"
	queueCompleted = "completed"
	QueueCancelled = "cancelled"
	queueStale     = "stale"
)

// Limits on queue files and their contents. A queue file is untrusted input
// like any other file an outside process can write.
const (
	maxFileSize    = 16 << 20 // bytes of a queue file
	maxCommands    = 256      // commands in one queue
	maxCommandLen  = 16 << 10 // bytes of one command's text
	maxResultBytes = 256 << 10
)

// errMalformed reports a queue file that cannot be used: not JSON, too big,
// or not a consistent queue. Processors move such a file aside.
var errMalformed = errors.New("queue: malformed queue file")

// Queue is the content of one queue file: the commands the brain decided a
// session runs next, in order. The JSON shape is
// {"commands":[{"id","command","status","awaits","result","completed_at"}]}
// with a few additions (session, status, created_at, per-command started_at,
// prompt_seen_at, prompt_id, error) that older readers may ignore.
type Queue struct {
	Session   string     `json:"session,omitempty"`
	Status    string     `json:"status,omitempty"`
	CreatedAt *time.Time `json:"created_at,omitempty"`
	Commands  []Command  `json:"commands"`
}

// Command is one entry of a [Queue].
type Command struct {
	ID      int    `json:"id"`
	Command string `json:"command"`
	Status  Status `json:"status"`
	Awaits  Awaits `json:"awaits"`
	// Result is the last_assistant_message of the event that completed the
	// command; null for commands completed by an event without one (/clear).
	Result      *string    `json:"result"`
	CompletedAt *time.Time `json:"completed_at"`
	// StartedAt is when the command became active (just before it was typed).
	StartedAt *time.Time `json:"started_at,omitempty"`
	// PromptSeenAt is when the UserPromptSubmit carrying this command's text
	// arrived; PromptID is that event's prompt_id, when it had one.
	PromptSeenAt *time.Time `json:"prompt_seen_at,omitempty"`
	PromptID     string     `json:"prompt_id,omitempty"`
	// Error records why typing the command failed.
	Error string `json:"error,omitempty"`
}

// Awaits names the hook event that completes a command: Hook is the
// hook_event_name; Sub, when not empty, must equal the event's sub-kind
// (the source of a SessionStart, the reason of a SessionEnd). Sub is
// written as null when empty.
type Awaits struct {
	Hook stophook.Event
	Sub  string
}

type awaitsJSON struct {
	Hook stophook.Event `json:"hook"`
	Sub  *string        `json:"sub"`
}

// MarshalJSON writes {"hook":H,"sub":S}, with null for an empty Sub.
func (a Awaits) MarshalJSON() ([]byte, error) {
	j := awaitsJSON{Hook: a.Hook}
	if a.Sub != "" {
		j.Sub = &a.Sub
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads {"hook":H,"sub":S|null}.
func (a *Awaits) UnmarshalJSON(b []byte) error {
	var j awaitsJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	a.Hook = j.Hook
	a.Sub = ""
	if j.Sub != nil {
		a.Sub = *j.Sub
	}
	return nil
}

func (a Awaits) String() string {
	if a.Sub == "" {
		return string(a.Hook)
	}
	return string(a.Hook) + "(" + a.Sub + ")"
}

// newQueue returns a running queue of commands for session: the first command
// active (started at now), the others pending, each awaiting what m says.
func newQueue(session string, commands []string, m Mapping, now time.Time) (*Queue, error) {
	if err := validateCommands(commands); err != nil {
		return nil, err
	}
	t := now.UTC()
	q := &Queue{Session: session, Status: queueRunning, CreatedAt: &t}
	for i, c := range commands {
		cmd := Command{ID: i + 1, Command: c, Status: Pending, Awaits: m.Awaits(c)}
		if i == 0 {
			cmd.Status = Active
			cmd.StartedAt = &t
		}
		q.Commands = append(q.Commands, cmd)
	}
	return q, nil
}

// validateCommands checks a command list given to a driver: 1 to
// [maxCommands] commands, each non-blank, at most [maxCommandLen] bytes, on
// one line.
func validateCommands(commands []string) error {
	if len(commands) == 0 {
		return errors.New("queue: no commands")
	}
	if len(commands) > maxCommands {
		return fmt.Errorf("queue: %d commands, at most %d", len(commands), maxCommands)
	}
	for i, c := range commands {
		switch {
		case strings.TrimSpace(c) == "":
			return fmt.Errorf("queue: command %d is empty", i+1)
		case len(c) > maxCommandLen:
			return fmt.Errorf("queue: command %d is %d bytes, at most %d", i+1, len(c), maxCommandLen)
		case strings.ContainsAny(c, "\r\n\x00"):
			return fmt.Errorf("queue: command %d spans several lines", i+1)
		}
	}
	return nil
}

// parseQueue decodes and checks a queue file. Any problem is an error wrapping
// [errMalformed].
func parseQueue(data []byte) (*Queue, error) {
	if len(data) > maxFileSize {
		return nil, fmt.Errorf("%w: %d bytes, at most %d", errMalformed, len(data), maxFileSize)
	}
	if err := jsonlimit.Check(data, 0, 0); err != nil {
		return nil, fmt.Errorf("%w: %v", errMalformed, err) // before decoding a struct per element
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var q Queue
	if err := dec.Decode(&q); err != nil {
		return nil, fmt.Errorf("%w: %v", errMalformed, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%w: trailing data", errMalformed)
	}
	if err := q.check(); err != nil {
		return nil, fmt.Errorf("%w: %v", errMalformed, err)
	}
	return &q, nil
}

func (q *Queue) check() error {
	if len(q.Commands) == 0 {
		return errors.New("no commands")
	}
	if len(q.Commands) > maxCommands {
		return fmt.Errorf("%d commands, at most %d", len(q.Commands), maxCommands)
	}
	active := 0
	for i, c := range q.Commands {
		switch c.Status {
		case Pending, Done:
		case Active:
			active++
		default:
			return fmt.Errorf("command %d: unknown status %q", i+1, c.Status)
		}
		if c.Awaits.Hook == "" {
			return fmt.Errorf("command %d: awaits no hook", i+1)
		}
		switch {
		case strings.TrimSpace(c.Command) == "":
			return fmt.Errorf("command %d: empty", i+1)
		case len(c.Command) > maxCommandLen:
			return fmt.Errorf("command %d: %d bytes, at most %d", i+1, len(c.Command), maxCommandLen)
		case strings.ContainsAny(c.Command, "\r\n\x00"):
			return fmt.Errorf("command %d spans several lines", i+1)
		}
	}
	if active > 1 {
		return fmt.Errorf("%d active commands", active)
	}
	return nil
}

// marshal encodes q as indented JSON.
func (q *Queue) marshal() ([]byte, error) {
	b, err := json.MarshalIndent(q, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("queue: encode: %w", err)
	}
	return append(b, '\n'), nil
}

// Active returns the index of the active command, or -1.
func (q *Queue) Active() int {
	for i, c := range q.Commands {
		if c.Status == Active {
			return i
		}
	}
	return -1
}

// next returns the index of the first pending command, or -1.
func (q *Queue) next() int {
	for i, c := range q.Commands {
		if c.Status == Pending {
			return i
		}
	}
	return -1
}

// doneCount returns how many commands are done.
func (q *Queue) doneCount() int {
	n := 0
	for _, c := range q.Commands {
		if c.Status == Done {
			n++
		}
	}
	return n
}

// remaining returns the text of every command not done, in order.
func (q *Queue) remaining() []string {
	out := []string{}
	for _, c := range q.Commands {
		if c.Status != Done {
			out = append(out, c.Command)
		}
	}
	return out
}
