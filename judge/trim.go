package judge

import (
	"strings"
	"unicode/utf8"
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
