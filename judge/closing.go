package judge

import (
	"strings"

	"github.com/stophook/stophook/internal/lazyre"
	"unicode"
	"unicode/utf8"
)

// Bounds of the closing of a message.
const (
	closingLines  = 3   // prose lines read at the end of a message
	maxListLines  = 24  // list lines skipped at the end before giving up
	closingItems  = 8   // list items after the last prose line kept for reading
	questionLines = 3   // how far back from the end a question may stand
	afterMax      = 120 // the longest line that may follow a question
)

// closing is the end of a message as the rules read it.
type closing struct {
	// lines are the last prose lines (list items excluded), cleaned of
	// Markdown and lower-cased, last line first; heading reports the ones
	// that are Markdown headings, quoted the ones that are block quotes of
	// quoted words (someone else's, or proposed copy).
	lines   []string
	heading []bool
	quoted  []bool
	// question holds the question sentences of the closing question line,
	// cleaned and lower-cased; empty when the closing asks nothing.
	question string
	// options counts the list items that follow the last prose line.
	options int
	// items are the last of those list items, cleaned, last first.
	items []string
	// choice is a closing line that ends with a colon, or a heading that
	// names options, and introduces two or more list items ("Would you like me to:" followed by options).
	choice string
	// last are the last tailLines lines, list items included, cleaned,
	// last first; chars counts the characters that follow each of them.
	last  []string
	chars []int
}

// closingBuf holds the backing arrays of a closing's slices, which
// closingOf fills no further than their lengths.
type closingBuf struct {
	lines   [closingLines]string
	heading [closingLines]bool
	quoted  [closingLines]bool
	items   [closingItems]string
	last    [tailLines]string
	chars   [tailLines]int
}

// optionsHeading marks a heading that puts the list under it to the human
// ("## Your options for the status segment").
var optionsHeading = lazyre.New(`^(?:your |the |some )?(?:options|choices|alternatives)\b|\b(?:options|choices) (?:for|from here|going forward)\b|^open (?:questions?|decisions?)\b|^decisions? (?:needed|for you)\b`)

// tailLines is how many lines, list items included, the structural
// question rules look at.
const tailLines = 8

// closingOf reads into c the closing of the lines of prose, a message
// with its code blanked; cl cleans them. Its slices start in buf's arrays,
// which they never outgrow.
func closingOf(lines []string, cl *cleaned, buf *closingBuf, c *closing) {
	*c = closing{lines: buf.lines[:0], heading: buf.heading[:0], quoted: buf.quoted[:0], items: buf.items[:0], last: buf.last[:0], chars: buf.chars[:0]}
	raw := withoutSignOff(lines)
	cleanAt := cl.at
	skipped, run := 0, 0 // run: list items directly below the current line
	after := 0
	for i := len(raw) - 1; i >= 0 && len(c.last) < tailLines; i-- {
		line := strings.TrimSpace(raw[i])
		if line == "" || isRule(line) || isFence(line) {
			continue
		}
		if cl := cleanAt(i, line); cl != "" {
			if strings.HasPrefix(line, ">") && strings.HasPrefix(cl, `"`) {
				continue // a quotation asks the reader nothing
			}
			c.last = append(c.last, cl)
			c.chars = append(c.chars, after)
			after += runeCount(cl) + 1
		}
	}
	for i := len(raw) - 1; i >= 0 && len(c.lines) < closingLines; i-- {
		line := strings.TrimSpace(raw[i])
		if line == "" || isRule(line) || isFence(line) {
			continue
		}
		if isListItem(line) {
			if skipped++; skipped > maxListLines {
				break
			}
			run++
			if len(c.lines) == 0 {
				c.options++
				if len(c.items) < closingItems && !strings.HasPrefix(line, "|") {
					c.items = append(c.items, cleanAt(i, line))
				}
			}
			continue
		}
		if cl := cleanAt(i, line); cl != "" {
			if c.choice == "" && run >= 2 && (strings.HasSuffix(cl, ":") || strings.HasPrefix(line, "#") && optionsHeading.MatchString(cl)) && len(c.lines) < closingLines {
				c.choice = cl
			}
			c.lines = append(c.lines, cl)
			c.heading = append(c.heading, strings.HasPrefix(line, "#"))
			c.quoted = append(c.quoted, strings.HasPrefix(line, ">") && strings.HasPrefix(cl, `"`))
		}
		run = 0
	}
	for k, line := range c.lines {
		if k >= questionLines {
			break
		}
		if c.quoted[k] {
			continue // > "Which of these sounds right?" quotes a question, it asks none
		}
		// A heading that asks ("### Ready to deploy?") titles what
		// follows it; only a last line asks the reader.
		if q, last := questions(line); q != "" && (k == 0 || last && !c.heading[k]) {
			c.question = q
			break
		}
		// A question further back counts only when what follows it is
		// short remarks, such as a status line or a lead-in to options,
		// or an aside that opens as one ("Also: …", "For the record, …")
		// and asks nothing.
		if runeCount(line) > afterMax && (!aside.MatchString(line) || strings.Contains(line, "?")) {
			break
		}
	}
}

// aside marks a closing paragraph that opens as an aside to what came
// before it ("Also: …", "For the record, …", "Either way, …", "Side
// note: …"): it leaves a question above it the message's question.
var aside = lazyre.New(`^(?:also|for the record|fyi|note|side note|separately|either way|p\.?s\.?|one more thing|btw|by the way|heads[- ]up|unrelated|for reference|for context)\b`)

// signOffLines is how many lines at the end of a message may hold a
// sign-off.
const signOffLines = 12

// signOff marks the start of a sign-off block: a salutation, a signature
// line, a postscript or an attachment list, written after the closing.
var signOff = lazyre.New(`^(?:respectfully(?: submitted)?|best(?: regards)?|kind regards|warm regards|regards|sincerely|yours truly)\b[,!.]?$|^(?:—|–|--) ?[a-z]|^\*?p\.? ?s\.|^\*?(?:attachments?|created by|generated by|methodology|signed)\*?:`)

// signOffStarts are the starts of the lines signOff can match, lower-cased.
var signOffStarts = []string{"respectfully", "best", "kind regards", "warm regards", "regards", "sincerely", "yours truly", "—", "–", "--", "p.", "ps", "attachment", "created by", "generated by", "methodology", "signed"}

// signOffByFirst holds signOffStarts by their first bytes.
var signOffByFirst = func() (by [256][]string) {
	for _, p := range signOffStarts {
		by[p[0]] = append(by[p[0]], p)
	}
	return by
}()

// lowerASCII lower-cases an ASCII capital letter.
func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// mayBeSignOff is a cheap test that line may start a sign-off, so that
// most lines skip the pattern.
func mayBeSignOff(line string) bool {
	l := trimLeftASCII(line, "#>*_ \t")
	if len(l) > 16 {
		l = l[:16]
	}
	ascii := isASCII(l)
	if !ascii {
		l = strings.ToLower(l)
	}
	if l == "" {
		return false
	}
	for _, p := range signOffByFirst[lowerASCII(l[0])] { // most lines: none
		if ascii && hasPrefixFoldASCII(l, p) || !ascii && strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// runeCount is utf8.RuneCountInString(s), its length for ASCII text,
// which isASCII tells eight bytes at a time.
func runeCount(s string) int {
	if isASCII(s) {
		return len(s)
	}
	return utf8.RuneCountInString(s)
}

// isASCII reports whether s is all ASCII: strings.ToLower(s) then lowers
// its letters byte by byte. It reads eight bytes at a time (FuzzIsASCII).
func isASCII(s string) bool {
	for len(s) >= 8 {
		if word(s)&highBits != 0 {
			return false
		}
		s = s[8:]
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// hasPrefixFoldASCII is strings.HasPrefix(strings.ToLower(s), prefix) for
// an ASCII s and a lower-case prefix, without the copy.
func hasPrefixFoldASCII(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}

// withoutSignOff returns lines without a sign-off block at their end.
func withoutSignOff(lines []string) []string {
	cut := len(lines)
	seen := 0
	for i := len(lines) - 1; i >= 0 && seen < signOffLines; i-- {
		line := strings.TrimSpace(lines[i])
		if line == "" {
			continue
		}
		seen++
		if mayBeSignOff(line) && signOff.MatchString(clean(line)) {
			cut = i
		} else if sourcesHead(line) && onlyReferences(lines[i+1:cut]) {
			cut = i
		}
	}
	return lines[:cut]
}

// sourcesHead reports a line that opens a list of sources: "Sources:"
// alone or followed by links.
func sourcesHead(line string) bool {
	l := trimLeftASCII(line, "#*_ \t")
	if !hasPrefixFoldASCII(l, "sources:") {
		return false
	}
	rest := strings.TrimSpace(trimLeftASCII(l[len("sources:"):], "*_"))
	return rest == "" || strings.Contains(rest, "](") || strings.HasPrefix(rest, "http")
}

// onlyReferences reports lines that hold nothing but references: list
// items and links, such as the "Sources:" list a web search has the agent
// put at the very end of its reply, after its closing.
func onlyReferences(lines []string) bool {
	for _, line := range lines {
		line = strings.TrimSpace(line)
		if line != "" && !isListItem(line) && !strings.HasPrefix(line, "[") && !strings.HasPrefix(line, "http") {
			return false
		}
	}
	return true
}

// questions returns the question sentences of line joined by a space, and
// whether the line ends with a question.
func questions(line string) (string, bool) {
	if strings.IndexByte(line, '?') < 0 {
		return "", false // most lines: no question sentence to find
	}
	var qs []string
	start := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '.', '!', '?':
			end := i + 1
			if end < len(line) && line[end] != ' ' {
				continue // "v1.2", "e.g.", "?)" handled by clean
			}
			if line[i] == '?' {
				qs = append(qs, strings.TrimSpace(line[start:end]))
			}
			start = end
		}
	}
	return strings.Join(qs, " "), start >= len(strings.TrimRight(line, " ")) && len(qs) > 0 && strings.HasSuffix(strings.TrimRight(line, " "), "?")
}

// markup folds Markdown decoration, code-blanking leftovers and
// typographic quotes.
var markup = strings.NewReplacer(markupPairs...)

// markupPairs are markup's old and new strings.
var markupPairs = []string{"**", "", "__", "", "`", " ", "’", "'", "‘", "'", "“", "\"", "”", "\"", "\u00a0", " ",
	"？", "? ", "！", "! ", "。", ". ", "：", ": "}

// foldMarkup is markup.Replace(line), without the Replacer's copy for
// the lines it leaves alone: every string markup replaces starts with one
// of the bytes *, _, ` (ASCII) or 0xC2, 0xE2, 0xE3, 0xEF (the first
// byte of the non-ASCII ones; the full-width "？", "！" and the ideographic
// "。" become ASCII punctuation and a space, so that sentences of Chinese,
// Japanese and Korean text split like others).
func foldMarkup(line string) string {
	i := 0
	for ; i+8 <= len(line); i += 8 { // eight bytes at a time while none may start one
		if w := word(line[i:]); w&highBits != 0 || hasByte(w, '*') || hasByte(w, '_') || hasByte(w, '`') {
			break
		}
	}
	for ; i < len(line); i++ {
		if markupStarts[line[i]] {
			return markup.Replace(line)
		}
	}
	return line
}

// markupStarts marks the first bytes of the strings markup replaces (see
// foldMarkup): one look-up a byte instead of a switch.
var markupStarts = [256]bool{'*': true, '_': true, '`': true, 0xC2: true, 0xE2: true, 0xE3: true, 0xEF: true}

// singleSpaced reports that strings.Join(strings.Fields(line), " ") is
// line: ASCII without tabs or line ends, no space at either end, no two
// spaces in a row. It may say false for other such lines.
func singleSpaced(line string) bool {
	if line == "" {
		return true
	}
	if line[0] == ' ' || line[len(line)-1] == ' ' {
		return false
	}
	for i := 0; i < len(line); i++ {
		if c := line[i]; notSingleSpaced[c] || c == ' ' && line[i+1] == ' ' {
			return false
		}
	}
	return true
}

// notSingleSpaced marks the bytes a single-spaced line lacks: non-ASCII
// bytes, tabs and line ends (\t \n \v \f \r).
var notSingleSpaced = func() (t [256]bool) {
	for c := 0x80; c < 0x100; c++ {
		t[c] = true
	}
	for _, c := range "\t\n\v\f\r" {
		t[c] = true
	}
	return t
}()

// clean strips a line of Markdown decoration, folds typographic quotes,
// drops what code blanking left (backticks, runs of spaces) and lower-cases
// it. Closing punctuation after a question mark (`?**`, `?)`, `?"`) is
// dropped so that the line ends with the question mark.
func clean(line string) string {
	line = trimLeftASCII(line, "#> \t")
	line = foldMarkup(line)
	if !singleSpaced(line) {
		line = strings.Join(strings.Fields(line), " ")
	}
	line = toLower(line)
	for {
		trimmed := strings.TrimRightFunc(line, func(r rune) bool {
			// No ASCII character is a symbol of class So: the table is
			// searched for the others only.
			return r == '*' || r == '_' || r == ')' || r == '"' || r == '\'' || r == ' ' || r >= utf8.RuneSelf && (unicode.Is(unicode.So, r) || r == '\ufe0f')
		})
		if trimmed == line {
			break
		}
		line = trimmed
	}
	return line
}

// isListItem reports a list item, table row, lettered option ("A. …",
// "**B)** …") or "Option A:" line.
func isListItem(line string) bool {
	if strings.HasPrefix(line, "|") {
		return true
	}
	line = trimLeftASCII(line, "> ")
	if len(line) >= 2 && (line[0] == '-' || line[0] == '*' || line[0] == '+') && line[1] == ' ' { // "• " below
		return true
	}
	if strings.HasPrefix(line, "• ") {
		return true
	}
	line = trimLeftASCII(line, "*_")
	i := 0
	for i < len(line) && i < 3 && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	if i > 0 && i+1 < len(line) && (line[i] == '.' || line[i] == ')') && line[i+1] == ' ' {
		return true
	}
	if len(line) >= 3 && (line[0] >= 'a' && line[0] <= 'z' || line[0] >= 'A' && line[0] <= 'Z') && (line[1] == ')' || line[1] == '.') {
		rest := trimLeftASCII(line[2:], "*_")
		if strings.HasPrefix(rest, " ") {
			return true
		}
	}
	if isASCII(line) {
		return hasPrefixFoldASCII(line, "option ") && len(line) > 8 && strings.ContainsAny(line[7:min(10, len(line))], ":.)*")
	}
	l := strings.ToLower(line)
	return strings.HasPrefix(l, "option ") && len(l) > 8 && strings.ContainsAny(l[7:min(10, len(l))], ":.)*")
}

// isFence reports a fence line with an info string ("```bash"): code,
// not prose.
func isFence(line string) bool {
	_, n := fenceOf([]byte(line))
	return n > 0
}
