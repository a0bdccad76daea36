package judge_test

import (
	"testing"

	"github.com/stophook/stophook/judge"
)

// FuzzClassify checks that Classify never panics, returns a known class,
// and that Done comes with no evidence only when nothing was found.
// Seed corpus: testdata/fuzz/FuzzClassify.
func FuzzClassify(f *testing.F) {
	for _, s := range []string{"", "Shall I proceed?", "A or B?", "Error: x", "```\n?\n```", "- a?\n- b", "?", "\r\r?\r", "**?**"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, why := judge.Classify(text)
		if c.String() == "unknown" {
			t.Fatalf("Classify(%q) = %d, not a class", text, int(c))
		}
		if c != judge.Done && why == "" {
			t.Fatalf("Classify(%q) = %v with no evidence", text, c)
		}
	})
}
