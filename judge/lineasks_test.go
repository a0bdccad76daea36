package judge

import (
	"regexp"
	"testing"
)

// FuzzLineAsks holds lineAsks to the patterns it stands for: a line it
// rules out is matched by none of them (each compiled by package regexp,
// without the prefilters). The seeds are closing lines that ask and lines
// that do not, in the languages the patterns know.
func FuzzLineAsks(f *testing.F) {
	for _, s := range []string{"", "all done: the tests pass.", "open decisions: the cache ttl", "let me know what you think!",
		"if you're still seeing old timestamps, let me know which client you use.", "please review the plan before i start.",
		"say yes and i'll open the pr.", "승인 대기 중", "承認いただければ実装に入ります。", "exit plan mode and i'll begin.",
		"let me know whether to commit and continue.", "let me know which option you prefer.", "say go and i'll build it.",
		"just say the word.", "ready when you are", "i'll hold off until you confirm.", "Say The Word", "needs input: a new api key"} {
		f.Add(s)
	}
	res := make([]*regexp.Regexp, len(lineAskPatterns))
	for i, r := range lineAskPatterns {
		res[i] = regexp.MustCompile(r.String())
	}
	f.Fuzz(func(t *testing.T, line string) {
		if lineAsks.MayMatch(line) {
			return
		}
		for _, re := range res {
			if re.MatchString(line) {
				t.Fatalf("lineAsks rules out %q, which %q matches", line, re)
			}
		}
	})
}

// TestLineAsksRulesOut: the filter does rule lines out (a filter that
// let every line through would pass FuzzLineAsks and save nothing), and
// lets through the lines that ask.
func TestLineAsksRulesOut(t *testing.T) {
	for _, line := range []string{"all done: the tests pass.", "i updated the parser and added tests."} {
		if lineAsks.MayMatch(line) {
			t.Errorf("lineAsks lets %q through", line)
		}
	}
	for _, line := range []string{"say go and i'll build it.", "open decisions: the cache ttl", "承認いただければ実装に入ります。"} {
		if !lineAsks.MayMatch(line) {
			t.Errorf("lineAsks rules out %q", line)
		}
	}
}
