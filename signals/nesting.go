package signals

// maxNesting is the container depth (block quotes and list items opened on
// one line) that [Prose] parses. goldmark's cost grows with the square of
// the depth: a 64 KiB line of ">" took seconds. Deeper markers are parsed as
// plain text instead; such lines start with a marker and so can never be a
// signal themselves.
const maxNesting = 32

// capNesting returns src with, on every line, the container marker that
// would open level maxNesting+1 replaced by 'x', so that goldmark parses the
// rest of that line as paragraph text. Offsets are unchanged. src is not
// modified; a copy is made only if some line is too deep.
func capNesting(src []byte) []byte {
	out, copied := src, false
	for start := 0; start < len(src); {
		end := start
		for end < len(src) && src[end] != '\n' && src[end] != '\r' {
			end++
		}
		if at := tooDeep(src[start:end]); at >= 0 {
			if !copied {
				out, copied = append([]byte(nil), src...), true
			}
			out[start+at] = 'x'
		}
		start = end + 1
	}
	return out
}

// tooDeep returns the offset in line of the marker that opens container
// level maxNesting+1, or -1. It counts block quote markers (>) and list
// markers (-, +, * or up to nine digits with . or ), each followed by a
// space or tab), skipping white space between them.
func tooDeep(line []byte) int {
	depth := 0
	for i := 0; i < len(line); {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i == len(line) {
			return -1
		}
		marker, next := i, -1
		switch c := line[i]; {
		case c == '>':
			next = i + 1
		case c == '-' || c == '+' || c == '*':
			if i+1 < len(line) && (line[i+1] == ' ' || line[i+1] == '\t') {
				next = i + 1
			}
		case c >= '0' && c <= '9':
			j := i
			for j < len(line) && j-i < 10 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j-i <= 9 && j+1 < len(line) && (line[j] == '.' || line[j] == ')') &&
				(line[j+1] == ' ' || line[j+1] == '\t') {
				marker, next = j, j+1
			}
		}
		if next < 0 {
			return -1
		}
		if depth++; depth > maxNesting {
			return marker
		}
		i = next
	}
	return -1
}
