package transcript

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/tidwall/gjson"
)

// oldParseLine is parseLine before it was made faster, kept as the oracle
// of FuzzParseLineOracle. It decodes one transcript line. It reports false for every line
// that is not a well-formed user or assistant message: other record types,
// blank lines, malformed JSON. The type is checked first, so skipped lines
// cost one partial scan; message lines are validated before use. Every
// string of the result is a fresh copy holding valid UTF-8.
func oldParseLine(line []byte) (Message, bool) {
	line = bytes.TrimSpace(line) // blank lines, CRLF endings
	line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
	if len(line) == 0 || line[0] != '{' {
		return Message{}, false
	}
	var m Message
	switch typ := gjson.GetBytes(line, "type"); {
	case typ.Type != gjson.String:
		return Message{}, false
	case typ.Str == RoleUser:
		m.Role = RoleUser
	case typ.Str == RoleAssistant:
		m.Role = RoleAssistant
	default:
		return Message{}, false
	}
	if !gjson.ValidBytes(line) {
		return Message{}, false
	}
	var (
		msg     gjson.Result
		uuid    string
		msgID   string
		content gjson.Result
		compact bool
	)
	gjson.ParseBytes(line).ForEach(func(k, v gjson.Result) bool {
		switch k.Str {
		case "message":
			msg = v
		case "uuid":
			uuid = v.String()
		case "timestamp":
			if t, err := time.Parse(time.RFC3339Nano, v.String()); err == nil {
				m.Timestamp = t
			}
		case "isMeta":
			m.IsMeta = v.Type == gjson.True
		case "isCompactSummary":
			compact = v.Type == gjson.True
		case "isSidechain":
			m.Sidechain = v.Type == gjson.True
		}
		return true
	})
	if !msg.IsObject() {
		return Message{}, false
	}
	m.IsMeta = m.IsMeta || compact
	msg.ForEach(func(k, v gjson.Result) bool {
		switch k.Str {
		case "id":
			msgID = v.String()
		case "content":
			content = v
		}
		return true
	})
	m.ID = oldClean(uuid)
	if m.Role == RoleAssistant && msgID != "" {
		m.ID = oldClean(msgID)
	}
	var texts []string
	switch {
	case content.Type == gjson.String:
		texts = append(texts, content.Str)
	case content.IsArray():
		content.ForEach(func(_, b gjson.Result) bool {
			oldAddBlock(&m, b, &texts)
			return true
		})
	}
	m.Text = oldClean(oldJoinNonEmpty(texts))
	return m, true
}

// oldAddBlock adds one content block to m (text to texts), reading the
// block's fields in one pass: a tool result's content can be tens of KB.
func oldAddBlock(m *Message, b gjson.Result, texts *[]string) {
	if !b.IsObject() {
		return
	}
	var typ, id, name, toolUseID string
	var text, input, content gjson.Result
	isError := false
	b.ForEach(func(k, v gjson.Result) bool {
		switch k.Str {
		case "type":
			typ = v.String()
		case "text":
			text = v
		case "id":
			id = v.String()
		case "name":
			name = v.String()
		case "input":
			input = v
		case "tool_use_id":
			toolUseID = v.String()
		case "content":
			content = v
		case "is_error":
			isError = v.Type == gjson.True
		}
		return true
	})
	switch typ {
	case "text":
		if text.Type == gjson.String {
			*texts = append(*texts, text.Str)
		}
	case "tool_use":
		t := ToolUse{ID: oldClean(id), Name: oldClean(name)}
		if input.Exists() {
			t.Input = json.RawMessage(input.Raw) // the conversion copies
			if !utf8.Valid(t.Input) {
				t.Input = json.RawMessage(bytes.ToValidUTF8(t.Input, []byte("\uFFFD")))
			}
		}
		m.ToolUses = append(m.ToolUses, t)
	case "tool_result":
		r := ToolResult{ToolUseID: oldClean(toolUseID), IsError: isError}
		switch {
		case content.Type == gjson.String:
			r.Text = oldClean(content.Str)
		case content.IsArray():
			var parts []string
			content.ForEach(func(_, e gjson.Result) bool {
				var typ, text string
				e.ForEach(func(k, v gjson.Result) bool {
					switch k.Str {
					case "type":
						typ = v.String()
					case "text":
						text = v.String()
					}
					return true
				})
				if typ == "text" {
					parts = append(parts, text)
				}
				return true
			})
			r.Text = oldClean(oldJoinNonEmpty(parts))
		}
		m.ToolResults = append(m.ToolResults, r)
	}
}

func oldJoinNonEmpty(parts []string) string {
	n := 0
	for _, p := range parts {
		if p != "" {
			parts[n] = p
			n++
		}
	}
	return strings.Join(parts[:n], "\n")
}

func oldClean(s string) string {
	if utf8.ValidString(s) {
		return strings.Clone(s)
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// FuzzParseLineOracle: parseLine decodes every line exactly as oldParseLine
// does, and its result shares no memory with the line (overwriting the
// line afterwards changes nothing).
func FuzzParseLineOracle(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.jsonl"))
	files = append(files, filepath.Join("..", "policy", "triage", "testdata", "bench50.jsonl"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		for line := range bytes.Lines(data) {
			f.Add(line)
		}
	}
	f.Add([]byte("{\"type\":\"user\",\"message\":{\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t\\u00e9\",\"content\":[{\"type\":\"text\",\"text\":\"\xff\\n\"},{\"type\":\"text\",\"text\":1},\"x\"]}]},\"uuid\":\"a\\\"\xfe\"}"))
	f.Add([]byte(`{"type":"assistant","message":{"id":"m\n","content":[{"type":"text","text":"a"},{"type":"text","text":"b\u00e9"},{"type":"tool_use","id":7,"name":true,"input":"x"}]},"timestamp":"2026-11-22T10:00:00+02:00"}`))
	for _, line := range []string{
		`{"type":"user","message":{"content":"a"},"uu\u0069d":"k1","uuid":"k2","message":{"content":"b"}}`,
		`{"type":"assistant","message":{"id":1.50,"content":[{"type":"text","text":"x","text":"y"},{"typ\u0065":"text","text":"z"}]}}`,
		`{"type":"assistant","message":{"id":1e3,"content":[{"type":"tool_use","id":null,"name":{"a":[1,2]},"input":[true,false,null,-0.5e-7]}]}}`,
		`{"type":"user","message":{"content":"\ud83d\ude00 \ud800 \ud800\u0041 \udc00\\\/\b\f\r\t"}}`,
		"{ \"type\" : \"user\" ,\t\"message\"\r\n: { \"content\" : [ { \"type\" : \"text\" , \"text\" : \"w\" } ] } }",
		`{"type":"user","message":{"content":"x"}} x`,
		`{"type":"user","message":{"content":"x"},}`,
		`{"type":"user","message":{"content":[1,]}}`,
		`{"type":"user","message":{"content":"x"},"n":01}`,
		`{"type":"user","message":{"content":"x"},"n":-}`,
		`{"type":"user","message":{"content":"x"},"n":1.}`,
		`{"type":"user","message":{"content":"x"},"n":1e+}`,
		`{"type":"user","message":{"content":"x"},"n":tru}`,
		`{"type":"user","message":{"content":"x\u12G4"}}`,
		`{"type":"user","message":{"content":"x\q"}}`,
		"{\"type\":\"user\",\"message\":{\"content\":\"tab\there\"}}",
		`{"type":"user","message":{"content":[{"type":"tool_result","content":[{"type":"text","text":2.0},{"type":"text"},{"type":"text","text":"\u00e9"}],"is_error":true,"is_error":1}]}}`,
		`{"type":"user","message":{"content":"x"},"message":5}`,
		`{"type":"user","message":5,"message":{"content":"x"},"isMeta":true,"isMeta":"true","isSidechain":true}`,
		`{"type":"user","isCompactSummary":true,"message":{"content":"summary"},"isCompactSummary":false}`,
		`{"type":"user","isCompactSummary":true,"message":{"content":"summary"},"isMeta":false}`,
		`{"type":"assistant","message":{"content":[{"type":"text","text":"a"}],"content":"b"}}`,
	} {
		f.Add([]byte(line))
	}
	f.Add([]byte(`{"type":"text","text":"\u00Af\uD83D\uDE00"}`))
	f.Add([]byte(`"\uDBFF\uDFFF\uD800x"`))
	f.Fuzz(func(t *testing.T, line []byte) {
		// The line, and the line as a message and as a content block, so
		// that short inputs reach every field.
		for _, l := range [][]byte{
			line,
			slices.Concat([]byte(`{"type":"user","message":`), line, []byte(`}`)),
			slices.Concat([]byte(`{"type":"assistant","message":{"id":"m","content":[`), line, []byte(`]}}`)),
			slices.Concat([]byte(`{"type":"user","message":{"content":[{"type":"tool_result","content":[`), line, []byte(`]}]}}`)),
		} {
			want, wantOK := oldParseLine(bytes.Clone(l))
			got, ok := parseLine(l)
			for i := range l {
				l[i] = 'X'
			}
			if ok != wantOK || !reflect.DeepEqual(got, want) {
				t.Fatalf("parseLine = %#v, %v\nwant %#v, %v", got, ok, want, wantOK)
			}
		}
	})
}

// FuzzJSONReaderOracle: jsonReader accepts exactly the JSON gjson.Valid
// accepts, and unescapes strings as gjson does.
func FuzzJSONReaderOracle(f *testing.F) {
	f.Add(`{"a":[1,-0.5e+7,true,false,null,"x\u00e9\ud83d\ude00"]}`)
	f.Add(`"\ud800\u0041\udc00\uABCD\n\"\\\/\b\f\r\t"`)
	f.Add(` [ {} , [ ] ] `)
	f.Add(`{"a":01}`)
	f.Fuzz(func(t *testing.T, s string) {
		r := jsonReader{s: s}
		r.space()
		ok := r.i < len(s) && r.skip()
		r.space()
		ok = ok && r.i == len(s)
		if want := gjson.Valid(s); ok != want {
			t.Fatalf("jsonReader accepts %q: %v, gjson.Valid: %v", s, ok, want)
		}
		if q := `"` + s + `"`; gjson.Valid(q) {
			if got, want := unescape(s), gjson.Parse(q).Str; got != want {
				t.Fatalf("unescape(%q) = %q, gjson: %q", s, got, want)
			}
		}
	})
}

// BenchmarkParseLine decodes the lines of a 50-message tail
// (policy/triage/testdata/bench50.jsonl) in memory, with parseLine and with
// oldParseLine.
func BenchmarkParseLine(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "policy", "triage", "testdata", "bench50.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	lines := slices.Collect(bytes.Lines(data))
	for _, bc := range []struct {
		name  string
		parse func([]byte) (Message, bool)
	}{{"new", parseLine}, {"old", oldParseLine}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lines {
					bc.parse(l)
				}
			}
		})
	}
}
