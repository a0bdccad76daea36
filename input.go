package stophook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/stophook/stophook/internal/jsonlimit"
	"github.com/stophook/stophook/internal/onepass"
	"github.com/tidwall/gjson"
)

// errInvalidInput reports a hook payload that is not a JSON object.
var errInvalidInput = errors.New("stophook: invalid hook input")

// ParseInput decodes a hook payload. It accepts any JSON object: unknown
// fields are kept in Raw; a field of the wrong type is an error wrapping
// [errInvalidInput]. So is a payload nesting objects and arrays more than
// 512 levels deep or holding more than 131072 of them: no hook input comes
// close, and later readers of Raw need not guard against it. Now is set to
// time.Now().
func ParseInput(data []byte) (Input, error) {
	onePass.Do(func() { onepass.Set(parseMembers) })
	var in Input
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return in, fmt.Errorf("%w: not a JSON object", errInvalidInput)
	}
	// A payload this long may hold more objects and arrays than
	// jsonlimit allows: refuse it before decoding it makes any. A shorter
	// one cannot; decodeInput holds its nesting to jsonlimit's bounds
	// itself.
	checked := len(trimmed) >= 2*jsonlimit.MaxContainers
	if checked {
		if err := jsonlimit.Check(trimmed, 0, 0); err != nil {
			return in, fmt.Errorf("%w: %v", errInvalidInput, err)
		}
	}
	// One pass decodes the common payload; json.Unmarshal decodes the
	// rest and says what is wrong with a bad one, after jsonlimit.Check
	// refused what nests too much. Either checks that the whole payload
	// is valid JSON: the one validity check of the input.
	if raw, ok := decodeInput(trimmed, &in, nil); ok {
		in.Raw = raw
		in.Now = time.Now()
		return in, nil
	}
	if !checked {
		if err := jsonlimit.Check(trimmed, 0, 0); err != nil {
			return in, fmt.Errorf("%w: %v", errInvalidInput, err)
		}
	}
	in, err := unmarshalInput(trimmed)
	if err != nil {
		var syntax *json.SyntaxError
		if errors.As(err, &syntax) {
			return Input{}, fmt.Errorf("%w: not a JSON object", errInvalidInput)
		}
		return Input{}, fmt.Errorf("%w: %v", errInvalidInput, err)
	}
	in.Raw = append(json.RawMessage(nil), trimmed...)
	in.Now = time.Now()
	return in, nil
}

// unmarshalInput decodes data with encoding/json: in a function of its
// own, so that the Input of ParseInput's fast path stays on the stack
// (json.Unmarshal keeps its argument).
func unmarshalInput(data []byte) (Input, error) {
	var in Input
	err := json.Unmarshal(data, &in)
	return in, err
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

// onePass registers parseMembers with package onepass at the first
// ParseInput: not at start-up (no library registers itself then), and
// package hook decodes its first input with ParseInput anyway.
var onePass sync.Once

// parseMembers is ParseInput for package hook (see package onepass),
// decoding into in: it also records in top where the payload's top-level
// members are, in data trimmed of white space. It reports false, in and
// top meaning nothing,
// unless its one-pass decoder reads data whole: ParseInput would decode
// it otherwise (or fail), or data has more than onepass.MaxMembers
// members, an escaped or non-ASCII key.
func parseMembers(data []byte, in *Input, top *onepass.Members) bool {
	*in, top.N = Input{}, 0
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || trimmed[0] != '{' || len(trimmed) >= 2*jsonlimit.MaxContainers {
		return false
	}
	raw, ok := decodeInput(trimmed, in, top)
	if !ok || top.N > onepass.MaxMembers {
		return false
	}
	in.Raw = raw
	in.Now = time.Now()
	return true
}
