package judge

import (
	"strings"
	"unicode/utf8"
	"unsafe"
)

// trimLeftASCII is strings.TrimLeft(s, set) for a set of ASCII bytes,
// without building the set's table on each call: the sentence and closing
// rules trim every line of a message this way.
func trimLeftASCII(s, set string) string {
	for len(s) > 0 && strings.IndexByte(set, s[0]) >= 0 {
		s = s[1:]
	}
	return s
}

// Eight bytes at a time: word reads s[:8] as a little-endian word in
// one load (the bounds known), highBits has the high bit of each byte.
const (
	lowBits  = 0x0101010101010101
	highBits = 0x8080808080808080
)

func word(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// hasByte reports whether one of w's bytes is c.
func hasByte(w uint64, c byte) bool {
	x := w ^ lowBits*uint64(c)
	return (x-lowBits)&^x&highBits != 0
}

// trimListMarks is strings.TrimLeft(s, "-*+•> "), without decoding the
// line rune by rune as TrimLeft does for a set that is not all ASCII: the
// bullet • is the one rune of the set that is not a byte (FuzzTrim).
func trimListMarks(s string) string {
	for len(s) > 0 {
		switch {
		case strings.IndexByte("-*+> ", s[0]) >= 0:
			s = s[1:]
		case strings.HasPrefix(s, "•"):
			s = s[len("•"):]
		default:
			return s
		}
	}
	return s
}

// isRule reports a thematic break or a lone fence line: besides spaces
// and tabs at either end, only the bytes -*_=~` (at least one).
func isRule(line string) bool {
	rule := false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == ' ' || c == '\t':
			if rule && strings.Trim(line[i:], " \t") != "" {
				return false // a space inside the line
			}
		case strings.IndexByte("-*_=~`", c) >= 0:
			rule = true
		default:
			return false
		}
	}
	return rule
}

// trimStatusMarks is strings.TrimLeft(s, statusMarks), without building
// the set on each call for a sentence that starts with none of the marks
// (most do): the only ASCII byte among them is the space
// (TestStatusMarksASCII).
func trimStatusMarks(s string) string {
	if s != "" && s[0] < utf8.RuneSelf && s[0] != ' ' {
		return s
	}
	return strings.TrimLeft(s, statusMarks)
}

// toLower is strings.ToLower(s). An ASCII line with capitals (a closing
// line such as "All done: the tests pass.") is lowered into one new
// array, which becomes the string; strings.ToLower writes it byte by byte
// through a Builder. Any other line goes to strings.ToLower.
func toLower(s string) string {
	i := 0
	for ; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			break
		}
	}
	if i == len(s) || !isASCII(s) {
		return strings.ToLower(s) // s itself when ASCII without capitals
	}
	b := make([]byte, len(s))
	copy(b, s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	return unsafe.String(unsafe.SliceData(b), len(b)) // b is not written again
}
