package policy

import (
	"testing"

	"github.com/stophook/stophook/policy/triage"
)

func TestScorerCache(t *testing.T) {
	t.Parallel()
	def1, err := TriageConfig{}.Scorer()
	if err != nil {
		t.Fatal(err)
	}
	def2, _ := TriageConfig{Mode: ModeHeuristic, MaxTranscriptMessages: 10}.Scorer()
	if def1 != def2 {
		t.Error("got two scorers for configs that differ only in fields the scorer ignores, want one")
	}
	cues := func() map[string][]triage.Cue {
		return map[string][]triage.Cue{"decision": {{Pattern: "picked", Weight: 0.7}}, "IDEA": {{Pattern: "idea", Weight: 0.7}}}
	}
	a, _ := TriageConfig{Cues: cues()}.Scorer()
	b, _ := TriageConfig{Cues: cues()}.Scorer()
	if a != b || a == def1 {
		t.Errorf("got scorers %p, %p (defaults %p), want the same non-default scorer twice", a, b, def1)
	}
	distinct := []TriageConfig{
		{HeuristicThreshold: 0.7},
		{SessionSummary: triage.Activity{EditTools: []string{}}},
		{SessionSummary: triage.Activity{EditTools: []string{"Edit"}}},
		{SessionSummary: triage.Activity{ToolUses: 3}},
	}
	seen := map[*triage.Scorer]int{def1: -1, a: -2}
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
	if _, err := (TriageConfig{Cues: map[string][]triage.Cue{"X": {{Pattern: "(", Weight: 1}}}}).Scorer(); err == nil {
		t.Error("got no error for a bad cue, want one")
	}
}
