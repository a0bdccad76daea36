package transcript

import (
	"math"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/stophook/stophook/internal/jsonlimit"
	"github.com/stophook/stophook/internal/jsonscan"
	"github.com/tidwall/gjson"
)

// jsonReader validates a message line and picks its fields in one pass,
// instead of gjson's validation followed by a scan per level of nesting.
// It accepts exactly what gjson.Valid accepts (RFC 8259 JSON, with any
// bytes but control characters inside strings), and reads each field the
// way gjson's Result.ForEach and Result.String would: the last of
// duplicate keys wins, escaped keys match, non-string values stringify as
// gjson does. FuzzParseLineOracle holds it to the gjson decoder it
// replaced.
//
// Objects and arrays nest at most [jsonlimit.MaxDepth] levels and a
// message keeps at most maxBlocks content blocks: a deeper or larger
// line is malformed. The reader recurses per level, so without the bound
// a line of millions of '[' would exhaust the stack, which no recover
// can catch.
type jsonReader struct {
	s     string // the line
	i     int    // next byte to read
	depth int    // objects and arrays open at r.i
}

// validJSON reports whether s is JSON that gjson accepts, nesting no
// deeper than [jsonlimit.MaxDepth]: gjson's validator recurses per level,
// so the depth is checked first, without recursion.
func validJSON[T ~string | ~[]byte](s T) bool {
	if jsonlimit.Check(s, 0, math.MaxInt) != nil {
		return false
	}
	switch v := any(s).(type) {
	case string:
		return gjson.Valid(v)
	case []byte:
		return gjson.ValidBytes(v)
	}
	return gjson.Valid(string(s))
}

// maxBlocks bounds the content blocks of one message line (Claude Code
// writes one per line), so a line of many empty blocks cannot cost
// memory out of proportion to its size.
const maxBlocks = 4096

// token is one JSON value as it appears in the line; the zero token is a
// missing value.
type token struct {
	raw string // the value's bytes, quotes included
	esc bool   // a string holding escapes
}

// blockFields are the fields of one content block that parseLine uses.
type blockFields struct {
	typ, text, id, name, input, toolUseID, content token
	parts                                          []token // texts of an array content
	isError                                        bool
}

// message reads the line's top-level object into m and reports whether the
// line is valid JSON whose message is an object.
func (r *jsonReader) message(m *Message) bool {
	var (
		isObj       bool
		uuid, msgID token
		content     token
		blocks      []blockFields
		compact     bool // isCompactSummary: the summary a compaction goes on from
	)
	ok := r.object(func(key string) bool {
		switch key {
		case "message":
			if r.s[r.i] != '{' {
				isObj = false
				return r.skip()
			}
			isObj, msgID, content = true, token{}, token{}
			return r.object(func(key string) bool {
				switch key {
				case "id":
					return r.value(&msgID)
				case "content":
					blocks = blocks[:0]
					if r.s[r.i] != '[' {
						return r.value(&content)
					}
					content = token{raw: "["} // blocks holds the array
					return r.array(func() bool {
						if r.s[r.i] != '{' {
							return r.skip()
						}
						if len(blocks) == maxBlocks {
							return false
						}
						blocks = append(blocks, blockFields{})
						b := &blocks[len(blocks)-1]
						if !r.block(b) {
							return false
						}
						if !b.used() {
							blocks = blocks[:len(blocks)-1] // keep only what addBlock reads
						}
						return true
					})
				}
				return r.skip()
			})
		case "uuid":
			return r.value(&uuid)
		case "timestamp":
			var t token
			if !r.value(&t) {
				return false
			}
			if ts, err := time.Parse(time.RFC3339Nano, t.string()); err == nil {
				m.Timestamp = ts
			}
			return true
		case "isMeta":
			var t token
			ok := r.value(&t)
			m.IsMeta = t.raw == "true"
			return ok
		case "isCompactSummary":
			var t token
			ok := r.value(&t)
			compact = t.raw == "true"
			return ok
		case "isSidechain":
			var t token
			ok := r.value(&t)
			m.Sidechain = t.raw == "true"
			return ok
		}
		return r.skip()
	})
	r.space()
	if !ok || r.i != len(r.s) || !isObj {
		return false
	}
	m.IsMeta = m.IsMeta || compact
	if id := msgID.string(); m.Role == RoleAssistant && id != "" {
		m.ID = r.own(id)
	} else {
		m.ID = r.own(uuid.string())
	}
	var strs []string
	switch {
	case content.raw != "" && content.raw[0] == '"':
		strs = append(strs, content.string())
	case content.raw == "[":
		for i := range blocks {
			strs = r.addBlock(m, &blocks[i], strs)
		}
	}
	m.Text = r.join(strs)
	return true
}

// block reads one content block object.
func (r *jsonReader) block(b *blockFields) bool {
	return r.object(func(key string) bool {
		switch key {
		case "type":
			return r.value(&b.typ)
		case "text":
			return r.value(&b.text)
		case "id":
			return r.value(&b.id)
		case "name":
			return r.value(&b.name)
		case "input":
			return r.value(&b.input)
		case "tool_use_id":
			return r.value(&b.toolUseID)
		case "is_error":
			var t token
			ok := r.value(&t)
			b.isError = t.raw == "true"
			return ok
		case "content":
			b.parts = b.parts[:0]
			if r.s[r.i] != '[' {
				return r.value(&b.content)
			}
			b.content = token{raw: "["} // b.parts holds the texts
			return r.array(func() bool {
				if r.s[r.i] != '{' {
					return r.skip()
				}
				var typ, text token
				ok := r.object(func(key string) bool {
					switch key {
					case "type":
						return r.value(&typ)
					case "text":
						return r.value(&text)
					}
					return r.skip()
				})
				if typ.isText() {
					b.parts = append(b.parts, text)
				}
				return ok
			})
		}
		return r.skip()
	})
}

// used reports whether addBlock does anything with b.
func (b *blockFields) used() bool {
	switch b.typ.string() {
	case "text", "tool_use", "tool_result":
		return true
	}
	return false
}

// addBlock adds block b to m, its text to strs.
func (r *jsonReader) addBlock(m *Message, b *blockFields, strs []string) []string {
	switch b.typ.string() {
	case "text":
		if b.text.raw != "" && b.text.raw[0] == '"' {
			strs = append(strs, b.text.string())
		}
	case "tool_use":
		t := ToolUse{ID: r.own(b.id.string()), Name: r.own(b.name.string())}
		if b.input.raw != "" {
			if utf8.ValidString(b.input.raw) {
				t.Input = []byte(b.input.raw)
			} else {
				t.Input = []byte(strings.ToValidUTF8(b.input.raw, "\uFFFD"))
			}
		}
		m.ToolUses = append(m.ToolUses, t)
	case "tool_result":
		res := ToolResult{ToolUseID: r.own(b.toolUseID.string()), IsError: b.isError}
		switch {
		case b.content.raw == "[":
			parts := make([]string, len(b.parts))
			for i, p := range b.parts {
				parts[i] = p.string()
			}
			res.Text = r.join(parts)
		case b.content.raw != "" && b.content.raw[0] == '"':
			res.Text = r.own(b.content.string())
		}
		m.ToolResults = append(m.ToolResults, res)
	}
	return strs
}

// isText reports whether t is the string "text".
func (t token) isText() bool {
	return t.raw == `"text"` || t.esc && t.string() == "text"
}

// string is gjson's Result.String of the value: a string unescaped, a
// missing value or null empty, anything else as gjson formats it.
func (t token) string() string {
	switch {
	case t.raw == "":
		return ""
	case t.raw[0] != '"':
		return gjson.Parse(t.raw).String()
	case t.esc:
		return unescape(t.raw[1 : len(t.raw)-1])
	}
	return t.raw[1 : len(t.raw)-1]
}

// own returns s as valid UTF-8 that does not share memory with the line:
// an unescaped string or a join is already a fresh copy; only a string cut
// from the line is copied.
func (r *jsonReader) own(s string) string {
	switch {
	case s == "":
		return ""
	case !utf8.ValidString(s):
		return strings.ToValidUTF8(s, "\uFFFD") // builds a new string
	case r.holds(s):
		return strings.Clone(s)
	}
	return s
}

// holds reports whether s starts inside the line.
func (r *jsonReader) holds(s string) bool {
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	b := uintptr(unsafe.Pointer(unsafe.StringData(r.s)))
	return p >= b && p < b+uintptr(len(r.s))
}

// join returns the non-empty parts joined with "\n", owned (see own).
func (r *jsonReader) join(parts []string) string {
	n := 0
	for _, p := range parts {
		if p != "" {
			parts[n] = p
			n++
		}
	}
	if n == 1 {
		return r.own(parts[0])
	}
	return r.own(strings.Join(parts[:n], "\n"))
}

// space skips JSON whitespace.
func (r *jsonReader) space() { r.i = jsonscan.Space(r.s, r.i) }

// object reads the object at r.i, calling member for each key with r.i at
// the first byte of its value (there is one); member must read the value.
func (r *jsonReader) object(member func(key string) bool) bool {
	if r.depth >= jsonlimit.MaxDepth {
		return false
	}
	r.depth++
	ok := r.members(member)
	r.depth--
	return ok
}

// members reads the object at r.i for object.
func (r *jsonReader) members(member func(key string) bool) bool {
	r.i++ // '{'
	r.space()
	if r.i < len(r.s) && r.s[r.i] == '}' {
		r.i++
		return true
	}
	for {
		if r.i >= len(r.s) || r.s[r.i] != '"' {
			return false
		}
		start := r.i
		r.i++
		esc, ok := r.stringEnd()
		if !ok {
			return false
		}
		key := r.s[start+1 : r.i-1]
		if esc {
			key = unescape(key)
		}
		r.space()
		if r.i >= len(r.s) || r.s[r.i] != ':' {
			return false
		}
		r.i++
		r.space()
		if r.i >= len(r.s) || !member(key) {
			return false
		}
		r.space()
		if r.i >= len(r.s) {
			return false
		}
		switch r.s[r.i] {
		case ',':
			r.i++
			r.space()
		case '}':
			r.i++
			return true
		default:
			return false
		}
	}
}

// array reads the array at r.i, calling elem with r.i at the first byte of
// each element (there is one); elem must read the element.
func (r *jsonReader) array(elem func() bool) bool {
	if r.depth >= jsonlimit.MaxDepth {
		return false
	}
	r.depth++
	ok := r.elems(elem)
	r.depth--
	return ok
}

// elems reads the array at r.i for array.
func (r *jsonReader) elems(elem func() bool) bool {
	r.i++ // '['
	r.space()
	if r.i < len(r.s) && r.s[r.i] == ']' {
		r.i++
		return true
	}
	for {
		if r.i >= len(r.s) || !elem() {
			return false
		}
		r.space()
		if r.i >= len(r.s) {
			return false
		}
		switch r.s[r.i] {
		case ',':
			r.i++
			r.space()
		case ']':
			r.i++
			return true
		default:
			return false
		}
	}
}

// value reads the value at r.i into t.
func (r *jsonReader) value(t *token) bool {
	start := r.i
	if r.s[r.i] == '"' {
		r.i++
		esc, ok := r.stringEnd()
		*t = token{raw: r.s[start:r.i], esc: esc}
		return ok
	}
	ok := r.skip()
	*t = token{raw: r.s[start:r.i]}
	return ok
}

// skip reads the value at r.i (there is a byte).
func (r *jsonReader) skip() bool {
	switch c := r.s[r.i]; c {
	case '{':
		return r.object(func(string) bool { return r.skip() })
	case '[':
		return r.array(r.skip)
	case '"':
		r.i++
		_, ok := r.stringEnd()
		return ok
	case 't':
		return r.literal("true")
	case 'f':
		return r.literal("false")
	case 'n':
		return r.literal("null")
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return r.number()
	}
	return false
}

func (r *jsonReader) literal(lit string) bool {
	if !strings.HasPrefix(r.s[r.i:], lit) {
		return false
	}
	r.i += len(lit)
	return true
}

// number reads a number as gjson's validnumber does.
func (r *jsonReader) number() bool {
	end, ok := jsonscan.Number(r.s, r.i)
	if ok {
		r.i = end
	}
	return ok
}

// stringEnd reads the rest of a string whose opening quote is before r.i,
// leaving r.i after its closing quote. It reports whether the string holds
// escapes.
func (r *jsonReader) stringEnd() (esc, ok bool) {
	end, esc, ok := jsonscan.StringEnd(r.s, r.i)
	if ok {
		r.i = end
	}
	return esc, ok
}

// unescape decodes the escapes of a valid JSON string's contents as gjson
// does: a lone surrogate becomes U+FFFD, as does a surrogate followed by
// an escape that does not complete it (both are consumed).
func unescape(s string) string {
	b := make([]byte, 0, len(s))
	for {
		j := strings.IndexByte(s, '\\')
		if j < 0 {
			b = append(b, s...)
			break
		}
		b = append(b, s[:j]...)
		c := s[j+1]
		s = s[j+2:]
		switch c {
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r := jsonscan.Hex4(s, 0)
			s = s[4:]
			if utf16.IsSurrogate(r) && len(s) >= 6 && s[0] == '\\' && s[1] == 'u' {
				r = utf16.DecodeRune(r, jsonscan.Hex4(s, 2))
				s = s[6:]
			}
			b = utf8.AppendRune(b, r)
		default: // '"', '\\', '/'
			b = append(b, c)
		}
	}
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b)) // b is not used again
}
