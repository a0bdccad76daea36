package judge

import (
	"github.com/stophook/stophook/internal/lazyre"
	"slices"
	"strings"
	"sync"
)

// message is a final message as the rules read it.
type message struct {
	raw       string   // the message (its last maxInput bytes)
	prose     string   // raw with its code blanked: the same lines and byte offsets
	sentences []string // prose sentences outside code and quotes, cleaned, in order
	// edge reports, for each sentence, whether its line is one of the
	// first 2 or the last 3 lines of prose that hold a sentence: where
	// agents state the outcome of a turn, as a headline or a closing.
	edge    []bool
	closing closing
}

// readMessage reads text into m, a message whose slices start in buf's
// arrays: a message of usual length is read without allocating them. The
// message must not outlive buf, which must be clear (see
// [messageBuf.clear]).
func readMessage(text string, buf *messageBuf, m *message) {
	p := prose(text)
	lines := linesInto(buf.lines[:0], p)
	cl := &buf.cleaned
	cl.n = len(lines)
	sentences, lineOf := sentencesOf(lines, cl, buf.sentences[:0], buf.lineOf[:0])
	buf.nLines, buf.nSentences = min(len(lines), messageBufLen), min(len(sentences), messageBufLen)
	m.raw, m.prose, m.sentences, m.edge = text, p, sentences, edges(lineOf, buf.distinct[:0], buf.edge[:0])
	closingOf(lines, cl, &buf.closing, &m.closing)
}

// messageBufLen is how many lines and sentences a [messageBuf] holds.
const messageBufLen = 32

// messageBuf holds the backing arrays of a message's slices.
type messageBuf struct {
	lines     [messageBufLen]string
	sentences [messageBufLen]string
	lineOf    [messageBufLen]int
	distinct  [messageBufLen]int
	edge      [messageBufLen]bool
	closing   closingBuf
	cleaned   cleaned
	// nLines and nSentences count the entries of lines and sentences the
	// last message filled: the ones that hold its text.
	nLines, nSentences int
}

// messageBufs holds a [messageBuf] for each Judge running: a verdict
// keeps nothing of its message's slices.
var messageBufs = sync.Pool{New: func() any { return new(messageBuf) }}

// putMessageBuf clears buf, which would otherwise keep the texts of its
// last message, and returns it to messageBufs.
func putMessageBuf(buf *messageBuf) {
	buf.clear()
	messageBufs.Put(buf)
}

// clear forgets the texts buf holds: the lines and sentences the last
// message filled, and its closing. The other arrays hold numbers, which
// the next message overwrites before it reads them; a short message
// leaves most of the arrays alone, and so does clearing them
// (TestMessageBufClear).
func (buf *messageBuf) clear() {
	clear(buf.lines[:buf.nLines])
	clear(buf.sentences[:buf.nSentences])
	buf.closing = closingBuf{}
	buf.cleaned.clear()
	buf.nLines, buf.nSentences = 0, 0
}

// edges returns, for sentences on the lines lineOf, whether each is on one
// of the first 2 or the last 3 lines that hold a sentence. distinct and
// out (empty) give their arrays to its work and to its result.
func edges(lineOf, distinct []int, out []bool) []bool {
	for _, l := range lineOf {
		if len(distinct) == 0 || distinct[len(distinct)-1] != l {
			distinct = append(distinct, l)
		}
	}
	out = slices.Grow(out, len(lineOf))[:len(lineOf)]
	for i, l := range lineOf {
		out[i] = len(distinct) <= 5 || l <= distinct[1] || l >= distinct[len(distinct)-3]
	}
	return out
}

// codeLines calls fn for each line of m that holds a backtick, in order,
// with the line as written, the same line with its code blanked (as the
// sentence rules read it) and the message from that line on, until fn
// returns false.
func (m *message) codeLines(fn func(raw, prose, rest string) bool) {
	for start := 0; start < len(m.raw); {
		end := strings.IndexByte(m.raw[start:], '\n')
		if end < 0 {
			end = len(m.raw)
		} else {
			end += start
		}
		if strings.IndexByte(m.raw[start:end], '`') >= 0 && !fn(m.raw[start:end], m.prose[start:end], m.raw[start:]) {
			return
		}
		start = end + 1
	}
}

// memoLines is how many lines from the end [cleaned] keeps.
const memoLines = 40

// cleaned keeps clean(line) of the last memoLines lines of a message, which
// the sentence and closing rules all read: each is cleaned once.
type cleaned struct {
	n    int // the message's lines
	memo [memoLines]string
	ok   [memoLines]bool
}

// clear forgets the lines c cleaned, as a new cleaned{} would: the
// entries of its arrays that the message's lines may have filled.
func (c *cleaned) clear() {
	k := min(c.n, memoLines)
	clear(c.memo[:k])
	clear(c.ok[:k])
	c.n = 0
}

// at returns clean(line) for line, the message's line i trimmed of white space.
func (c *cleaned) at(i int, line string) string {
	k := c.n - 1 - i
	if k < 0 || k >= memoLines {
		return clean(line)
	}
	if !c.ok[k] {
		c.memo[k], c.ok[k] = clean(line), true
	}
	return c.memo[k]
}

// linesOf splits prose into its non-empty lines, once for every rule.
func linesOf(prose string) []string {
	return strings.FieldsFunc(prose, func(r rune) bool { return r == '\n' || r == '\r' })
}

// linesInto appends linesOf(prose) to dst, without a function call per
// rune: the line ends are ASCII (TestLinesInto, FuzzLinesInto). The ends
// are found by strings.IndexByte, which reads many bytes at a time.
func linesInto(dst []string, prose string) []string {
	for prose != "" {
		end := strings.IndexByte(prose, '\n')
		if end < 0 {
			end = len(prose)
		}
		for line := prose[:end]; ; { // split at each carriage return
			r := strings.IndexByte(line, '\r')
			if r < 0 {
				if line != "" {
					dst = append(dst, line)
				}
				break
			}
			if r > 0 {
				dst = append(dst, line[:r])
			}
			line = line[r+1:]
		}
		if end == len(prose) {
			break
		}
		prose = prose[end+1:]
	}
	return dst
}

// leadingError matches a message that starts with an error line, as a
// client writes it when a request fails ("API Error: 529 …").
var leadingError = lazyre.New(`\A\s*(?:[✕✖×❌]\s*)?\[?(?:API Error\b|Error:|ERROR:|error:|Fatal:|fatal:|Traceback \(most recent call last\))`)

func (m *message) leadingError() (Verdict, bool) {
	if !leadingError.MatchString(m.raw) {
		return Verdict{}, false
	}
	return Verdict{Class: Error, Kind: Failed, Confidence: 0.9, Why: firstLine(m.raw)}, true
}

func firstLine(s string) string {
	s = strings.TrimLeft(s, " \t\r\n")
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		return s[:i]
	}
	return s
}

// sentencesOf splits the lines of prose (code already blanked) into
// cleaned sentences, and returns the line of each. Block quotes are left
// out: a quoted line is someone else's words.
func sentencesOf(lines []string, cl *cleaned, out []string, lineOf []int) ([]string, []int) {
	for n, line := range lines {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, ">") || isRule(t) {
			continue
		}
		var c string
		if u := withoutQuotations(foldMarkup(t)); u == t {
			c = cl.at(n, t) // the line as the closing rules read it
		} else {
			c = clean(u)
		}
		if c == "" {
			continue
		}
		start := 0
		for i := sentenceEnd(c, 0); i >= 0; i = sentenceEnd(c, i+1) {
			if s := strings.TrimSpace(c[start : i+1]); s != "" {
				out = append(out, s)
				lineOf = append(lineOf, n)
			}
			start = i + 1
		}
		if s := strings.TrimSpace(c[start:]); s != "" {
			out = append(out, s)
			lineOf = append(lineOf, n)
		}
	}
	return out, lineOf
}

// sentenceEnd returns the index of the first byte of c at or after from
// that ends a sentence: . ! ? or ; at the end of c or before a space (not
// "v1.2", "e.g."); -1 when none does.
func sentenceEnd(c string, from int) int {
	for i := from; i < len(c); i++ {
		if sentenceEnds[c[i]] && (i+1 == len(c) || c[i+1] == ' ') {
			return i
		}
	}
	return -1
}

// sentenceEnds marks the bytes that may end a sentence: . ! ? ;
var sentenceEnds = [256]bool{'.': true, '!': true, '?': true, ';': true}

// withoutQuotations removes the quotations of a line (quotes folded by
// markup): text of
// three words or more between double quotes ("Pilot, the ship is still
// broken." as proposed copy) is someone else's words, or words for
// someone else, not the agent's report. Quoted names ("TestX", "npm
// test") stay.
func withoutQuotations(line string) string {
	if strings.Count(line, `"`) < 2 {
		return line
	}
	var b strings.Builder
	rest := line
	for {
		i := strings.IndexByte(rest, '"')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i+1:], '"')
		if j < 0 {
			break
		}
		quoted := rest[i+1 : i+1+j]
		b.WriteString(rest[:i])
		if strings.Count(strings.TrimSpace(quoted), " ") < 2 {
			b.WriteString(rest[i : i+2+j])
		}
		rest = rest[i+2+j:]
	}
	b.WriteString(rest)
	return strings.TrimSpace(b.String())
}
