package escalate

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits applied by [Format] and to replies.
const (
	// MaxMessageLen is Telegram's limit for one message, in UTF-16 code units.
	MaxMessageLen = 4096
	// LastMessageRunes is how much of the end of the last message is shown.
	LastMessageRunes = 800
	// MaxReplyRunes bounds a human's reply before it is fed to the agent.
	MaxReplyRunes = 2000
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
// The result fits [MaxMessageLen]: the summary is cut first.
func Format(req Request, footer string) string {
	label := oneLine(truncateRunes(clean(req.Label), maxLabelRunes))
	if label == "" {
		label = "session"
	}
	head := "🛑 Agent stopped — " + label

	var tail []string
	if last := clean(req.LastMessage); last != "" {
		tail = append(tail, "Last message:\n"+lastRunes(last, LastMessageRunes))
	}
	if tools := toolsLine(req.RecentTools); tools != "" {
		tail = append(tail, tools)
	}
	if f := clean(footer); f != "" {
		tail = append(tail, f)
	}
	rest := strings.Join(tail, "\n\n")

	parts := []string{head}
	if summary := clean(req.Summary); summary != "" {
		// Room left for the summary block.
		room := MaxMessageLen - UTF16Len(head) - UTF16Len(rest) - UTF16Len("\n\n📋 Summary:\n") - 2
		if room > 20 {
			parts = append(parts, "📋 Summary:\n"+truncateUTF16(summary, room))
		}
	}
	if rest != "" {
		parts = append(parts, rest)
	}
	return truncateUTF16(strings.Join(parts, "\n\n"), MaxMessageLen)
}

func toolsLine(tools []string) string {
	var items []string
	n := 0
	for _, t := range tools {
		t = oneLine(truncateRunes(clean(t), maxToolRunes))
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

// CleanReply prepares an untrusted chat reply for the agent: invalid UTF-8
// and control characters (except newline and tab) removed, trimmed, cut to
// [MaxReplyRunes].
func CleanReply(s string) string { return truncateRunes(clean(s), MaxReplyRunes) }

// clean removes invalid UTF-8 and control characters other than \n and \t,
// and trims surrounding space.
func clean(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return r
		}
		if r == '\r' || unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == utf8.RuneError {
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// truncateRunes keeps the first n runes of s, ending with "…" when cut.
func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// lastRunes keeps the last n runes of s, starting with "…" when cut.
func lastRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return "…" + strings.TrimSpace(string(r[len(r)-(n-1):]))
}

// UTF16Len returns the length of s in UTF-16 code units, the unit of
// Telegram's message limit.
func UTF16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// truncateUTF16 keeps a prefix of s of at most n UTF-16 units, ending with
// "…" when cut.
func truncateUTF16(s string, n int) string {
	if UTF16Len(s) <= n {
		return s
	}
	used := 0
	for i, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if used+w > n-1 {
			return s[:i] + "…"
		}
		used += w
	}
	return s
}
