package judge

import (
	"regexp"
	"regexp/syntax"
	"testing"
)

// FuzzCloser holds the prefilter closer to the patterns it is built
// from: a line it rules out is matched by none of them.
func FuzzCloser(f *testing.F) {
	for _, s := range []string{"", "all done: the tests pass.", "let me know what you think!", "happy to help further.",
		"if you'd like, i can add tests.", "say the word and i'll ship it.", "ご指示があれば続けます", "有问题告诉我",
		"once you answer, i'll start.", "Say Go", "i can also add docs"} {
		f.Add(s)
	}
	res := make([]*regexp.Regexp, len(closerPatterns))
	for i, r := range closerPatterns {
		res[i] = regexp.MustCompile(r.String())
	}
	f.Fuzz(func(t *testing.T, line string) {
		if closer.MayMatch(line) {
			return
		}
		for _, re := range res {
			if re.MatchString(line) {
				t.Fatalf("closer rules out %q, which %q matches", line, re)
			}
		}
	})
}

// TestCloserRulesOut: the filter rules lines out (one that let every line
// through would pass FuzzCloser and save nothing) and lets closers through.
func TestCloserRulesOut(t *testing.T) {
	for _, line := range []string{"all done: the tests pass.", "i updated the parser and added tests."} {
		if closer.MayMatch(line) {
			t.Errorf("closer lets %q through", line)
		}
	}
	for _, line := range []string{"let me know what you think.", "happy to add more.", "say the word and i'll ship it.", "ご指示があれば続けます"} {
		if !closer.MayMatch(line) {
			t.Errorf("closer rules out %q", line)
		}
	}
}

// TestColonRequestEndsWithColon: every match of colonRequest ends the
// text with a colon (the pattern ends with ":$", $ without the m flag),
// so that a text without one need not be matched.
func TestColonRequestEndsWithColon(t *testing.T) {
	re, err := syntax.Parse(colonRequest.String(), syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	re = re.Simplify()
	n := len(re.Sub)
	if re.Op != syntax.OpConcat || n < 2 || re.Sub[n-1].Op != syntax.OpEndText {
		t.Fatalf("colonRequest %q does not end with $ at the end of the text", re)
	}
	last := re.Sub[n-2]
	if last.Op != syntax.OpLiteral || last.Flags&syntax.FoldCase != 0 || len(last.Rune) == 0 || last.Rune[len(last.Rune)-1] != ':' {
		t.Fatalf("colonRequest %q does not end with a colon before $: got %v before it", re, last)
	}
	for _, s := range []string{"can you run:", "could you check the logs:", "so can you share the output:"} {
		if !colonRequest.MatchString(s) {
			t.Errorf("colonRequest does not match %q", s)
		}
	}
}
