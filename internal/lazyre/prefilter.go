package lazyre

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode/utf8"
)

// A prefilter is what a string must contain for a pattern to match it:
// for each set in the list, at least one of the set's literals. A string
// that fails it cannot match, so the matcher is not run: most of the
// judge's patterns are long alternations of phrases, which Go's regexp
// engine tries at every position of the text, while a substring search
// for their phrases costs a few nanoseconds. An empty prefilter lets
// everything through.
//
// It is derived from the parsed pattern (the idea of RE2's prefilter,
// simplified): a literal must appear; a concatenation needs what each
// part needs; an alternation needs one of what its branches need;
// anything optional or repeated zero times needs nothing. Case-folded
// literals and large character classes need nothing, so the filter
// stays exact: it only ever rejects strings the pattern does not match.
type prefilter [][]string

// Bounds of the analysis.
const (
	maxExact   = 16 // strings in a set of exact matches, before it is given up
	maxClass   = 4  // runes of a character class expanded into exact matches
	maxFilters = 4  // sets kept, most selective first
)

// pass reports whether s contains at least one literal of every set.
func (p prefilter) pass(s string) bool {
	for _, set := range p {
		found := false
		for _, lit := range set {
			if strings.Contains(s, lit) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// newPrefilter derives the prefilter of expr, parsed as regexp.Compile
// parses it; a pattern it cannot parse gets none.
func newPrefilter(expr string) prefilter {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	return analyze(re).required()
}

// info is what the analysis knows of a sub-pattern: either the finite
// set of strings it matches (exact), or sets of literals its matches
// contain (need, all of them; none means nothing is known).
type info struct {
	exact   []string
	isExact bool
	need    [][]string
}

func exactly(s ...string) info { return info{exact: s, isExact: true} }

var anything = info{}

// required turns i into sets of needed literals.
func (i info) required() prefilter {
	if !i.isExact {
		return i.need
	}
	if len(i.exact) == 0 || slices.Contains(i.exact, "") {
		return nil // matches the empty string: nothing needed
	}
	return prefilter{minimal(i.exact)}
}

func analyze(re *syntax.Regexp) info {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 || slices.Contains(re.Rune, utf8.RuneError) {
			return anything
		}
		return exactly(string(re.Rune))
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
		syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return exactly("")
	case syntax.OpCharClass:
		return class(re.Rune)
	case syntax.OpCapture:
		return analyze(re.Sub[0])
	case syntax.OpQuest:
		sub := analyze(re.Sub[0])
		if sub.isExact && len(sub.exact) < maxExact {
			return exactly(union(sub.exact, []string{""})...)
		}
		return anything
	case syntax.OpPlus:
		return info{need: analyze(re.Sub[0]).required()}
	case syntax.OpRepeat:
		if re.Min == 0 {
			return anything
		}
		return info{need: analyze(re.Sub[0]).required()}
	case syntax.OpConcat:
		return concat(re.Sub)
	case syntax.OpAlternate:
		return alternate(re.Sub)
	}
	return anything // any character, a star, no match
}

// class expands a small character class into its runes.
func class(ranges []rune) info {
	var out []string
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			if len(out) == maxClass || r == utf8.RuneError {
				return anything
			}
			out = append(out, string(r))
		}
	}
	if len(out) == 0 {
		return anything
	}
	return exactly(out...)
}

// concat needs what each part needs: runs of exact parts are multiplied
// out while the sets stay small, then every part's need is kept.
func concat(subs []*syntax.Regexp) info {
	cur := []string{""}
	var need [][]string
	exact := true
	flush := func() {
		need = append(need, info{exact: cur, isExact: true}.required()...)
		cur = []string{""}
	}
	for _, sub := range subs {
		s := analyze(sub)
		if !s.isExact {
			exact = false
			flush()
			need = append(need, s.need...)
			continue
		}
		if len(cur)*len(s.exact) > maxExact {
			exact = false
			flush()
		}
		cur = cross(cur, s.exact)
	}
	if exact {
		return exactly(cur...)
	}
	flush()
	return info{need: best(need)}
}

// alternate needs one of what each branch needs.
func alternate(subs []*syntax.Regexp) info {
	parts := make([]info, len(subs))
	exact := true
	var all []string
	for i, sub := range subs {
		parts[i] = analyze(sub)
		if exact && parts[i].isExact && len(all)+len(parts[i].exact) <= maxExact {
			all = union(all, parts[i].exact)
		} else {
			exact = false
		}
	}
	if exact {
		return exactly(all...)
	}
	var set []string
	for _, p := range parts {
		req := p.required()
		if len(req) == 0 {
			return anything // a branch that needs nothing
		}
		set = append(set, req[0]...) // the branch's most selective set
	}
	return info{need: [][]string{minimal(set)}}
}

func cross(a, b []string) []string {
	out := make([]string, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
		}
	}
	return union(nil, out)
}

// union returns the strings of a and b, each once.
func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, s := range b {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// minimal drops the literals that contain another of the set: finding
// the shorter one is enough.
func minimal(set []string) []string {
	set = union(nil, set)
	out := set[:0:0]
	for i, s := range set {
		redundant := false
		for j, t := range set {
			if i != j && len(t) < len(s) && strings.Contains(s, t) {
				redundant = true
				break
			}
		}
		if !redundant {
			out = append(out, s)
		}
	}
	return out
}

// best orders sets most selective first (the longest shortest literal,
// then the fewest literals) and keeps maxFilters of them.
func best(sets [][]string) [][]string {
	score := func(set []string) int {
		m := len(set[0])
		for _, s := range set {
			m = min(m, len(s))
		}
		return m
	}
	slices.SortStableFunc(sets, func(a, b []string) int {
		if d := score(b) - score(a); d != 0 {
			return d
		}
		return len(a) - len(b)
	})
	return sets[:min(len(sets), maxFilters)]
}
