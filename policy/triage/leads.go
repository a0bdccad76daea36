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

// analysis is what the lead index knows of a cue: the strings it matches
// (literals), else the literals its matches begin with (leads), else
// nothing (the regexp always runs).
type analysis struct {
	literals, leads []string
}

// analyze parses a cue's expression and computes its analysis. The
// default cues are looked up in a generated table (leads_default.go), as
// parsing them costs more than scoring a whole turn in a hook process.
func analyze(expr string) (analysis, error) {
	if a, ok := defaultAnalysis[expr]; ok {
		return a, nil
	}
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return analysis{}, err
	}
	if lits := literalsOf(re); lits != nil {
		return analysis{literals: lits}, nil
	}
	return analysis{leads: leadsOf(re)}, nil
}

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
		// A small class, as in the factored "fixe[ds]" or \d: each rune is
		// a lead.
		out, ok := classRunes(re, 10)
		return out, ok && len(out) > 0
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

// maxLiterals bounds the strings a cue may expand to.
const maxLiterals = 256

// literalsOf returns every string the parsed cue \b(?:…)\b matches,
// lower-cased, when the cue is a small finite set of case-insensitive
// literals starting with a word character ("decided|decision",
// "rate[- ]?limits?"); such a cue matches exactly where one of them starts
// a word and is followed by a \b, and needs no regexp. It returns nil for
// any other cue.
func literalsOf(re *syntax.Regexp) []string {
	if re.Op != syntax.OpConcat || len(re.Sub) < 3 ||
		re.Sub[0].Op != syntax.OpWordBoundary || re.Sub[len(re.Sub)-1].Op != syntax.OpWordBoundary {
		return nil
	}
	inner := &syntax.Regexp{Op: syntax.OpConcat, Sub: re.Sub[1 : len(re.Sub)-1]}
	ls, ok := literals(inner)
	if !ok {
		return nil
	}
	for _, l := range ls {
		if l == "" || !isWordChar(l[0]) {
			return nil
		}
	}
	return ls
}

func literals(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpEmptyMatch:
		return []string{""}, true
	case syntax.OpLiteral:
		s := string(re.Rune)
		if re.Flags&syntax.FoldCase == 0 && strings.ToLower(s) != strings.ToUpper(s) {
			return nil, false // case-sensitive letters: leave it to the regexp
		}
		for _, r := range re.Rune {
			if r >= 0x80 {
				return nil, false
			}
		}
		return []string{strings.ToLower(s)}, true
	case syntax.OpCapture:
		return literals(re.Sub[0])
	case syntax.OpQuest:
		ls, ok := literals(re.Sub[0])
		return append([]string{""}, ls...), ok
	case syntax.OpCharClass:
		out, ok := classRunes(re, 16)
		return dedupe(out), ok
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			ls, ok := literals(sub)
			if !ok {
				return nil, false
			}
			out = append(out, ls...)
		}
		if len(out) > maxLiterals {
			return nil, false
		}
		return dedupe(out), true
	case syntax.OpConcat:
		out := []string{""}
		for _, sub := range re.Sub {
			ls, ok := literals(sub)
			if !ok || len(out)*len(ls) > maxLiterals {
				return nil, false
			}
			var next []string
			for _, a := range out {
				for _, b := range ls {
					next = append(next, a+b)
				}
			}
			out = next
		}
		return dedupe(out), true
	}
	return nil, false
}

func dedupe(ss []string) []string {
	seen := make(map[string]bool, len(ss))
	out := ss[:0]
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// classRunes returns the runes of a character class as lower-case
// strings, or false when it holds more than max or a non-ASCII rune. The
// non-ASCII runes (?i) adds to s and k (ſ, K) are left out: [Scorer.possible]
// runs every regexp on text containing them.
func classRunes(re *syntax.Regexp, max int) ([]string, bool) {
	var out []string
	for i := 0; i+1 < len(re.Rune); i += 2 {
		lo, hi := re.Rune[i], re.Rune[i+1]
		if hi-lo >= rune(max) {
			return nil, false
		}
		for r := lo; r <= hi; r++ {
			if r == '\u017F' || r == '\u212A' {
				continue
			}
			if r >= 0x80 || len(out) == max {
				return nil, false
			}
			out = append(out, strings.ToLower(string(r)))
		}
	}
	return out, true
}
