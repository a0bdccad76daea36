package policy

import (
	"strings"
	"testing"

	"github.com/stophook/stophook/judge"
)

// TestJudgedWhy: the why of a judged stop, made in one piece, is the text
// quote makes, for reasons up to the quoted length and beyond it.
func TestJudgedWhy(t *testing.T) {
	for _, v := range []judge.Verdict{
		{Class: judge.Done, Why: "no question, no failure stated"},
		{Class: judge.Question, Kind: judge.Permission, Why: "Shall I go on?"},
		{Class: judge.Error, Why: ""},
		{Class: judge.Error, Why: strings.Repeat("é", quoteMax)},
		{Class: judge.Error, Why: strings.Repeat("é", quoteMax+1)},
		{Class: judge.Done, Why: "ends \"quoted\"\n" + strings.Repeat("x", 300)},
	} {
		want := "turn judged " + v.String() + ": " + quote(v.Why)
		if got := judgedWhy(v); got != want {
			t.Errorf("judgedWhy(%v %q) = %q, want %q", v, v.Why, got, want)
		}
	}
}
