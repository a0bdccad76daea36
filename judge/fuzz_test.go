package judge_test

import (
	"strings"
	"testing"

	"github.com/stophook/stophook/judge"
)

// FuzzClassify checks that Classify never panics, returns a known class
// and a kind of that class, and gives evidence for anything but Done.
// Seed corpus: testdata/fuzz/FuzzClassify.
func FuzzClassify(f *testing.F) {
	for _, s := range []string{"", "Shall I proceed?", "A or B?", "Error: x", "```\n?\n```", "- a?\n- b", "?", "\r\r?\r",
		"**?**", "`` ` ``", "```\n", "~~~~\nx\n~~~", "1. a?\n2. b?", "I couldn't get it to build", "tests still fail"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		v := judge.Classify(text)
		if v.Class.String() == "unknown" || v.Kind.String() == "unknown" {
			t.Fatalf("Classify(%q) = %d/%d, not a class and kind", text, int(v.Class), int(v.Kind))
		}
		if v.Kind.Class() != v.Class {
			t.Fatalf("Classify(%q) = %v: kind of another class", text, v)
		}
		if v.Class != judge.Done && strings.TrimSpace(v.Why) == "" {
			t.Fatalf("Classify(%q) = %v with no evidence", text, v)
		}
		if v.Confidence < 0 || v.Confidence > 1 {
			t.Fatalf("Classify(%q) confidence %v", text, v.Confidence)
		}
	})
}
