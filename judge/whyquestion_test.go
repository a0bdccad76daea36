package judge

import "testing"

// TestQuestionWhyWhole: a closing question that classifyQuestion reads
// part by part (a lead-in, or questions joined on one line) is given whole
// as the verdict's why: reading the parts leaves the closing alone.
func TestQuestionWhyWhole(t *testing.T) {
	t.Parallel()
	for _, text := range []string{
		"What should I do with these results: plot them, export them to CSV, or drop the outliers first?",
		"Is the layout clear enough? And does it match what you had in mind — a quiet list view — or did you want something with more structure to it?",
	} {
		v := Classify(text)
		if v.Class != Question {
			t.Fatalf("Classify(%q) = %v, want a question", text, v)
		}
		if want := clean(text); v.Why != want {
			t.Errorf("Classify(%q).Why = %q, want %q", text, v.Why, want)
		}
	}
}
