package lazyre

import (
	"regexp"
	"testing"
)

// TestAnyOfSound: a text the union of several table entries rules out is
// matched by none of them, for groups of entries that fold case, that do
// not, and both; the union rules texts out (it is no filter that lets
// everything through) unless one of its patterns has no prefilter.
func TestAnyOfSound(t *testing.T) {
	var fold, exact []*Regexp
	for i := range prefilters {
		r := New(prefilters[i].expr)
		if prefilters[i].fold {
			fold = append(fold, r)
		} else {
			exact = append(exact, r)
		}
	}
	if len(fold) == 0 || len(exact) < 8 {
		t.Fatalf("%d folding and %d exact table entries: too few to test unions", len(fold), len(exact))
	}
	groups := [][]*Regexp{exact[:8], fold, append([]*Regexp{fold[0]}, exact[:4]...), exact}
	texts := append(samples(), "nothing here", "THE TESTS PASS")
	for _, g := range groups {
		a := NewAnyOf(g...)
		res := make([]*regexp.Regexp, len(g))
		for i, r := range g {
			res[i] = regexp.MustCompile(r.expr)
		}
		ruledOut := 0
		for _, s := range texts {
			if a.MayMatch(s) {
				continue
			}
			ruledOut++
			for _, re := range res {
				if re.MatchString(s) {
					t.Errorf("the union of %d patterns rules out %q, which %q matches", len(g), s, re)
				}
			}
		}
		if ruledOut == 0 {
			t.Errorf("the union of %d patterns rules out none of %d texts", len(g), len(texts))
		}
	}
	if a := NewAnyOf(exact[0], New(`x*`)); !a.MayMatch("") || !a.MayMatch("abc") {
		t.Error("a union with a pattern that has no prefilter rules a text out")
	}
	if NewAnyOf().MayMatch("abc") {
		t.Error("the union of no patterns lets a text through")
	}
}
