package loopstate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/stophook/stophook/internal/textcut"
)

// schemaVersion is the version of the state record written by this package.
const schemaVersion = 1

// Events of a state record.
const (
	// EventState marks a running loop: the top frame of the stack iterates.
	EventState = "STATE"
	// EventDone marks a finished run: completed, max iterations, or stale.
	EventDone = "DONE"
	// EventAbort marks a run aborted by the user or by corrupted state.
	EventAbort = "ABORT"
)

// Reasons written with [EventDone] and [EventAbort].
const (
	ReasonMaxIterations = "MAX_ITERATIONS"
	ReasonStale         = "STALE"
	ReasonAborted       = "ABORTED"
	reasonCorrupt       = "CORRUPT"
)

// Limits on a state record read from disk.
const (
	// maxStateSize bounds the size of a state record in bytes.
	maxStateSize = 1 << 20
	// maxFrames bounds the depth of the frame stack: 32 nested loops.
	maxFrames = 32
	// maxPromptLen bounds the prompt of a frame in bytes: 64 KiB.
	maxPromptLen = 64 << 10
	// maxIterations bounds the iteration counter and max of a frame.
	maxIterations = 1_000_000
)

// State is the loop state record, stored as JSON:
//
//	{"schema":1,"event":"STATE","run_id":"…","updated_at":"2026-01-02T10:30:00Z",
//	 "stack":[{"mode":"loop","iter":1,"max":5,"prompt":"…","started_at":"…"}]}
//
// The top of the stack (the last frame) is the loop that iterates; frames
// below it are outer loops that resume when it completes.
type State struct {
	Schema    int       `json:"schema"`
	Event     string    `json:"event"`
	RunID     string    `json:"run_id"`
	UpdatedAt time.Time `json:"updated_at"`
	Stack     []Frame   `json:"stack"`
	// Reason says why the run ended (DONE or ABORT): a completion signal
	// value, [ReasonMaxIterations], [ReasonStale], [ReasonAborted] or
	// [reasonCorrupt] followed by details.
	Reason string `json:"reason,omitempty"`
}

// Frame is one loop of the stack.
type Frame struct {
	Mode Mode `json:"mode"`
	// Iter is the current iteration, starting at 1.
	Iter int `json:"iter"`
	// Max is the last iteration; Iter >= Max stops the loop.
	Max       int       `json:"max"`
	Prompt    string    `json:"prompt,omitempty"`
	StartedAt time.Time `json:"started_at"`
}

// Top returns the frame that iterates, or false when the stack is empty.
func (s *State) Top() (*Frame, bool) {
	if len(s.Stack) == 0 {
		return nil, false
	}
	return &s.Stack[len(s.Stack)-1], true
}

// Active reports whether s is a running loop: event STATE and a non-empty stack.
func (s *State) Active() bool { return s.Event == EventState && len(s.Stack) > 0 }

// age returns how long ago s was updated.
func (s *State) age(now time.Time) time.Duration { return now.Sub(s.UpdatedAt) }

// Marshal encodes s as JSON with times in UTC, "Z" form.
func (s *State) Marshal() ([]byte, error) {
	cp := *s
	cp.UpdatedAt = cp.UpdatedAt.UTC()
	cp.Stack = make([]Frame, len(s.Stack))
	for i, f := range s.Stack {
		f.StartedAt = f.StartedAt.UTC()
		cp.Stack[i] = f
	}
	if cp.Schema == 0 {
		cp.Schema = schemaVersion
	}
	b, err := json.Marshal(cp)
	if err != nil {
		return nil, fmt.Errorf("loopstate: encode state: %w", err)
	}
	return append(b, '\n'), nil
}

// errCorrupt is wrapped by every [corruptError].
var errCorrupt = errors.New("loopstate: corrupt state")

// corruptKind classifies a corrupt state record.
type corruptKind string

// Corruption kinds reported by [Parse].
const (
	kindTooLarge  corruptKind = "too-large" // more than maxStateSize bytes
	kindMalformed corruptKind = "malformed" // not a JSON object
	kindSchema    corruptKind = "schema"    // schema missing or not a positive integer
	kindNewer     corruptKind = "newer"     // schema newer than schemaVersion
	kindEvent     corruptKind = "event"     // event missing or not STATE|DONE|ABORT
	kindTime      corruptKind = "time"      // updated_at or started_at missing or not ISO 8601
	kindStack     corruptKind = "stack"     // stack not an array of objects, or too deep
	kindIteration corruptKind = "iteration" // iter missing, non-numeric or out of range
	kindMax       corruptKind = "max"       // max missing, non-numeric or out of range
	kindMode      corruptKind = "mode"      // unknown mode
	kindPrompt    corruptKind = "prompt"    // prompt not a string or too long
	kindText      corruptKind = "text"      // run_id or reason not a string
)

// corruptError reports a state record that cannot be trusted. It wraps
// [errCorrupt].
type corruptError struct {
	Kind   corruptKind
	Detail string
}

func (e *corruptError) Error() string {
	return fmt.Sprintf("loopstate: corrupt state (%s): %s", e.Kind, e.Detail)
}

// Unwrap returns [errCorrupt].
func (e *corruptError) Unwrap() error { return errCorrupt }

func corrupt(k corruptKind, format string, args ...any) error {
	return &corruptError{Kind: k, Detail: fmt.Sprintf(format, args...)}
}

// kindOf returns the corruption kind of err, or "" when err is not a
// [corruptError].
func kindOf(err error) corruptKind {
	var ce *corruptError
	if errors.As(err, &ce) {
		return ce.Kind
	}
	return ""
}

// Parse decodes and validates a state record. Any record that cannot be
// trusted yields a [*corruptError]: malformed JSON, a missing or bad schema,
// an unknown event or mode, a non-numeric iteration or max, a missing or
// unparsable timestamp, a stack too deep. Numbers may be JSON integers or
// strings of decimal digits (as shell-written state has them). Timestamps
// are RFC 3339 / ISO 8601 with "Z" or a numeric offset such as "+00:00".
func Parse(data []byte) (*State, error) {
	if len(data) > maxStateSize {
		return nil, corrupt(kindTooLarge, "%d bytes, limit %d", len(data), maxStateSize)
	}
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' || !json.Valid(data) {
		return nil, corrupt(kindMalformed, "not a JSON object")
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return nil, corrupt(kindMalformed, "%v", err)
	}
	s := &State{}
	raw, ok := obj["schema"]
	if !ok {
		return nil, corrupt(kindSchema, "missing schema")
	}
	v, err := number(raw, 1<<30)
	if err != nil || v < 1 {
		return nil, corrupt(kindSchema, "schema %s is not a positive integer", clip(raw))
	}
	if v > schemaVersion {
		return nil, corrupt(kindNewer, "schema %d is newer than %d", v, schemaVersion)
	}
	s.Schema = v
	if s.Event, err = str(obj["event"]); err != nil {
		return nil, corrupt(kindEvent, "event %s is not a string", clip(obj["event"]))
	}
	switch s.Event {
	case EventState, EventDone, EventAbort:
	default:
		return nil, corrupt(kindEvent, "unknown event %q", clipString(s.Event))
	}
	if s.RunID, err = str(obj["run_id"]); err != nil {
		return nil, corrupt(kindText, "run_id %s is not a string", clip(obj["run_id"]))
	}
	if s.Reason, err = str(obj["reason"]); err != nil {
		return nil, corrupt(kindText, "reason %s is not a string", clip(obj["reason"]))
	}
	if s.UpdatedAt, err = timestamp(obj["updated_at"]); err != nil {
		return nil, corrupt(kindTime, "updated_at: %v", err)
	}
	if s.Stack, err = stack(obj["stack"]); err != nil {
		return nil, err
	}
	return s, nil
}

func stack(raw json.RawMessage) ([]Frame, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, corrupt(kindStack, "stack is not an array")
	}
	if len(items) > maxFrames {
		return nil, corrupt(kindStack, "%d frames, limit %d", len(items), maxFrames)
	}
	frames := make([]Frame, 0, len(items))
	for i, it := range items {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(it, &obj); err != nil || obj == nil {
			return nil, corrupt(kindStack, "frame %d is not an object", i)
		}
		var f Frame
		m, err := str(obj["mode"])
		if err != nil {
			return nil, corrupt(kindMode, "frame %d: mode %s is not a string", i, clip(obj["mode"]))
		}
		if m == "" {
			m = string(ModeLoop)
		}
		if f.Mode, err = ParseMode(m); err != nil {
			return nil, corrupt(kindMode, "frame %d: unknown mode %q", i, clipString(m))
		}
		if f.Iter, err = number(obj["iter"], maxIterations); err != nil {
			return nil, corrupt(kindIteration, "frame %d: iteration %s: %v", i, clip(obj["iter"]), err)
		}
		if f.Max, err = number(obj["max"], maxIterations); err != nil || f.Max < 1 {
			if err == nil {
				err = errors.New("must be at least 1")
			}
			return nil, corrupt(kindMax, "frame %d: max %s: %v", i, clip(obj["max"]), err)
		}
		if f.Prompt, err = str(obj["prompt"]); err != nil || len(f.Prompt) > maxPromptLen {
			return nil, corrupt(kindPrompt, "frame %d: prompt is not a string of at most %d bytes", i, maxPromptLen)
		}
		if sa, ok := obj["started_at"]; ok && string(sa) != "null" {
			if f.StartedAt, err = timestamp(sa); err != nil {
				return nil, corrupt(kindTime, "frame %d: started_at: %v", i, err)
			}
		}
		frames = append(frames, f)
	}
	return frames, nil
}

// number reads a non-negative integer written as a JSON number or as a
// string of decimal digits.
func number(raw json.RawMessage, limit int) (int, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return 0, errors.New("missing")
	}
	text := string(raw)
	if raw[0] == '"' {
		if err := json.Unmarshal(raw, &text); err != nil {
			return 0, errors.New("not a number")
		}
		text = strings.TrimSpace(text)
	}
	if text == "" {
		return 0, errors.New("not a number")
	}
	for _, c := range []byte(text) {
		if c < '0' || c > '9' {
			return 0, errors.New("not a non-negative integer")
		}
	}
	n, err := strconv.Atoi(text)
	if err != nil || n > limit {
		return 0, fmt.Errorf("out of range (limit %d)", limit)
	}
	return n, nil
}

func str(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", err
	}
	return s, nil
}

// timestamp parses an ISO 8601 time with "Z" or a numeric offset.
func timestamp(raw json.RawMessage) (time.Time, error) {
	s, err := str(raw)
	if err != nil {
		return time.Time{}, fmt.Errorf("%s is not a string", clip(raw))
	}
	if s == "" {
		return time.Time{}, errors.New("missing")
	}
	return parseTime(s)
}

// parseTime parses an ISO 8601 timestamp as written by this package, by
// `date -u +%Y-%m-%dT%H:%M:%SZ`, or by Python's isoformat ("+00:00").
func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, fmt.Errorf("loopstate: time %q is not ISO 8601", clipString(s))
	}
	if y := t.UTC().Year(); y < 1 || y > 9999 {
		return time.Time{}, fmt.Errorf("loopstate: time %q is out of range", clipString(s))
	}
	return t, nil
}

func clip(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "(missing)"
	}
	return clipString(string(raw))
}

func clipString(s string) string { return textcut.Runes(s, 40, "…") }
