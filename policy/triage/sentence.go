package triage

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stophook/stophook/internal/textcut"
)

// span is a sentence: byte offsets into a message's text.
type span struct{ start, end int }

// abbreviations end with a period that does not end a sentence.
var abbreviations = map[string]bool{
	"e.g": true, "i.e": true, "etc": true, "vs": true, "cf": true, "approx": true,
	"mr": true, "ms": true, "dr": true, "no": true, "fig": true, "incl": true, "esp": true,
}

// sentences splits text into sentence spans, reusing buf,: at line breaks, and after '.',
// '!' or '?' followed by white space (unless the word before the period is
// a known abbreviation). Blank spans are dropped.
func sentences(text string, buf []span) []span {
	out := buf[:0]
	start := 0
	emit := func(end int) {
		s, e := start, end
		for s < e && isSpace(text[s]) {
			s++
		}
		for e > s && isSpace(text[e-1]) {
			e--
		}
		if e > s {
			out = append(out, span{s, e})
		}
		start = end
	}
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case '\n':
			emit(i)
			start = i + 1
		case '.', '!', '?':
			if i+1 < len(text) && !isSpace(text[i+1]) {
				continue
			}
			if c == '.' && isAbbreviation(text[start:i]) {
				continue
			}
			emit(i + 1)
		}
	}
	emit(len(text))
	return out
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// maxAbbreviation is the length of the longest of abbreviations.
const maxAbbreviation = len("approx")

// isAbbreviation reports whether the word ending at the end of s is one of
// abbreviations, in any case.
func isAbbreviation(s string) bool {
	i := len(s)
	for i > 0 && !isSpace(s[i-1]) && s[i-1] != '(' {
		i--
	}
	w := s[i:]
	if len(w) > maxAbbreviation {
		return false
	}
	var lower [maxAbbreviation]byte
	for j := range len(w) {
		c := w[j]
		if c >= 0x80 {
			return false // abbreviations are ASCII without a k: no other rune lower-cases into them
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower[j] = c
	}
	return abbreviations[string(lower[:len(w)])]
}

// emphasis removes bold marks.
var emphasis = strings.NewReplacer("**", "", "__", "")

// maxFindingRunes caps the text of a finding.
const maxFindingRunes = 240

// clean turns a sentence of Markdown prose into one line of plain text:
// list markers, heading marks, emphasis and surplus white space go; the
// result is cut to maxFindingRunes runes. Invalid UTF-8 is replaced.
func clean(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	s = strings.TrimSpace(s)
	for {
		t := strings.TrimLeft(s, "-*+># \t")
		t = trimOrdinal(t)
		if t == s {
			break
		}
		s = t
	}
	s = emphasis.Replace(s)
	s = strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
	s = strings.TrimRight(s, ":")
	if utf8.RuneCountInString(s) > maxFindingRunes {
		s = strings.TrimSpace(textcut.Runes(s, maxFindingRunes-1, "")) + "…"
	}
	return s
}

// trimOrdinal removes a leading "1." or "2)" list marker.
func trimOrdinal(s string) string {
	i := 0
	for i < len(s) && i < 4 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 && i < len(s) && (s[i] == '.' || s[i] == ')') && (i+1 == len(s) || s[i+1] == ' ') {
		return strings.TrimLeft(s[i+1:], " ")
	}
	return s
}

// words counts the words of s.
func words(s string) int { return len(strings.Fields(s)) }
