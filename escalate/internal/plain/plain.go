// Package plain cleans and cuts untrusted plain text for the escalate
// packages: chat replies, transcript text and stop messages.
package plain

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stophook/stophook/internal/textcut"
)

// Clean removes invalid UTF-8 and control characters other than \n and \t,
// and trims surrounding space.
func Clean(s string) string {
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

// OneLine joins the fields of s with single spaces.
func OneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// TruncateRunes keeps the first n runes of s, ending with "…" when cut
// (without the spaces before it).
func TruncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return strings.TrimSpace(textcut.Runes(s, n-1, "")) + "…"
}

// LastRunes keeps the last n runes of s, starting with "…" when cut.
func LastRunes(s string, n int) string {
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

// TruncateUTF16 keeps a prefix of s of at most n UTF-16 units, ending with
// "…" when cut.
func TruncateUTF16(s string, n int) string {
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
