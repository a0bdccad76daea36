package signals

import "strings"

// Tag is a completion signal <Name>VALUE</Name>, valid when VALUE is one of
// Values. Names and values are matched exactly, case included; a Tag with no
// Values never matches.
type Tag struct {
	Name   string
	Values []string
}

// Signal returns the signal of t with value: <Name>value</Name>. It is the
// text an agent is told to print.
func (t Tag) Signal(value string) string {
	return "<" + t.Name + ">" + value + "</" + t.Name + ">"
}

// Match reports the value of line if line, trimmed of surrounding white
// space, is exactly <Name>VALUE</Name> with VALUE one of t.Values. Match does
// not look for code: use [Find] on whole messages.
func (t Tag) Match(line string) (value string, ok bool) {
	if t.Name == "" {
		return "", false
	}
	line = strings.TrimSpace(line)
	rest, found := strings.CutPrefix(line, "<"+t.Name+">")
	if !found {
		return "", false
	}
	value, found = strings.CutSuffix(rest, "</"+t.Name+">")
	if !found {
		return "", false
	}
	for _, v := range t.Values {
		if v == value {
			return value, true
		}
	}
	return "", false
}

// Find reports the first tag (and its value) of tags that stands alone on
// its own line outside code in text. "First" is in text order: the earliest
// line that is a signal of any of tags wins; on that line, the first of tags
// that matches.
//
// A signal stands alone when its line, trimmed of white space, is exactly
// the signal: mid-sentence, quoted (> …), bulleted (- …) or emphasised
// (**…**) signals do not count. Code is blanked by [Prose] first, so a
// signal shown in a fenced block, an indented block or an inline code span
// does not count either. Only the last 256 KiB of text are examined.
func Find(text string, tags ...Tag) (tag Tag, value string, ok bool) {
	text = tail(text)
	if !mentionsAny(text, tags) || !anyCandidate(text, tags) {
		return Tag{}, "", false
	}
	for line := range trimmedLines(Prose(text)) {
		for _, t := range tags {
			if v, ok := t.Match(line); ok {
				return t, v, true
			}
		}
	}
	return Tag{}, "", false
}

// anyCandidate reports whether some raw line of text is a signal of tags.
// It is a cheap pre-check that saves the Markdown parse for most messages:
// blanking code never makes a line a signal, since it only blanks whole
// lines, line ends after a container prefix, or code spans whose backticks
// stay on the line.
func anyCandidate(text string, tags []Tag) bool {
	for line := range trimmedLines(text) {
		for _, t := range tags {
			if _, ok := t.Match(line); ok {
				return true
			}
		}
	}
	return false
}

// mentionsAny reports whether a closing tag of tags occurs in text at all, a
// check faster still than [anyCandidate].
func mentionsAny(text string, tags []Tag) bool {
	for _, t := range tags {
		if t.Name != "" && strings.Contains(text, "</"+t.Name+">") {
			return true
		}
	}
	return false
}
