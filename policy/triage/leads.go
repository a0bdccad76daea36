package triage

import (
	"regexp/syntax"
	"strings"
)

// Matching every cue's regexp against every sentence is slow (Go's regexp
// has no DFA). Each cue starts at a word boundary, so a match begins with a
// word character and with one of a few literals, its "leads": "chose|went with"
// leads with "chose" or "went with". A sentence is lower-cased once, and a
// cue's regexp runs only when one of its leads occurs at the start of a
// word; leads are indexed by their first letters. Cues whose leads cannot
// be computed (`\d+ ms`) always run.

// leadsOf returns the lower-case literals one of which begins every match
// of the parsed cue re, or nil when they cannot be computed. A lead may
// span words ("went with"); its first word is never empty.
func leadsOf(re *syntax.Regexp) []string {
	ls, ok := leads(re)
	if !ok {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for _, l := range ls {
		l = strings.ToLower(l)
		if l == "" || !isWordChar(l[0]) {
			return nil
		}
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}

// leads returns the literal strings one of which begins every match of re.
func leads(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{string(re.Rune)}, true
	case syntax.OpCapture, syntax.OpPlus:
		return leads(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min < 1 {
			return nil, false
		}
		return leads(re.Sub[0])
	case syntax.OpConcat:
		for i, sub := range re.Sub {
			switch sub.Op {
			case syntax.OpWordBoundary, syntax.OpBeginText, syntax.OpBeginLine, syntax.OpEmptyMatch:
				continue
			}
			first, ok := leads(sub)
			if !ok {
				return nil, false
			}
			// Extend a single literal with the literal that follows it,
			// so "so (?:we|the)" leads with "so " rather than "so".
			if len(first) == 1 && sub.Op == syntax.OpLiteral && i+1 < len(re.Sub) {
				if next, ok := leads(re.Sub[i+1]); ok {
					var out []string
					for _, n := range next {
						out = append(out, first[0]+n)
					}
					return out, true
				}
			}
			return first, true
		}
		return nil, false
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			ls, ok := leads(sub)
			if !ok {
				return nil, false
			}
			out = append(out, ls...)
		}
		return out, true
	case syntax.OpCharClass:
		// A small class of letters, as in the factored "chos(?:e|en)" or
		// "[Tt]odo": each letter is a lead.
		var out []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i+1]-re.Rune[i] > 3 {
				return nil, false
			}
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				out = append(out, string(r))
			}
		}
		return out, len(out) > 0 && len(out) <= 8
	}
	return nil, false
}

// isWordChar reports the bytes of \w (ASCII letters after lower-casing,
// digits, underscore), which define \b.
func isWordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// lowerASCII lower-cases the ASCII letters of s, keeping its length.
func lowerASCII(s string, buf []byte) []byte {
	buf = append(buf[:0], s...)
	for i, c := range buf {
		if c >= 'A' && c <= 'Z' {
			buf[i] = c + 'a' - 'A'
		}
	}
	return buf
}

// tokenStarts returns the offsets in lower where a \b precedes a word
// character: the only places a cue can begin.
func tokenStarts(lower []byte, buf []int) []int {
	buf = buf[:0]
	in := false
	for i, c := range lower {
		w := isWordChar(c)
		if w && !in {
			buf = append(buf, i)
		}
		in = w
	}
	return buf
}
