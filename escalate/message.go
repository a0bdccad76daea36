package escalate

import (
	"strings"
	"unicode/utf8"

	"github.com/stophook/stophook/escalate/internal/plain"
)

// Limits applied by [Format].
const (
	maxLabelRunes = 120
	maxToolRunes  = 80
	maxToolsRunes = 600
)

// Footer is the last line of an interactive stop message.
const Footer = "Reply to send instructions. Buttons to continue or let stop."

// Format renders req as plain text (no markup, so nothing needs escaping):
//
//	🛑 Agent stopped — <label>
//
//	📋 Summary:
//	<summary>
//
//	Last message:
//	<last 800 characters>
//
//	Recent tools: Edit(src/foo.ts), Bash(npm test)
//
//	<footer>
//
// The summary block, the last message block, the tools line and the footer
// are omitted when empty. Control characters and invalid UTF-8 are removed.
// The result fits Telegram's limit of 4096 UTF-16 code units: the summary
// is cut first.
func Format(req Request, footer string) string {
	label := plain.OneLine(plain.TruncateRunes(plain.Clean(req.Label), maxLabelRunes))
	if label == "" {
		label = "session"
	}
	head := "🛑 Agent stopped — " + label

	var tail []string
	if last := plain.Clean(req.LastMessage); last != "" {
		tail = append(tail, "Last message:\n"+plain.LastRunes(last, plain.LastMessageRunes))
	}
	if tools := toolsLine(req.RecentTools); tools != "" {
		tail = append(tail, tools)
	}
	if f := plain.Clean(footer); f != "" {
		tail = append(tail, f)
	}
	rest := strings.Join(tail, "\n\n")

	parts := []string{head}
	if summary := plain.Clean(req.Summary); summary != "" {
		// Room left for the summary block.
		room := plain.MaxMessageLen - plain.UTF16Len(head) - plain.UTF16Len(rest) - plain.UTF16Len("\n\n📋 Summary:\n") - 2
		if room > 20 {
			parts = append(parts, "📋 Summary:\n"+plain.TruncateUTF16(summary, room))
		}
	}
	if rest != "" {
		parts = append(parts, rest)
	}
	return plain.TruncateUTF16(strings.Join(parts, "\n\n"), plain.MaxMessageLen)
}

func toolsLine(tools []string) string {
	var items []string
	n := 0
	for _, t := range tools {
		t = plain.OneLine(plain.TruncateRunes(plain.Clean(t), maxToolRunes))
		if t == "" {
			continue
		}
		n += utf8.RuneCountInString(t) + 2
		if n > maxToolsRunes {
			items = append(items, "…")
			break
		}
		items = append(items, t)
	}
	if len(items) == 0 {
		return ""
	}
	return "Recent tools: " + strings.Join(items, ", ")
}
