package lazyre

import (
	"sort"
	"strings"
	"sync/atomic"
)

// A prefilter holds literals of which every match of expr contains at
// least one: a text that contains none of them cannot match, and the
// regular expression need not be compiled to say so. The table of
// prefilters (prefilter_table.go) is derived from the repository's
// patterns by TestPrefilterTable at development time: deriving one parses
// the pattern, about half of what compiling it costs. A pattern missing
// from the table (added since) is derived on first use.
type prefilter struct {
	expr string
	// fold: the literals are lower-case and a text is compared lower-cased
	// (the pattern folds case somewhere).
	fold bool
	any  []string
}

// lookup returns the prefilter of expr, or nil when every text may match.
func lookup(expr string) *prefilter {
	if p := lookupTable(expr); p != nil {
		return p
	}
	lits, fold := derive(expr)
	if lits == nil {
		return nil
	}
	return &prefilter{expr: expr, fold: fold, any: lits}
}

// lookupTable returns the table's prefilter of expr, or nil.
func lookupTable(expr string) *prefilter {
	i := sort.Search(len(prefilters), func(i int) bool { return prefilters[i].expr >= expr })
	if i < len(prefilters) && prefilters[i].expr == expr {
		return &prefilters[i]
	}
	return nil
}

// mayMatch reports whether s contains one of p's literals; false means no
// match is possible. A nil p may match anything.
func (p *prefilter) mayMatch(s string) bool {
	if p == nil {
		return true
	}
	if p.fold {
		s = folded(s)
	}
	for _, lit := range p.any {
		if strings.Contains(s, lit) {
			return true
		}
	}
	return false
}

// lastFold holds the last text folded and its fold: the judge asks some
// hundred case-folding patterns about one text in turn, which then folds
// it once instead of once per pattern.
var lastFold atomic.Pointer[[2]string]

// folded returns foldASCII(s): s itself when it is ASCII without
// capitals (the judge's cleaned lines), else from lastFold when s was the
// last text.
func folded(s string) string {
	if lowerASCII(s) {
		return s
	}
	if c := lastFold.Load(); c != nil && c[0] == s {
		return c[1]
	}
	f := foldASCII(s)
	lastFold.Store(&[2]string{s, f})
	return f
}

// lowerASCII reports whether s is ASCII without capitals: foldASCII(s) is s.
func lowerASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || 'A' <= c && c <= 'Z' {
			return false
		}
	}
	return true
}

// foldASCII lower-cases the ASCII letters of s and maps the two non-ASCII
// runes that fold to ASCII letters (U+212A KELVIN SIGN to k, U+017F LONG S
// to s), so that a case-folding literal is found in it exactly when the
// pattern's literal matches.
func foldASCII(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case 'A' <= r && r <= 'Z':
			return r + 'a' - 'A'
		case r == '\u212A':
			return 'k'
		case r == '\u017F':
			return 's'
		}
		return r
	}, s)
}

// filterOf returns r's prefilter, looked up once.
func (r *Regexp) filterOf() *prefilter {
	r.preOnce.Do(func() { r.pre = lookup(r.expr) })
	return r.pre
}
