package judge

import (
	"strings"
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
	// Markdown and lower-cased, last line first.
	lines []string
	// question holds the question sentences of the closing question line,
	// cleaned and lower-cased; empty when the closing asks nothing.
	question string
	// options counts the list items that follow the last prose line.
	options int
	// items are the last of those list items, cleaned, last first.
	items []string
	// choice is a closing line that ends with a colon and introduces two
	// or more list items ("Would you like me to:" followed by options).
	choice string
	// last are the last tailLines lines, list items included, cleaned,
	// last first; chars counts the characters that follow each of them.
	last  []string
	chars []int
}

// tailLines is how many lines, list items included, the structural
// question rules look at.
const tailLines = 8

// closingOf reads the closing of prose, a message with its code blanked.
func closingOf(prose string) closing {
	var c closing
	raw := strings.FieldsFunc(prose, func(r rune) bool { return r == '\n' || r == '\r' })
	skipped, run := 0, 0 // run: list items directly below the current line
	after := 0
	for i := len(raw) - 1; i >= 0 && len(c.last) < tailLines; i-- {
		line := strings.TrimSpace(raw[i])
		if line == "" || isRule(line) {
			continue
		}
		if cl := clean(line); cl != "" {
			c.last = append(c.last, cl)
			c.chars = append(c.chars, after)
			after += utf8.RuneCountInString(cl) + 1
		}
	}
	for i := len(raw) - 1; i >= 0 && len(c.lines) < closingLines; i-- {
		line := strings.TrimSpace(raw[i])
		if line == "" || isRule(line) {
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
					c.items = append(c.items, clean(line))
				}
			}
			continue
		}
		if cl := clean(line); cl != "" {
			if c.choice == "" && run >= 2 && strings.HasSuffix(cl, ":") && len(c.lines) < closingLines {
				c.choice = cl
			}
			c.lines = append(c.lines, cl)
		}
		run = 0
	}
	for k, line := range c.lines {
		if k >= questionLines {
			break
		}
		if q, last := questions(line); q != "" && (k == 0 || last) {
			c.question = q
			break
		}
		// A question further back counts only when what follows it is
		// short remarks, such as a status line or a lead-in to options.
		if utf8.RuneCountInString(line) > afterMax {
			break
		}
	}
	return c
}

// questions returns the question sentences of line joined by a space, and
// whether the line ends with a question.
func questions(line string) (string, bool) {
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
var markup = strings.NewReplacer("**", "", "__", "", "`", " ", "’", "'", "‘", "'", "“", "\"", "”", "\"", "\u00a0", " ")

// clean strips a line of Markdown decoration, folds typographic quotes,
// drops what code blanking left (backticks, runs of spaces) and lower-cases
// it. Closing punctuation after a question mark (`?**`, `?)`, `?"`) is
// dropped so that the line ends with the question mark.
func clean(line string) string {
	line = strings.TrimLeft(line, "#> \t")
	line = markup.Replace(line)
	line = strings.Join(strings.Fields(line), " ")
	line = strings.ToLower(line)
	for {
		trimmed := strings.TrimRightFunc(line, func(r rune) bool {
			return r == '*' || r == '_' || r == ')' || r == '"' || r == '\'' || r == ' ' || unicode.Is(unicode.So, r) || r == '\ufe0f'
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
	line = strings.TrimLeft(line, "> ")
	if len(line) >= 2 && strings.ContainsRune("-*+•", rune(line[0])) && line[1] == ' ' {
		return true
	}
	if strings.HasPrefix(line, "• ") {
		return true
	}
	line = strings.TrimLeft(line, "*_")
	i := 0
	for i < len(line) && i < 3 && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	if i > 0 && i+1 < len(line) && (line[i] == '.' || line[i] == ')') && line[i+1] == ' ' {
		return true
	}
	if len(line) >= 3 && (line[0] >= 'a' && line[0] <= 'z' || line[0] >= 'A' && line[0] <= 'Z') && (line[1] == ')' || line[1] == '.') {
		rest := strings.TrimLeft(line[2:], "*_")
		if strings.HasPrefix(rest, " ") {
			return true
		}
	}
	l := strings.ToLower(line)
	return strings.HasPrefix(l, "option ") && len(l) > 8 && strings.ContainsAny(l[7:10], ":.)*")
}

// isRule reports a thematic break or a lone fence line.
func isRule(line string) bool {
	t := strings.Trim(line, " \t")
	return t != "" && strings.Trim(t, "-*_=~`") == ""
}
