package lazyre

import (
	"math/bits"
	"sort"
	"strings"
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
	// sigs holds the bigram set (see bigrams) of each literal of any, for
	// a filter with enough literals to gain by it; nil otherwise.
	sigs []bigramSet
	// With sigs, the literals are grouped by a key: one bit of each
	// literal's set, one that few texts hold (see keyOf). A text whose set
	// lacks a group's key holds none of its literals, so that a text is
	// compared with the literals of the keys it holds only, not with all
	// (see keyed).
	keys  bigramSet // the keys of the literals
	byKey []uint16  // literal indices, grouped by key in bit order
	from  []uint16  // from[r]: where the group of the r-th key starts in byKey
	bare  []uint16  // literals too short for a bigram: always compared
}

// lookup returns the prefilter of expr, or nil when every text may match.
func lookup(expr string) *prefilter {
	var p *prefilter
	if t := lookupTable(expr); t != nil {
		c := *t // the table is shared: sigs go on a copy
		p = &c
	} else {
		lits, fold := derive(expr)
		if lits == nil {
			return nil
		}
		p = &prefilter{expr: expr, fold: fold, any: lits}
	}
	p.sigs = sigsOf(p.any)
	if p.sigs != nil {
		p.keyed()
	}
	return p
}

// keyed groups p's literals by their keys (see prefilter), for a filter
// with sigs.
func (p *prefilter) keyed() {
	var groups [128][]uint16
	for i, lit := range p.any {
		k, ok := keyOf(lit)
		if !ok {
			p.bare = append(p.bare, uint16(i))
			continue
		}
		p.keys[k>>6] |= 1 << (k & 63)
		groups[k] = append(groups[k], uint16(i))
	}
	p.byKey = make([]uint16, 0, len(p.any)-len(p.bare))
	for _, g := range groups {
		if len(g) > 0 {
			p.from = append(p.from, uint16(len(p.byKey)))
			p.byKey = append(p.byKey, g...)
		}
	}
	p.from = append(p.from, uint16(len(p.byKey)))
}

// keyOf returns the key of lit: the bit of its bigram that texts hold
// least often (bucketFreq); false when lit is shorter than a bigram. A
// text holds a key with the bit's frequency, and then costs a look at
// each literal of the key's group: the rarer the keys, the fewer looks.
func keyOf(lit string) (uint, bool) {
	best, key := 256, uint(0)
	for i := 1; i < len(lit); i++ {
		if k := bigram(lit[i-1], lit[i]); int(bucketFreq[k]) < best {
			best, key = int(bucketFreq[k]), k
		}
	}
	return key, best < 256
}

// A bigramSet has bit bigram(a, b) set for each pair of bytes a, b that
// follow each other in a text. A text that contains a literal holds each
// of its bigrams, so a literal whose set is not within the text's cannot
// be in it: most literals are ruled out by one AND, without a search.
type bigramSet [2]uint64

// bigram hashes a pair of bytes to one of a bigramSet's 128 bits.
func bigram(a, b byte) uint { return (uint(a)*31 + uint(b)) & 127 }

// bigrams returns the bigram set of s.
func bigrams(s string) (set bigramSet) {
	for i := 1; i < len(s); i++ {
		h := bigram(s[i-1], s[i])
		set[h>>6] |= 1 << (h & 63)
	}
	return set
}

// minSigLits is the fewest literals for which a filter keeps their
// bigram sets: below it, searching for each literal costs about as much
// as making the text's set.
const minSigLits = 3

// sigTextPerLit bounds the text a filter with bigram sets makes a set of:
// up to this many bytes per literal; a longer text is searched for each
// literal, which costs less than a byte-by-byte pass then.
const sigTextPerLit = 12

// sigsOf returns the bigram sets of lits, or nil when too few to pay.
func sigsOf(lits []string) []bigramSet {
	if len(lits) < minSigLits {
		return nil
	}
	sigs := make([]bigramSet, len(lits))
	for i, l := range lits {
		sigs[i] = bigrams(l)
	}
	return sigs
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
	if p.sigs != nil && len(s) <= sigTextPerLit*len(p.any) {
		set := bigramMemo.get(s, bigrams)
		for _, i := range p.bare {
			if strings.Contains(s, p.any[i]) {
				return true
			}
		}
		// The groups of the keys s holds: r counts the keys before them.
		low := bits.OnesCount64(p.keys[0])
		for w, held := range [2]uint64{p.keys[0] & set[0], p.keys[1] & set[1]} {
			for held != 0 {
				b := bits.TrailingZeros64(held)
				held &= held - 1
				r := bits.OnesCount64(p.keys[w] & (1<<b - 1))
				if w == 1 {
					r += low
				}
				for _, i := range p.byKey[p.from[r]:p.from[r+1]] {
					sig := p.sigs[i]
					if sig[0]&^set[0] == 0 && sig[1]&^set[1] == 0 && strings.Contains(s, p.any[i]) {
						return true
					}
				}
			}
		}
		return false
	}
	for _, lit := range p.any {
		if strings.Contains(s, lit) {
			return true
		}
	}
	return false
}

// foldMemo and bigramMemo hold the folds and the bigram sets of the last
// texts asked about (see memo).
var (
	foldMemo   memo[string]
	bigramMemo memo[bigramSet]
)

// folded returns foldASCII(s): s itself when it is ASCII without
// capitals (the judge's cleaned lines), else from foldMemo when s was
// folded last in its slot.
func folded(s string) string {
	if lowerASCII(s) {
		return s
	}
	return foldMemo.get(s, foldASCII)
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
