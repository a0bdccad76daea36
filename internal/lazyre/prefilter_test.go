package lazyre

import (
	"regexp"
	"slices"
	"testing"
)

// patterns have the shapes of the judge's: phrase alternations, optional
// words, word boundaries, small and large classes, repeats, anchors.
var patterns = []string{
	`b+`,
	`\bi (?:was |am |'m )?(?:still )?(?:unable|not able) to\b`,
	`\bi (?:still )?(?:could ?n[o']t|can't|cannot|can not|did ?n[o']t manage to|have ?n[o']t been able to|failed to)\b (?:\w+ ){0,3}?(?:get|make|fix|build)\b`,
	`\bi tried\b[^.]*\bbut (?:it |that |this |the \w+ )?(?:failed|did ?n[o']t work)\b`,
	`\b(?:exited|failed) with (?:exit )?(?:code|status) [1-9]\d*\b|\bkeeps? (?:failing|timing out|crashing)\b`,
	`\bwhich\b|\bprefer|\brather\b|\beither\b|\bor\b|(?:^|[,:;] )(?:what|how|where|when|who|whom|whose|why)\b`,
	`^(?:if|when|whenever|unless)\b|\b(?:would|could|might|may) (?:still )?(?:fail|break)\b|\bwhy\b`,
	`pre-?existing|already (?:fail|broken|red|failing)|\bon main\b|rate.?limit`,
	`\b(?:no|none|nothing|never|not|no longer|without|zero|0) (?:\w+ ){0,2}$`,
	`(?i)error|failed|cannot`,
	`\A\s*(?:API Error\b|Error:|ERROR:|Traceback \(most recent call last\))`,
	`x*`,
	`(?:ab|cd){2,}e?`,
	`a.b`,
	`[ab][cd][ef][gh][ij]`,
	`\d+/\d+ (?:tests? )?pass`,
	`(?m)^done$`,
	`caf\x{e9}|\x{fffd}x`,
	`[^a]bc`,
}

var inputs = []string{
	"", "b", "abbc", "i was unable to push", "i am not able to", "i couldn't get it to build",
	"i could not really get it fixed", "i tried twice but it failed", "exited with code 2", "keeps failing",
	"which one", "postgres or sqlite", "what", "x: what now", "if it fails", "it might still break", "why",
	"preexisting failure", "pre-existing", "already red", "on main", "ratelimit", "rate limit",
	"no tests ", "not a ", "ERROR here", "Error: boom", "  API Error 529", "Traceback (most recent call last)",
	"abab", "cdabe", "ab", "axb", "acegi", "bdfhj", "3/4 tests pass", "1/1 pass", "x\ndone\ny", "café",
	"\xffx", "\xff", "xbc", "bc", "all done: the tests pass.",
}

func TestPrefilterNeverRejectsAMatch(t *testing.T) {
	for _, p := range patterns {
		re := regexp.MustCompile(p)
		pre := newPrefilter(p)
		for _, s := range inputs {
			if re.MatchString(s) && !pre.pass(s) {
				t.Errorf("pattern %q, input %q: matches, but the prefilter %q rejects it", p, s, pre)
			}
		}
	}
}

func TestPrefilterSets(t *testing.T) {
	tests := []struct {
		expr string
		want prefilter
	}{
		{`\bi tried\b[^.]*\bbut\b`, prefilter{{"i tried"}, {"but"}}},
		{`abc|abd`, prefilter{{"abc", "abd"}}},
		{`(?:still )?fail(?:s|ing)?`, prefilter{{"fail"}}},
		{`\bor\b|\beither\b`, prefilter{{"or", "either"}}},
		{`x*`, nil},
		{`a?`, nil},
		{`(?i)error`, nil},
		{`a.b`, prefilter{{"a"}, {"b"}}},
		{`[^a]bc`, prefilter{{"bc"}}},
		{`b+`, prefilter{{"b"}}},
		{`(`, nil},
	}
	for _, tt := range tests {
		if got := newPrefilter(tt.expr); !slices.EqualFunc(got, tt.want, slices.Equal) {
			t.Errorf("newPrefilter(%q) = %q, want %q", tt.expr, got, tt.want)
		}
	}
}

func TestPrefilterThroughRegexp(t *testing.T) {
	r := New(`\bstill (?:fail(?:s|ing)?|red)\b`)
	if r.MatchString("all done: the tests pass.") || r.FindStringIndex("nothing") != nil || r.FindString("x") != "" ||
		r.FindStringSubmatch("y") != nil {
		t.Error("a string without the pattern's literals matched")
	}
	if got := r.FindStringIndex("the tests still fail."); !slices.Equal(got, []int{10, 20}) {
		t.Errorf("FindStringIndex = %v, want [10 20]", got)
	}
}

// FuzzPrefilter: whatever the pattern and the input, the prefilter lets
// every match through.
func FuzzPrefilter(f *testing.F) {
	for i, p := range patterns {
		f.Add(p, inputs[i%len(inputs)])
	}
	f.Fuzz(func(t *testing.T, expr, s string) {
		re, err := regexp.Compile(expr)
		if err != nil {
			return
		}
		if re.MatchString(s) && !newPrefilter(expr).pass(s) {
			t.Errorf("pattern %q, input %q: matches, but the prefilter %q rejects it", expr, s, newPrefilter(expr))
		}
	})
}
