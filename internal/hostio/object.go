package hostio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/tidwall/gjson"
)

// MaxInput is the largest input [Normalize] accepts.
const MaxInput = 16 << 20

// ErrInvalidInput reports an input that is not a JSON object, is larger
// than [MaxInput] or nests deeper than 10 000 levels.
var ErrInvalidInput = errors.New("hostio: invalid hook input")

// object is a decoded JSON object whose values stay raw, so that fields
// this package does not know pass through untouched.
type object map[string]json.RawMessage

// parseObject decodes raw as a JSON object. encoding/json refuses nesting
// deeper than 10 000 levels, so such input is an error too.
func parseObject(raw []byte) (object, error) {
	raw = bytes.TrimPrefix(bytes.TrimSpace(raw), []byte("\xef\xbb\xbf"))
	if len(raw) > MaxInput {
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrInvalidInput, MaxInput)
	}
	if len(raw) == 0 || raw[0] != '{' {
		return nil, fmt.Errorf("%w: not a JSON object", ErrInvalidInput)
	}
	var o object
	if err := json.Unmarshal(raw, &o); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidInput, err)
	}
	if o == nil {
		o = object{}
	}
	return o, nil
}

// str returns the string value of key; ok is false when key is missing or
// not a string.
func (o object) str(key string) (s string, ok bool) {
	v, found := o[key]
	if !found || len(v) == 0 || v[0] != '"' {
		return "", false
	}
	if err := json.Unmarshal(v, &s); err != nil {
		return "", false
	}
	return s, true
}

// isNull reports whether key is missing or null.
func (o object) isNull(key string) bool {
	v, ok := o[key]
	return !ok || string(v) == "null"
}

// setStr sets key to the string s.
func (o object) setStr(key, s string) {
	b, _ := json.Marshal(s) // a string always encodes
	o[key] = b
}

// setBool sets key to b.
func (o object) setBool(key string, b bool) {
	if b {
		o[key] = json.RawMessage("true")
	} else {
		o[key] = json.RawMessage("false")
	}
}

// copyStr sets to from the string field from when to is missing or null
// and from holds a string.
func (o object) copyStr(from, to string) {
	if !o.isNull(to) {
		return
	}
	if s, ok := o.str(from); ok {
		o.setStr(to, s)
	}
}

// claudeFields are the fields of Claude Code's input that stophook
// decodes, with the first byte their JSON value must start with ('t' for a
// boolean).
var claudeFields = map[string]byte{
	"session_id": '"', "transcript_path": '"', "cwd": '"', "hook_event_name": '"',
	"permission_mode": '"', "prompt_id": '"', "agent_id": '"', "agent_type": '"',
	"last_assistant_message": '"', "agent_transcript_path": '"', "source": '"',
	"model": '"', "prompt": '"', "reason": '"', "error": '"', "message": '"',
	"title": '"', "notification_type": '"',
	"stop_hook_active": 't',
	"effort":           '{',
	"background_tasks": '[', "session_crons": '[',
}

// setAside moves every field that decodes into one of claudeFields but
// has the wrong type to "<host>_<name>", so that decoding the result as
// Claude Code input cannot fail on it. encoding/json matches names without
// regard to case, and so does this. Null stays: it decodes as the zero
// value.
func (o object) setAside(host string) {
	for key, v := range o {
		if string(v) == "null" {
			continue
		}
		for name, want := range claudeFields {
			if !strings.EqualFold(key, name) {
				continue
			}
			ok := len(v) > 0 && v[0] == want
			switch {
			case want == 't':
				ok = string(v) == "true" || string(v) == "false"
			case ok && name == "effort":
				level := gjson.GetBytes(v, "level")
				ok = !level.Exists() || level.Type == gjson.String || level.Type == gjson.Null
			}
			if !ok {
				o[host+"_"+key] = v
				delete(o, key)
			}
			break
		}
	}
}

// marshal encodes o with sorted keys, without escaping <, > and &.
// Invalid UTF-8, which can only sit inside strings, becomes U+FFFD.
func (o object) marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(map[string]json.RawMessage(o)); err != nil {
		return nil, fmt.Errorf("hostio: encode: %w", err)
	}
	return bytes.ToValidUTF8(bytes.TrimSuffix(b.Bytes(), []byte("\n")), []byte("\uFFFD")), nil
}
