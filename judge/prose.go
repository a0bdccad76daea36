package judge

import "strings"

// prose returns text with its code blanked: the lines inside fenced blocks
// (``` and ~~~, at any indentation, closed or not) and the content of
// inline code spans become spaces. Fence lines and backticks stay, line
// ends are kept, so the result has the same lines as text and a byte
// offset means the same in both.
//
// It is a small hand-written reader, not a CommonMark parser: indented code
// blocks are read as prose (agents indent list continuations far more often
// than they write indented code), and a code span does not run over a line
// end. What it gets wrong costs little: a word in code that is read as
// prose must still make a whole outcome statement to count.
func prose(text string) string {
	if strings.IndexByte(text, '`') < 0 && strings.IndexByte(text, '~') < 0 { // strings.ContainsAny(text, "`~") without its set
		return text // no fence, no span: nothing to blank
	}
	b := []byte(text)
	var fence byte // '`' or '~' while inside a fenced block
	var fenceLen int
	for start := 0; start < len(b); {
		end := start
		for end < len(b) && b[end] != '\n' && b[end] != '\r' {
			end++
		}
		line := b[start:end]
		if fence != 0 {
			if c, n := fenceOf(line); c == fence && n >= fenceLen && isBlankAfter(line, n) {
				fence = 0
			} else {
				blankBytes(line)
			}
		} else if c, n := fenceOf(line); n > 0 {
			fence, fenceLen = c, n
		} else {
			blankSpans(line)
		}
		start = end + 1
	}
	return string(b)
}

// fenceOf reports the fence character and run length when line, after
// white space and block-quote or list markers, starts with three or more
// backticks or tildes.
func fenceOf(line []byte) (byte, int) {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '>') {
		i++
	}
	if i < len(line) && (line[i] == '-' || line[i] == '*' || line[i] == '+') && i+1 < len(line) && line[i+1] == ' ' {
		i += 2
		for i < len(line) && line[i] == ' ' {
			i++
		}
	}
	if i >= len(line) || (line[i] != '`' && line[i] != '~') {
		return 0, 0
	}
	c, n := line[i], 0
	for i+n < len(line) && line[i+n] == c {
		n++
	}
	if n < 3 {
		return 0, 0
	}
	if c == '`' && strings.IndexByte(string(line[i+n:]), '`') >= 0 {
		return 0, 0 // an info string may not hold a backtick: ```a``` is a span
	}
	return c, n
}

// isBlankAfter reports whether a closing fence line has nothing but white
// space after its run of n fence characters.
func isBlankAfter(line []byte, n int) bool {
	s := strings.TrimLeft(string(line), " \t>")
	return strings.TrimSpace(s[min(n, len(s)):]) == "" || strings.Trim(s, "`~ \t") == ""
}

// blankSpans blanks the content of the inline code spans of one line: a
// run of backticks up to the next run of the same length.
func blankSpans(line []byte) {
	for i := 0; i < len(line); {
		if line[i] != '`' {
			i++
			continue
		}
		n := 0
		for i+n < len(line) && line[i+n] == '`' {
			n++
		}
		open := i + n
		closeAt := -1
		for j := open; j < len(line); {
			if line[j] != '`' {
				j++
				continue
			}
			m := 0
			for j+m < len(line) && line[j+m] == '`' {
				m++
			}
			if m == n {
				closeAt = j
				break
			}
			j += m
		}
		if closeAt < 0 {
			i = open
			continue
		}
		blankBytes(line[open:closeAt])
		i = closeAt + n
	}
}

func blankBytes(b []byte) {
	for i := range b {
		b[i] = ' '
	}
}
