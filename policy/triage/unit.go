package triage

import "strings"

// A unit is a paragraph, or a list with the line that leads into it: the
// stretch of prose within which evidence adds up. "We went with SQLite."
// scores little alone; followed in the same paragraph by "It needs no
// server, so deploys stay one binary." the two say a decision and its
// reason. units groups the sentences of prose (spans, in order) into units
// and returns, for each sentence, the index of its unit.
func units(prose string, spans []span, buf []int) []int {
	out := buf[:0]
	unit := -1
	prevEnd := -1
	prevLeadIn := false // the last line before the gap ends with ':'
	for _, sp := range spans {
		switch {
		case prevEnd < 0:
			unit = 0
		default:
			gap := prose[prevEnd:sp.start]
			blank := strings.Count(gap, "\n") >= 2
			lineStart := strings.Contains(gap, "\n")
			item := lineStart && isItem(prose[sp.start:])
			switch {
			case blank && !(item && prevLeadIn):
				unit++ // a new paragraph, unless a list follows its lead-in
			case lineStart && !item && prevItem(prose, prevEnd):
				unit++ // prose after a list
			}
		}
		out = append(out, unit)
		prevEnd = sp.end
		prevLeadIn = strings.HasSuffix(strings.TrimRight(prose[sp.start:sp.end], " *_"), ":")
	}
	return out
}

// isItem reports whether s starts with a list marker: "- ", "* ", "+ ",
// "• " or "1. ", "2) ".
func isItem(s string) bool {
	s = strings.TrimLeft(s, " \t>")
	if strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "* ") || strings.HasPrefix(s, "+ ") || strings.HasPrefix(s, "• ") {
		return true
	}
	return trimOrdinal(s) != s
}

// prevItem reports whether the line holding offset end-1 of prose is a
// list item.
func prevItem(prose string, end int) bool {
	start := strings.LastIndexByte(prose[:end], '\n') + 1
	return isItem(prose[start:end])
}
