package stophook

import (
	"encoding/json"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/stophook/stophook/internal/jsonlimit"
	"github.com/stophook/stophook/internal/jsonscan"
	"github.com/stophook/stophook/internal/onepass"
)

// decodeInput decodes a hook payload into in in one pass over its bytes,
// without reflection, for [ParseInput]. It reports false whenever its
// answer might differ from encoding/json's: a value of a type the field
// does not take (json's error says which), a key that matches a field only
// when case is ignored (json matches it), a key given twice, anything
// malformed. The caller then decodes with encoding/json, which is the
// reference: FuzzDecodeInput holds the two to the same result.
//
// data is a whole JSON object without surrounding white space; the values
// it holds are validated as json.Unmarshal validates them, those of
// unknown keys included, and their nesting is held to jsonlimit's bounds
// (false beyond them).
//
// On success it also returns a copy of data for in.Raw, made in the same
// allocation as the text the string values are cut from when there is
// one.
func decodeInput(data []byte, in *Input, top *onepass.Members) (raw json.RawMessage, ok bool) {
	d := inputDecoder{data: data, top: top}
	if !d.object(in) || d.pos != len(d.data) {
		return nil, false
	}
	if d.raw == nil {
		return append(json.RawMessage(nil), data...), true
	}
	return d.raw, true
}

type inputDecoder struct {
	data []byte
	pos  int
	seen uint32 // fields set, by inputField
	// depth and containers count the objects and arrays open and read,
	// held to jsonlimit's bounds: a payload within them is one
	// jsonlimit.Check accepts, so that ParseInput checks only the
	// payloads decodeInput gives up on.
	depth, containers int
	// text is data as a string, made for the first string value that
	// needs no rewriting: the values are slices of it, one copy for all
	// of them instead of one each. It is the second half of an
	// allocation whose first half, raw, becomes the input's Raw: one
	// allocation for both copies.
	text string
	raw  json.RawMessage
	// top, when not nil, gets where the object's members are (see
	// [parseMembers]).
	top   *onepass.Members
	keyAt int // where the last key read starts
}

// inputField numbers the fields of Input the decoder sets.
type inputField uint8

const (
	fNone inputField = iota
	fSessionID
	fTranscriptPath
	fCWD
	fHookEventName
	fPermissionMode
	fPromptID
	fAgentID
	fAgentType
	fEffort
	fStopHookActive
	fLastAssistantMessage
	fBackgroundTasks
	fSessionCrons
	fAgentTranscriptPath
	fSource
	fModel
	fPrompt
	fReason
	fError
	fErrorDetails
	fMessage
	fTitle
	fNotificationType
)

// fieldNames are the JSON names of Input's fields, fieldNames[i] that
// of inputField i+1 (TestFieldOf).
var fieldNames = [...]string{
	"session_id",
	"transcript_path",
	"cwd",
	"hook_event_name",
	"permission_mode",
	"prompt_id",
	"agent_id",
	"agent_type",
	"effort",
	"stop_hook_active",
	"last_assistant_message",
	"background_tasks",
	"session_crons",
	"agent_transcript_path",
	"source",
	"model",
	"prompt",
	"reason",
	"error",
	"error_details",
	"message",
	"title",
	"notification_type",
}

// fieldOf returns the field of Input whose JSON name is key, or fNone: a
// switch, which the compiler turns into comparisons of the key's bytes
// without hashing them.
func fieldOf(key []byte) inputField {
	switch string(key) { // no copy: the compiler compares the bytes
	case "session_id":
		return fSessionID
	case "transcript_path":
		return fTranscriptPath
	case "cwd":
		return fCWD
	case "hook_event_name":
		return fHookEventName
	case "permission_mode":
		return fPermissionMode
	case "prompt_id":
		return fPromptID
	case "agent_id":
		return fAgentID
	case "agent_type":
		return fAgentType
	case "effort":
		return fEffort
	case "stop_hook_active":
		return fStopHookActive
	case "last_assistant_message":
		return fLastAssistantMessage
	case "background_tasks":
		return fBackgroundTasks
	case "session_crons":
		return fSessionCrons
	case "agent_transcript_path":
		return fAgentTranscriptPath
	case "source":
		return fSource
	case "model":
		return fModel
	case "prompt":
		return fPrompt
	case "reason":
		return fReason
	case "error":
		return fError
	case "error_details":
		return fErrorDetails
	case "message":
		return fMessage
	case "title":
		return fTitle
	case "notification_type":
		return fNotificationType
	}
	return fNone
}

// stringField returns the string field f of in, or nil.
func (in *Input) stringField(f inputField) *string {
	switch f {
	case fSessionID:
		return &in.SessionID
	case fTranscriptPath:
		return &in.TranscriptPath
	case fCWD:
		return &in.CWD
	case fHookEventName:
		return (*string)(&in.HookEventName)
	case fPermissionMode:
		return &in.PermissionMode
	case fPromptID:
		return &in.PromptID
	case fAgentID:
		return &in.AgentID
	case fAgentType:
		return &in.AgentType
	case fLastAssistantMessage:
		return &in.LastAssistantMessage
	case fAgentTranscriptPath:
		return &in.AgentTranscriptPath
	case fSource:
		return &in.Source
	case fModel:
		return &in.Model
	case fPrompt:
		return &in.Prompt
	case fReason:
		return &in.Reason
	case fError:
		return &in.Error
	case fMessage:
		return &in.Message
	case fTitle:
		return &in.Title
	case fNotificationType:
		return &in.NotificationType
	}
	return nil
}

// matchesFolded reports whether key (ASCII) equals a field name when case
// is ignored: json would decode it into that field.
func matchesFolded(key []byte) bool {
	for _, name := range fieldNames {
		if len(name) == len(key) && equalFoldASCII(name, key) {
			return true
		}
	}
	return false
}

func equalFoldASCII(name string, key []byte) bool {
	for i := range len(name) {
		a, b := name[i], key[i]
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		if a != b {
			return false
		}
	}
	return true
}

// object reads the payload's object into in, as members(true, …) would
// with a function that decodes each member and records it in d.top:
// written out, without a call through a function value a member, and
// with compact JSON's separators taken at one test each.
func (d *inputDecoder) object(in *Input) bool {
	if !d.byte('{') || !d.open() {
		return false
	}
	defer d.close()
	d.space()
	if d.byte('}') {
		return true
	}
	for {
		key, ok := d.key()
		if !ok || !d.colon() {
			return false
		}
		keyAt, start := d.keyAt, d.pos
		if !d.member(in, key) {
			return false
		}
		if d.top != nil {
			d.top.Add(keyAt, keyAt+len(key), start, d.pos)
		}
		if more, ok := d.next(); !more {
			return ok
		}
	}
}

// colon reads the colon after a key and the white space around it.
func (d *inputDecoder) colon() bool {
	if p := d.pos; p+1 < len(d.data) && d.data[p] == ':' && d.data[p+1] > ' ' {
		d.pos = p + 1 // compact JSON: no white space to skip
		return true
	}
	d.space()
	if !d.byte(':') {
		return false
	}
	d.space()
	return true
}

// next reads what follows a member's value: a comma and white space
// (more), or the closing brace (!more, ok); !more and !ok for anything
// else.
func (d *inputDecoder) next() (more, ok bool) {
	if p := d.pos; p+1 < len(d.data) && d.data[p] == ',' && d.data[p+1] > ' ' {
		d.pos = p + 1 // compact JSON: no white space to skip
		return true, true
	}
	d.space()
	if d.byte('}') {
		return false, true
	}
	if !d.byte(',') {
		return false, false
	}
	d.space()
	return true, true
}

// member decodes the value of the top-level member key into in.
func (d *inputDecoder) member(in *Input, key []byte) bool {
	f := fieldOf(key)
	known := f != fNone
	switch {
	case known && d.seen&(1<<f) != 0:
		return false // given twice: json's merging rules are its own
	case known:
		d.seen |= 1 << f
		return d.field(in, f)
	case matchesFolded(key):
		return false
	}
	return d.skip(1)
}

// members reads an object, calling member for each key with d.pos at its
// value, which member reads. With plainKeys a key that is not plain ASCII
// without escapes fails; without, keys are validated and passed as nil.
func (d *inputDecoder) members(plainKeys bool, member func(key []byte) bool) bool {
	if !d.byte('{') || !d.open() {
		return false
	}
	defer d.close()
	d.space()
	if d.byte('}') {
		return true
	}
	for {
		var key []byte
		ok := false
		if plainKeys {
			key, ok = d.key()
		} else if d.pos < len(d.data) && d.data[d.pos] == '"' {
			ok = d.skipStr()
		}
		if !ok || !d.colon() || !member(key) {
			return false
		}
		if more, ok := d.next(); !more {
			return ok
		}
	}
}

// elements reads an array, calling elem with d.pos at each element,
// which elem reads.
func (d *inputDecoder) elements(elem func() bool) bool {
	if !d.byte('[') || !d.open() {
		return false
	}
	defer d.close()
	d.space()
	if d.byte(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		d.space()
		if d.byte(']') {
			return true
		}
		if !d.byte(',') {
			return false
		}
		d.space()
	}
}

// open counts an object or array read from here on; false when it is
// one level or one container more than jsonlimit allows.
func (d *inputDecoder) open() bool {
	d.depth++
	d.containers++
	return d.depth <= jsonlimit.MaxDepth && d.containers <= jsonlimit.MaxContainers
}

// close ends the object or array open opened.
func (d *inputDecoder) close() { d.depth-- }

// field decodes the value of field f.
func (d *inputDecoder) field(in *Input, f inputField) bool {
	if p := in.stringField(f); p != nil && d.pos < len(d.data) && d.data[d.pos] == '"' {
		s, ok := d.str() // a string field given a string: most members
		if ok {
			*p = s
		}
		return ok
	}
	if d.literal("null") {
		// json leaves a field alone on null, but a RawMessage takes the
		// literal: leave that case to json.
		return f != fErrorDetails
	}
	switch f {
	case fStopHookActive:
		switch {
		case d.literal("true"):
			in.StopHookActive = true
		case d.literal("false"):
			in.StopHookActive = false
		default:
			return false
		}
		return true
	case fEffort:
		return d.effort(in)
	case fBackgroundTasks:
		return d.rawArray(&in.BackgroundTasks)
	case fSessionCrons:
		return d.rawArray(&in.SessionCrons)
	case fErrorDetails:
		start := d.pos
		if !d.skip(0) {
			return false
		}
		in.ErrorDetails = append(json.RawMessage(nil), d.data[start:d.pos]...)
		return true
	}
	s, ok := d.str()
	if !ok {
		return false
	}
	*in.stringField(f) = s
	return true
}

// effort decodes {"level": …}.
func (d *inputDecoder) effort(in *Input) bool {
	seen := false
	return d.members(true, func(key []byte) bool {
		switch {
		case string(key) == "level" && !seen:
			seen = true
			if d.literal("null") {
				return true
			}
			s, ok := d.str()
			in.Effort.Level = s
			return ok
		case len(key) == len("level") && equalFoldASCII("level", key):
			return false // given twice, or in another case: json's rules
		}
		return d.skip(2)
	})
}

// rawArray decodes an array into its elements' bytes.
func (d *inputDecoder) rawArray(out *[]json.RawMessage) bool {
	elems := []json.RawMessage{} // json makes [] an empty slice, not nil
	ok := d.elements(func() bool {
		start := d.pos
		if !d.skip(2) {
			return false
		}
		elems = append(elems, append(json.RawMessage(nil), d.data[start:d.pos]...))
		return true
	})
	*out = elems
	return ok
}

func (d *inputDecoder) space() {
	if d.pos < len(d.data) && d.data[d.pos] > ' ' {
		return // compact JSON, as hook clients send it: no call
	}
	d.pos = jsonscan.Space(d.data, d.pos)
}

// byte consumes c when it comes next.
func (d *inputDecoder) byte(c byte) bool {
	if d.pos < len(d.data) && d.data[d.pos] == c {
		d.pos++
		return true
	}
	return false
}

// literal consumes lit (true, false, null) when it comes next.
func (d *inputDecoder) literal(lit string) bool {
	if len(d.data)-d.pos >= len(lit) && string(d.data[d.pos:d.pos+len(lit)]) == lit {
		d.pos += len(lit)
		return true
	}
	return false
}

// key reads an object key: plain ASCII without escapes, else false (json
// folds keys by Unicode rules; leave those to it).
func (d *inputDecoder) key() ([]byte, bool) {
	if !d.byte('"') {
		return nil, false
	}
	start := d.pos
	d.keyAt = start
	d.pos = jsonscan.PlainASCII(d.data, start)
	if d.pos < len(d.data) && d.data[d.pos] == '"' {
		d.pos++
		return d.data[start : d.pos-1], true
	}
	return nil, false
}

// str reads a string value, unescaped as json does: invalid UTF-8 and
// unpaired surrogates become U+FFFD.
func (d *inputDecoder) str() (string, bool) {
	if !d.byte('"') {
		return "", false
	}
	start := d.pos
	end := jsonscan.PlainASCII(d.data, start)
	plain := end < len(d.data) && d.data[end] == '"' // ASCII without escapes: valid as it is
	if plain {
		end++
	} else {
		var esc, ok bool
		if end, esc, ok = jsonscan.StringEnd(d.data, end); !ok {
			return "", false
		}
		plain = !esc && utf8.Valid(d.data[start:end-1])
	}
	d.pos = end
	if s := d.data[start : end-1]; plain {
		if c, ok := common(s); ok {
			return c, true
		}
		if d.text == "" {
			n := len(d.data)
			both := make([]byte, 2*n)
			copy(both, d.data)
			copy(both[n:], d.data)
			// Raw may be changed by its holder; the text never is. Raw's
			// capacity ends where the text starts, so that no append to
			// it can write there.
			d.raw, d.text = both[:n:n], unsafe.String(&both[n], n)
		}
		return d.text[start : end-1], true // most strings need no rewriting
	}
	return d.unquote(start, end-1)
}

// common returns s when it is a value every input repeats (an event's
// name, a permission mode), without the copy.
func common(s []byte) (string, bool) {
	switch string(s) { // no copy: the compiler compares the bytes
	case "":
		return "", true
	case string(EventStop):
		return string(EventStop), true
	case string(EventSubagentStop):
		return string(EventSubagentStop), true
	case string(EventSessionStart):
		return string(EventSessionStart), true
	case string(EventSessionEnd):
		return string(EventSessionEnd), true
	case string(EventUserPromptSubmit):
		return string(EventUserPromptSubmit), true
	case string(EventStopFailure):
		return string(EventStopFailure), true
	case string(EventNotification):
		return string(EventNotification), true
	case "default":
		return "default", true
	case "acceptEdits":
		return "acceptEdits", true
	case "plan":
		return "plan", true
	case "bypassPermissions":
		return "bypassPermissions", true
	}
	return "", false
}

// skipStr validates and passes over a string, as str without making it.
func (d *inputDecoder) skipStr() bool {
	end, _, ok := jsonscan.StringEnd(d.data, d.pos+1) // after the opening quote
	d.pos = end
	return ok
}

// unquote returns the string between start and end, escapes resolved;
// d.pos is left after the string.
func (d *inputDecoder) unquote(start, end int) (string, bool) {
	after := d.pos
	var b strings.Builder
	b.Grow(end - start)
	for d.pos = start; d.pos < end; {
		switch c := d.data[d.pos]; {
		case c == '\\':
			if !d.escape(&b) {
				return "", false
			}
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			d.pos++
		default:
			r, size := utf8.DecodeRune(d.data[d.pos:end])
			if r == utf8.RuneError && size == 1 {
				b.WriteRune(utf8.RuneError)
			} else {
				b.Write(d.data[d.pos : d.pos+size])
			}
			d.pos += size
		}
	}
	d.pos = after
	return b.String(), true
}

// escape writes the character of the escape at d.pos to b.
func (d *inputDecoder) escape(b *strings.Builder) bool {
	if d.pos+1 >= len(d.data) {
		return false
	}
	c := d.data[d.pos+1]
	d.pos += 2
	switch c {
	case '"', '\\', '/':
		b.WriteByte(c)
	case 'b':
		b.WriteByte('\b')
	case 'f':
		b.WriteByte('\f')
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case 'u':
		r, ok := d.hex4()
		if !ok {
			return false
		}
		if utf16.IsSurrogate(r) {
			r2 := rune(-1)
			if d.pos+1 < len(d.data) && d.data[d.pos] == '\\' && d.data[d.pos+1] == 'u' {
				save := d.pos
				d.pos += 2
				if r2, ok = d.hex4(); !ok {
					r2 = -1
				}
				if utf16.DecodeRune(r, r2) == utf8.RuneError {
					d.pos = save // not a pair: the second escape stands alone
				}
			}
			r = utf16.DecodeRune(r, r2)
		}
		b.WriteRune(r)
	default:
		return false
	}
	return true
}

// hex4 reads four hex digits.
func (d *inputDecoder) hex4() (rune, bool) {
	if len(d.data)-d.pos < 4 {
		return 0, false
	}
	for _, c := range d.data[d.pos : d.pos+4] {
		if !jsonscan.IsHex(c) {
			return 0, false
		}
	}
	r := jsonscan.Hex4(d.data, d.pos)
	d.pos += 4
	return r, true
}

// maxSkipDepth bounds the nesting skip follows; ParseInput's limit is
// checked before, this only keeps the recursion bounded on its own.
const maxSkipDepth = 600

// skip validates and passes over one value at nesting depth depth.
func (d *inputDecoder) skip(depth int) bool {
	if d.pos >= len(d.data) || depth > maxSkipDepth {
		return false
	}
	switch c := d.data[d.pos]; {
	case c == '"':
		return d.skipStr()
	case c == '{':
		return d.members(false, func([]byte) bool { return d.skip(depth + 1) })
	case c == '[':
		return d.elements(func() bool { return d.skip(depth + 1) })
	case c == 't':
		return d.literal("true")
	case c == 'f':
		return d.literal("false")
	case c == 'n':
		return d.literal("null")
	case c == '-' || ('0' <= c && c <= '9'):
		return d.number()
	}
	return false
}

// number passes over a number in JSON's grammar.
func (d *inputDecoder) number() bool {
	end, ok := jsonscan.Number(d.data, d.pos)
	d.pos = end
	return ok
}
