package triage

import (
	"testing"
)

func TestScorerCache(t *testing.T) {
	t.Parallel()
	def1, err := Config{}.Scorer()
	if err != nil {
		t.Fatal(err)
	}
	def2, _ := Config{Mode: ModeHeuristic, MaxTranscriptMessages: 10}.Scorer()
	if def1 != def2 {
		t.Error("got two scorers for configs that differ only in fields the scorer ignores, want one")
	}
	cues := func() map[string][]Cue {
		return map[string][]Cue{"decision": {{Pattern: "picked", Weight: 0.7}}, "IDEA": {{Pattern: "idea", Weight: 0.7}}}
	}
	a, _ := Config{Cues: cues()}.Scorer()
	b, _ := Config{Cues: cues()}.Scorer()
	if a != b || a == def1 {
		t.Errorf("got scorers %p, %p (defaults %p), want the same non-default scorer twice", a, b, def1)
	}
	distinct := []Config{
		{HeuristicThreshold: 0.7},
		{SessionSummary: Activity{EditTools: []string{}}},
		{SessionSummary: Activity{EditTools: []string{"Edit"}}},
		{SessionSummary: Activity{ToolUses: 3}},
	}
	seen := map[*Scorer]int{def1: -1, a: -2}
	for i, c := range distinct {
		s, err := c.Scorer()
		if err != nil {
			t.Fatal(err)
		}
		if j, ok := seen[s]; ok {
			t.Errorf("configs %d and %d share a scorer, want their own", i, j)
		}
		seen[s] = i
	}
	if _, err := (Config{Cues: map[string][]Cue{"X": {{Pattern: "(", Weight: 1}}}}).Scorer(); err == nil {
		t.Error("got no error for a bad cue, want one")
	}
}
