package hostio

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/transcript"
)

// Claude Code event names, which [Normalize] maps every host's events to:
// the ones a stophook policy sees are [stophook.Event]'s, defined there.
const (
	EventStop             = string(stophook.EventStop)
	EventSubagentStop     = string(stophook.EventSubagentStop)
	EventSessionStart     = string(stophook.EventSessionStart)
	EventSessionEnd       = string(stophook.EventSessionEnd)
	EventUserPromptSubmit = string(stophook.EventUserPromptSubmit)
	EventPreToolUse       = "PreToolUse"
	EventPostToolUse      = "PostToolUse"
	EventPreCompact       = "PreCompact"
)

// HostEventField is the field in which [Normalize] keeps the host's own
// event name when it differs from Claude Code's.
const HostEventField = "host_hook_event_name"

// lastReader reads the last assistant message of the current turn from a
// host's transcript; it returns "" when it finds none.
type lastReader func(host, path string, calledAt time.Time) string

// Normalize re-expresses raw, an input sent by host, with Claude Code's
// field names (see the package doc). Claude Code's input, and that of an
// unknown host, is returned as is once checked to start like a JSON object
// and to fit [MaxInput]: the caller decodes it, and that decoding is the
// one check that it is valid JSON. Another host's input that is not a JSON
// object, is larger than [MaxInput] or nests deeper than 10 000 levels is
// an error wrapping [ErrInvalidInput].
//
// Where a Stop input carries no last assistant message (Copilot, droid,
// Cursor) or several replies run together (Gemini's prompt_response),
// Normalize reads the last reply of the current turn from the host's
// transcript with [transcript.Options.LastAssistantText]: backwards,
// within [MaxTranscriptRead] bytes, waiting up to 2 s (transcript.Options.Wait)
// for Copilot's events.jsonl, which lags the hook call. A transcript that
// cannot be read leaves the field missing.
func Normalize(host string, raw []byte) ([]byte, error) {
	return normalize(host, raw, readLast)
}

// MaxTranscriptRead bounds the bytes [Normalize] reads from the end of a
// transcript.
const MaxTranscriptRead = 16 << 20

// readLast reads the last assistant message of the current turn from the
// transcript at path in host's format.
func readLast(host, path string, calledAt time.Time) string {
	o := transcript.Options{Format: transcript.ForHost(host), MaxBytes: MaxTranscriptRead, CalledAt: calledAt}
	text, err := o.LastAssistantText("", path)
	if err != nil {
		return ""
	}
	return text
}

func normalize(host string, raw []byte, read lastReader) ([]byte, error) {
	if host == Claude || !Known(host) {
		raw = bytes.TrimPrefix(bytes.TrimSpace(raw), []byte("\xef\xbb\xbf"))
		if len(raw) > MaxInput {
			return nil, fmt.Errorf("%w: larger than %d bytes", ErrInvalidInput, MaxInput)
		}
		if len(raw) == 0 || raw[0] != '{' {
			return nil, fmt.Errorf("%w: not a JSON object", ErrInvalidInput)
		}
		// Passed on unchanged: the caller's decoding (stophook.ParseInput)
		// is the one check that the whole payload is valid JSON.
		return raw, nil
	}
	o, err := parseObject(raw)
	if err != nil {
		return nil, err
	}
	switch host {
	case Codex:
		normalizeCodex(o, read)
	case Gemini:
		normalizeGemini(o, read)
	case Qwen:
		// Qwen Code uses Claude Code's names, with prompt_id and
		// last_assistant_message. Qwen Code 0.15 sets stop_hook_active
		// even on the first Stop of a turn, which only the library's own
		// turn accounting can correct.
		o.fillLast(Qwen, read)
	case Copilot:
		normalizeCopilot(o, read)
	case Droid:
		normalizeDroid(o, read)
	case Cursor:
		normalizeCursor(o, read)
	}
	o.setAside(host)
	return o.marshal()
}

// mapEvent renames hook_event_name through table (host name → Claude
// name), keeping the host's name under [HostEventField].
func (o object) mapEvent(table map[string]string) {
	e, ok := o.str("hook_event_name")
	if !ok {
		return
	}
	if c := table[e]; c != "" && c != e {
		o.setStr(HostEventField, e)
		o.setStr("hook_event_name", c)
	}
}

// isStop reports whether the (normalized) input is a Stop or SubagentStop.
func (o object) isStop() bool {
	e, _ := o.str("hook_event_name")
	return e == EventStop || e == EventSubagentStop
}

// fillLast sets last_assistant_message from the host's transcript when the
// input is a stop without one.
// calledAt returns the input's timestamp (Copilot CLI: milliseconds since
// the epoch in its native input, RFC 3339 in its Claude-format input);
// zero when it has none.
func (o object) calledAt() time.Time {
	raw := bytes.TrimSpace(o["timestamp"])
	if len(raw) == 0 {
		return time.Time{}
	}
	if raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
				return t
			}
		}
		return time.Time{}
	}
	var ms float64
	if json.Unmarshal(raw, &ms) != nil || ms <= 0 || ms > 1e15 {
		return time.Time{}
	}
	return time.UnixMilli(int64(ms))
}

func (o object) fillLast(host string, read lastReader) {
	if read == nil || !o.isStop() {
		return
	}
	if s, _ := o.str("last_assistant_message"); s != "" {
		return
	}
	path, _ := o.str("transcript_path")
	if path == "" {
		return
	}
	if s := read(host, path, o.calledAt()); s != "" {
		o.setStr("last_assistant_message", s)
	}
}
