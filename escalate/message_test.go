package escalate

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stophook/stophook/escalate/internal/plain"
	"github.com/stretchr/testify/assert"
)

func TestFormatFull(t *testing.T) {
	t.Parallel()
	got := Format(Request{
		Label:       "myapp · 1b2c3d4e",
		Summary:     "The agent fixed the parser and ran the tests.",
		LastMessage: "All tests pass. Should I also update the docs?",
		RecentTools: []string{"Edit(src/foo.ts)", "Bash(npm test)", "Read(package.json)"},
	}, Footer)
	want := "🛑 Agent stopped — myapp · 1b2c3d4e\n\n" +
		"📋 Summary:\nThe agent fixed the parser and ran the tests.\n\n" +
		"Last message:\nAll tests pass. Should I also update the docs?\n\n" +
		"Recent tools: Edit(src/foo.ts), Bash(npm test), Read(package.json)\n\n" +
		"Reply to send instructions. Buttons to continue or let stop."
	assert.Equal(t, want, got)
}

func TestFormatOmitsMissingParts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		req  Request
		want string
	}{
		{"no summary no tools", Request{Label: "x", LastMessage: "done"},
			"🛑 Agent stopped — x\n\nLast message:\ndone\n\n" + Footer},
		{"blank summary and tools", Request{Label: "x", LastMessage: "done", Summary: " \n ", RecentTools: []string{"", "  "}},
			"🛑 Agent stopped — x\n\nLast message:\ndone\n\n" + Footer},
		{"nothing", Request{}, "🛑 Agent stopped — session\n\n" + Footer},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, Format(tt.req, Footer))
		})
	}
}

func TestFormatKeepsLast800Characters(t *testing.T) {
	t.Parallel()
	last := "START" + strings.Repeat("é", 1000) + "END"
	got := Format(Request{Label: "x", LastMessage: last}, "")
	body := strings.TrimPrefix(got, "🛑 Agent stopped — x\n\nLast message:\n")
	assert.Equal(t, plain.LastMessageRunes, utf8.RuneCountInString(body), "got %d runes, want %d", utf8.RuneCountInString(body), plain.LastMessageRunes)
	assert.True(t, strings.HasPrefix(body, "…"), "cut message starts with an ellipsis")
	assert.True(t, strings.HasSuffix(body, "END"))
	assert.NotContains(t, body, "START")
}

func TestFormatFitsTelegramLimit(t *testing.T) {
	t.Parallel()
	req := Request{
		Label:       strings.Repeat("L", 500),
		Summary:     strings.Repeat("😀", 5000), // two UTF-16 units each
		LastMessage: strings.Repeat("😀", 5000),
		RecentTools: []string{strings.Repeat("T", 300), "Bash(npm test)"},
	}
	for i := range 100 {
		req.RecentTools = append(req.RecentTools, "Edit(src/file"+strings.Repeat("x", i%7)+".go)")
	}
	got := Format(req, Footer)
	assert.LessOrEqual(t, plain.UTF16Len(got), plain.MaxMessageLen)
	assert.True(t, utf8.ValidString(got))
	assert.Contains(t, got, "📋 Summary:\n😀", "the summary is cut, not dropped")
	assert.True(t, strings.HasSuffix(got, Footer), "the footer survives")
	assert.Contains(t, got, "Recent tools: ")
	assert.Contains(t, got, "…")
	line := strings.SplitN(got, "\n", 2)[0]
	assert.LessOrEqual(t, utf8.RuneCountInString(line), len("🛑 Agent stopped — ")+maxLabelRunes)
}

func TestFormatCleansUntrustedText(t *testing.T) {
	t.Parallel()
	got := Format(Request{
		Label:       "evil\nlabel\x1b[31m",
		LastMessage: "line1\r\nline2\x00\x07 \xff\xfe end\u2028",
	}, "")
	assert.Equal(t, "🛑 Agent stopped — evil label[31m\n\nLast message:\nline1\nline2  end", got)
	assert.True(t, utf8.ValidString(got))
}

func TestCleanReply(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "run the tests", plain.CleanReply("  run the tests\x00 \n"))
	long := plain.CleanReply(strings.Repeat("a", 5000))
	assert.Equal(t, plain.MaxReplyRunes, utf8.RuneCountInString(long))
	assert.True(t, strings.HasSuffix(long, "…"))
	assert.Equal(t, "", plain.CleanReply("\x00\x01 \xff"))
}

func TestUTF16(t *testing.T) {
	t.Parallel()
	assert.Equal(t, 3, plain.UTF16Len("a😀"))
}
