package lazyre

import "sync"

// AnyOf is one prefilter for several patterns that are tried on the same
// texts in turn: the union of their literals. A text that contains none of
// them can match none of the patterns, which one test then says instead of
// one per pattern (about 230 instructions each, most of it the memo
// look-up and the key groups of mayMatch).
type AnyOf struct {
	rs   []*Regexp
	once sync.Once
	pre  *prefilter
}

// NewAnyOf returns the prefilter of rs together; it is built on first use.
func NewAnyOf(rs ...*Regexp) *AnyOf { return &AnyOf{rs: rs} }

// MayMatch reports whether one of the patterns may match s: false means
// that the MatchString, FindString… of each of them would find nothing.
func (a *AnyOf) MayMatch(s string) bool {
	a.once.Do(func() { a.pre = union(a.rs) })
	return a.pre.mayMatch(s)
}

// union returns a prefilter that rules out a text only when the prefilter
// of each of rs does: nil (any text may match) when one of them has none.
// When some fold case and others do not, all fold: a text that contains a
// literal contains its fold once folded (foldASCII maps rune by rune, and
// a literal starts on a rune), so the union is weaker than the parts'
// filters, never wrong.
func union(rs []*Regexp) *prefilter {
	var lits []string
	fold := false
	for _, r := range rs {
		p := r.filterOf()
		if p == nil {
			return nil
		}
		fold = fold || p.fold
	}
	for _, r := range rs {
		p := r.filterOf()
		for _, l := range p.any {
			if fold && !p.fold {
				l = foldASCII(l)
			}
			lits = append(lits, l)
		}
	}
	p := &prefilter{fold: fold, any: minimal(lits)}
	p.sigs = sigsOf(p.any)
	if p.sigs != nil {
		p.keyed()
	}
	return p
}
