package transcript

import (
	"encoding/json"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseLine(t *testing.T) {
	t.Parallel()
	ts := time.Date(2026, 11, 22, 10, 0, 1, 500e6, time.UTC)
	tests := []struct {
		name string
		line string
		want Message
		ok   bool
	}{
		{
			name: "user string content",
			line: `{"type":"user","message":{"role":"user","content":"Fix it"},"uuid":"u1","timestamp":"2026-11-22T10:00:01.5Z","isSidechain":false}`,
			want: Message{Role: "user", ID: "u1", Text: "Fix it", Timestamp: ts},
			ok:   true,
		},
		{
			name: "user tool results",
			line: `{"type":"user","message":{"role":"user","content":[` +
				`{"type":"tool_result","tool_use_id":"t1","content":"out"},` +
				`{"type":"tool_result","tool_use_id":"t2","content":[{"type":"text","text":"a"},{"type":"image"},{"type":"text","text":"b"}],"is_error":true}]},"uuid":"u2"}`,
			want: Message{Role: "user", ID: "u2", ToolResults: []ToolResult{
				{ToolUseID: "t1", Text: "out"},
				{ToolUseID: "t2", Text: "a\nb", IsError: true},
			}},
			ok: true,
		},
		{
			name: "stop hook feedback",
			line: `{"type":"user","isMeta":true,"message":{"role":"user","content":"Stop hook feedback:\nTry again."},"uuid":"u3"}`,
			want: Message{Role: "user", ID: "u3", Text: "Stop hook feedback:\nTry again.", IsMeta: true},
			ok:   true,
		},
		{
			name: "compaction summary",
			line: `{"parentUuid":null,"isSidechain":false,"type":"user","message":{"role":"user","content":"This session is being continued from a previous conversation."},"isVisibleInTranscriptOnly":true,"isCompactSummary":true,"uuid":"u4"}`,
			want: Message{Role: "user", ID: "u4", Text: "This session is being continued from a previous conversation.", IsMeta: true},
			ok:   true,
		},
		{
			name: "assistant text uses message.id",
			line: `{"type":"assistant","message":{"id":"msg_1","role":"assistant","content":[{"type":"text","text":"Done."}]},"uuid":"a1","isSidechain":true}`,
			want: Message{Role: "assistant", ID: "msg_1", Text: "Done.", Sidechain: true},
			ok:   true,
		},
		{
			name: "assistant tool use keeps raw input",
			line: `{"type":"assistant","message":{"id":"msg_1","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"ls"}}]},"uuid":"a2"}`,
			want: Message{Role: "assistant", ID: "msg_1", ToolUses: []ToolUse{{ID: "t1", Name: "Bash", Input: json.RawMessage(`{"command":"ls"}`)}}},
			ok:   true,
		},
		{
			name: "assistant thinking only",
			line: `{"type":"assistant","message":{"id":"msg_1","content":[{"type":"thinking","thinking":"hmm","signature":"x"}]},"uuid":"a3"}`,
			want: Message{Role: "assistant", ID: "msg_1"},
			ok:   true,
		},
		{
			name: "assistant without message.id falls back to uuid",
			line: `{"type":"assistant","message":{"content":[{"type":"text","text":"x"}]},"uuid":"a4"}`,
			want: Message{Role: "assistant", ID: "a4", Text: "x"},
			ok:   true,
		},
		{
			name: "escaped text",
			line: `{"type":"assistant","message":{"id":"m","content":[{"type":"text","text":"say \"hi\"\u00e9\n"}]}}`,
			want: Message{Role: "assistant", ID: "m", Text: "say \"hi\"é\n"},
			ok:   true,
		},
		{
			name: "invalid UTF-8 is replaced",
			line: "{\"type\":\"user\",\"message\":{\"content\":\"a\xffb\"},\"uuid\":\"u\"}",
			want: Message{Role: "user", ID: "u", Text: "a\uFFFDb"},
			ok:   true,
		},
		{
			name: "CRLF and spaces",
			line: "  {\"type\":\"user\",\"message\":{\"content\":\"x\"},\"uuid\":\"u\"}\r",
			want: Message{Role: "user", ID: "u", Text: "x"},
			ok:   true,
		},
		{
			name: "byte order mark",
			line: "\xef\xbb\xbf{\"type\":\"user\",\"message\":{\"content\":\"x\"},\"uuid\":\"u\"}",
			want: Message{Role: "user", ID: "u", Text: "x"},
			ok:   true,
		},
		{
			name: "bad timestamp is zero",
			line: `{"type":"user","message":{"content":"x"},"uuid":"u","timestamp":"yesterday"}`,
			want: Message{Role: "user", ID: "u", Text: "x"},
			ok:   true,
		},
		{name: "attachment", line: `{"type":"attachment","message":{"content":"x"}}`},
		{name: "system summary", line: `{"type":"system","subtype":"stop_hook_summary"}`},
		{name: "api-request-blob holds a message too", line: `{"type":"api-request-blob","sessionId":"s","hash":"h","message":{"role":"user","content":[{"type":"text","text":"<system-reminder>"}]}}`},
		{name: "unknown type", line: `{"type":"future-thing","message":{"content":"x"}}`},
		{name: "nested type only", line: `{"message":{"type":"user","content":"x"}}`},
		{name: "type not a string", line: `{"type":1}`},
		{name: "message not an object", line: `{"type":"user","message":"x"}`},
		{name: "no message", line: `{"type":"assistant","uuid":"a"}`},
		{name: "truncated", line: `{"type":"assistant","message":{"id":"m","content":[{"type":"text","text":"cut`},
		{name: "array", line: `[{"type":"user"}]`},
		{name: "blank", line: "   \r"},
		{name: "empty", line: ""},
		{name: "garbage", line: "\x00\xff{"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, ok := parseLine([]byte(tt.line))
			require.Equal(t, tt.ok, ok, "parsed")
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestParseLineDoesNotAliasInput(t *testing.T) {
	t.Parallel()
	line := []byte(`{"type":"assistant","message":{"id":"msg_1","content":[{"type":"tool_use","id":"t1","name":"Edit","input":{"file_path":"a.go"}}]},"uuid":"a"}`)
	m, ok := parseLine(line)
	require.True(t, ok)
	for i := range line {
		line[i] = 'X'
	}
	assert.Equal(t, "msg_1", m.ID)
	assert.Equal(t, "Edit", m.ToolUses[0].Name)
	assert.JSONEq(t, `{"file_path":"a.go"}`, string(m.ToolUses[0].Input))
}

func TestMergeKeepsOrderAndFirstTimestamp(t *testing.T) {
	t.Parallel()
	t1 := time.Date(2026, 1, 1, 0, 0, 1, 0, time.UTC)
	t2 := t1.Add(time.Second)
	cur := Message{Role: "assistant", ID: "m", Text: "second", Timestamp: t2, ToolUses: []ToolUse{{Name: "B"}}}
	older := Message{Role: "assistant", ID: "m", Text: "first", Timestamp: t1, ToolUses: []ToolUse{{Name: "A"}}}
	require.True(t, cur.continues(older))
	cur.merge(older)
	assert.Equal(t, "first\nsecond", cur.Text)
	assert.Equal(t, t1, cur.Timestamp)
	assert.Equal(t, []ToolUse{{Name: "A"}, {Name: "B"}}, cur.ToolUses)

	assert.False(t, (&Message{Role: "assistant", ID: "m"}).continues(Message{Role: "user", ID: "m"}), "user line never continues a reply")
	assert.False(t, (&Message{Role: "assistant"}).continues(Message{Role: "assistant"}), "empty ids never merge")
}

// FuzzParseLine: whatever the line, a parsed message has a known role,
// valid UTF-8 everywhere and tool inputs that are valid JSON.
func FuzzParseLine(f *testing.F) {
	f.Add([]byte(`{"type":"assistant","message":{"id":"m","content":[{"type":"tool_use","id":"t","name":"Bash","input":{"command":"ls"}}]}}`))
	f.Add([]byte("{\"type\":\"user\",\"message\":{\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t\",\"content\":[{\"type\":\"text\",\"text\":\"\xff\"}]}]}}"))
	f.Add([]byte(`{"type":"user","isMeta":true,"message":{"content":"Stop hook feedback:\nx"},"timestamp":"2026-11-22T10:00:00Z"}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		m, ok := parseLine(line)
		if !ok {
			return
		}
		if m.Role != RoleUser && m.Role != RoleAssistant {
			t.Fatalf("role %q", m.Role)
		}
		strs := []string{m.ID, m.Text}
		for _, u := range m.ToolUses {
			strs = append(strs, u.ID, u.Name)
			if u.Input != nil && !json.Valid(u.Input) {
				t.Fatalf("tool input %q is not JSON", u.Input)
			}
		}
		for _, r := range m.ToolResults {
			strs = append(strs, r.ToolUseID, r.Text)
		}
		for _, s := range strs {
			if !utf8.ValidString(s) {
				t.Fatalf("invalid UTF-8 %q", s)
			}
		}
	})
}
