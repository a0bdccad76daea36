package lazyre

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode/utf8"
)

// maxSet bounds the literal sets the derivation builds.
const maxSet = 32

// facts are what the derivation knows of a pattern (or a part of one).
type facts struct {
	// exact, when known (exactOK), is every string the part matches.
	exact   []string
	exactOK bool
	// need, when not nil, holds literals one of which every match
	// contains.
	need []string
}

// derive returns the literals one of which every match of expr contains,
// and whether they are lower-cased for a case-folding pattern; nil when
// no useful set exists (or expr does not parse).
func derive(expr string) (lits []string, fold bool) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil, false
	}
	re = re.Simplify()
	fold = foldsCase(re)
	f := analyze(re, fold)
	best := f.need
	if f.exactOK && better(f.exact, best) {
		best = f.exact
	}
	if score(best) == 0 {
		return nil, false
	}
	return minimal(best), fold
}

// foldsCase reports whether a literal of re folds case.
func foldsCase(re *syntax.Regexp) bool {
	if re.Op == syntax.OpLiteral && re.Flags&syntax.FoldCase != 0 {
		return true
	}
	return slices.ContainsFunc(re.Sub, foldsCase)
}

func analyze(re *syntax.Regexp, fold bool) facts {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return facts{exact: []string{""}, exactOK: true}
	case syntax.OpLiteral:
		if !fold && !slices.Contains(re.Rune, utf8.RuneError) {
			// Without case folding, a match holds the literal's bytes
			// as they are, non-ASCII runes included (U+FFFD aside: the
			// matcher reads it in for any invalid byte).
			lit := string(re.Rune)
			return facts{exact: []string{lit}, exactOK: true, need: []string{lit}}
		}
		// Folded literals stay ASCII (see foldASCII): a non-ASCII rune
		// splits the literal, and the longest ASCII piece is required.
		var b strings.Builder
		longest, ascii := "", true
		for _, r := range re.Rune {
			if r >= 0x80 {
				ascii = false
				b.Reset()
				continue
			}
			if fold && 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			b.WriteRune(r)
			if b.Len() > len(longest) {
				longest = b.String()
			}
		}
		if !ascii {
			if longest == "" {
				return facts{}
			}
			return facts{need: []string{longest}}
		}
		return facts{exact: []string{longest}, exactOK: true, need: []string{longest}}
	case syntax.OpCharClass:
		var set []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			if hi >= 0x80 || hi-lo >= maxSet {
				return facts{}
			}
			for r := lo; r <= hi; r++ {
				if fold && 'A' <= r && r <= 'Z' {
					r += 'a' - 'A'
				}
				set = append(set, string(r))
			}
		}
		set = dedupe(set)
		if len(set) > maxSet {
			return facts{}
		}
		return facts{exact: set, exactOK: true, need: set}
	case syntax.OpCapture:
		return analyze(re.Sub[0], fold)
	case syntax.OpQuest:
		sub := analyze(re.Sub[0], fold)
		if sub.exactOK && len(sub.exact) < maxSet {
			return facts{exact: dedupe(append([]string{""}, sub.exact...)), exactOK: true}
		}
		return facts{}
	case syntax.OpPlus:
		return facts{need: analyze(re.Sub[0], fold).need}
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return facts{need: analyze(re.Sub[0], fold).need}
		}
		return facts{}
	case syntax.OpConcat:
		var best []string
		run, exact := []string{""}, true
		for _, s := range re.Sub {
			f := analyze(s, fold)
			if better(f.need, best) {
				best = f.need
			}
			if f.exactOK && len(run)*len(f.exact) <= maxSet {
				run = cross(run, f.exact)
				continue
			}
			exact = false
			if m := minimal(run); better(m, best) {
				best = m
			}
			run = []string{""}
			if f.exactOK && len(f.exact) <= maxSet {
				run = f.exact
			}
		}
		if m := minimal(run); better(m, best) {
			best = m
		}
		if exact {
			return facts{exact: run, exactOK: true, need: best}
		}
		return facts{need: best}
	case syntax.OpAlternate:
		var exact, need []string
		exactOK, needOK := true, true
		for _, s := range re.Sub {
			f := analyze(s, fold)
			exactOK = exactOK && f.exactOK
			exact = append(exact, f.exact...)
			n := f.need
			if f.exactOK && better(f.exact, n) {
				n = f.exact
			}
			if score(n) == 0 {
				needOK = false
			}
			need = append(need, n...)
		}
		var out facts
		if exactOK && len(exact) <= maxSet {
			out.exact, out.exactOK = dedupe(exact), true
		}
		if needOK {
			if need = minimal(need); len(need) <= 4*maxSet {
				out.need = need
			}
		}
		return out
	}
	// OpAnyChar, OpAnyCharNotNL, OpStar, OpNoMatch: nothing to require.
	return facts{}
}

// cross returns every a+b.
func cross(as, bs []string) []string {
	out := make([]string, 0, len(as)*len(bs))
	for _, a := range as {
		for _, b := range bs {
			out = append(out, a+b)
		}
	}
	return dedupe(out)
}

// goodLen is the literal length from which a literal is rare enough in
// prose: a longer one does not make a better filter, fewer literals do.
const goodLen = 6

// score rates a literal set as a filter: its shortest literal's length,
// up to goodLen (0: no filter).
func score(set []string) int {
	if len(set) == 0 {
		return 0
	}
	m := len(set[0])
	for _, s := range set[1:] {
		m = min(m, len(s))
	}
	return min(m, goodLen)
}

// better reports whether a filters better than b: longer shortest
// literal, then fewer literals.
func better(a, b []string) bool {
	sa, sb := score(a), score(b)
	if sa != sb {
		return sa > sb
	}
	return sa > 0 && len(a) < len(b)
}

func dedupe(set []string) []string {
	set = slices.Clone(set)
	slices.Sort(set)
	return slices.Compact(set)
}

// minimal drops every literal that contains another of the set: finding
// the shorter one is enough.
func minimal(set []string) []string {
	set = dedupe(set)
	var out []string
	for _, s := range set {
		if !slices.ContainsFunc(set, func(t string) bool { return t != s && strings.Contains(s, t) }) {
			out = append(out, s)
		}
	}
	return out
}
