package triage

import (
	"testing"
)

func TestScorerCache(t *testing.T) {
	t.Parallel()
	var sc scorerCache // what a MemoryTriage keeps
	def1, err := sc.get(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	def2, _ := sc.get(Config{Mode: ModeHeuristic, MaxTranscriptMessages: 10}, nil)
	if def1 != def2 {
		t.Error("got two scorers for configs that differ only in fields the scorer ignores, want one")
	}
	cues := func() map[string][]Cue {
		return map[string][]Cue{"decision": {{Pattern: "picked", Weight: 0.7}}, "IDEA": {{Pattern: "idea", Weight: 0.7}}}
	}
	a, _ := sc.get(Config{Cues: cues()}, nil)
	b, _ := sc.get(Config{Cues: cues()}, nil)
	if a != b || a == def1 {
		t.Errorf("got scorers %p, %p (defaults %p), want the same non-default scorer twice", a, b, def1)
	}
	distinct := []Config{
		{HeuristicThreshold: 0.7},
		{SessionSummary: Activity{EditTools: []string{}}},
		{SessionSummary: Activity{EditTools: []string{"Edit"}}},
		{SessionSummary: Activity{ToolUses: 3}},
		{SessionSummary: Activity{JoinOnly: true}},
		{SessionSummary: Activity{Alone: true}},
	}
	seen := map[*Scorer]int{def1: -1, a: -2}
	for i, c := range distinct {
		s, err := sc.get(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		if j, ok := seen[s]; ok {
			t.Errorf("configs %d and %d share a scorer, want their own", i, j)
		}
		seen[s] = i
	}
	if _, err := sc.get(Config{Cues: map[string][]Cue{"X": {{Pattern: "(", Weight: 1}}}}, nil); err == nil {
		t.Error("got no error for a bad cue, want one")
	}
}

// A scorer built by the config's validation is kept, not built again.
func TestScorerCacheKeepsBuilt(t *testing.T) {
	t.Parallel()
	var sc scorerCache
	c := Config{HeuristicThreshold: 0.7}
	built, err := c.check()
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := sc.get(c, built); got != built {
		t.Errorf("got scorer %p, want the one built by validation %p", got, built)
	}
	if got, _ := sc.get(c, nil); got != built {
		t.Errorf("second get: got scorer %p, want the kept one %p", got, built)
	}
}
