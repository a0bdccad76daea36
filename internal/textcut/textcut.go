// Package textcut cuts text to a size without splitting a UTF-8 sequence:
// the one place where the library shortens a string for a message, a log
// line, a trace or a store record.
package textcut

import (
	"strings"
	"unicode/utf8"
)

// Bytes returns the longest prefix of s of at most n bytes that ends on a
// rune boundary. Invalid UTF-8 in the prefix is dropped, so the result is
// valid UTF-8 and never longer than n bytes.
func Bytes(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if len(s) <= n {
		return strings.ToValidUTF8(s, "")
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return strings.ToValidUTF8(s[:i], "")
}

// Runes returns s when it holds at most n runes; otherwise its first runes
// followed by mark ("…", say), n runes in all. A mark of n runes or more
// is cut too. Each byte of invalid UTF-8 becomes U+FFFD first, so the
// result is valid UTF-8.
func Runes(s string, n int, mark string) string {
	if n <= 0 {
		return ""
	}
	if len(s) <= n && utf8.ValidString(s) {
		return s // no more runes than bytes: nothing to count (the empty fields of most replies)
	}
	if !utf8.ValidString(s) {
		s = string([]rune(s))
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	marks := utf8.RuneCountInString(mark)
	if marks >= n {
		return Runes(mark, n, "")
	}
	keep, count := n-marks, 0
	for i := range s {
		if count == keep {
			return s[:i] + mark
		}
		count++
	}
	return s
}

// Head returns the first line of s, trimmed, cut to n runes with mark; an
// uncut first line of a longer s ends with " " + mark.
func Head(s string, n int, mark string) string {
	line, _, more := strings.Cut(strings.TrimSpace(s), "\n")
	line = strings.TrimSpace(line)
	if utf8.RuneCountInString(line) > n {
		return Runes(line, n, mark)
	}
	if more {
		return line + " " + mark
	}
	return line
}
