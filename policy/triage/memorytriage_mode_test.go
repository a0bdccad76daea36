package triage

import (
	"testing"
)

// MemoryTriage.Mode replaces the configured mode: heuristic never asks the
// classifier, hybrid does even when the file says heuristic.
func TestMemoryTriageModeOverridesConfig(t *testing.T) {
	t.Parallel()
	refined := `{"memories":[{"category":"DECISION","text":"SQLite over Redis: single binary"}]}`
	tests := []struct {
		name, config, mode string
		wantCalls          int32
	}{
		{"heuristic over a hybrid file", `{"triage":{"mode":"hybrid"}}`, ModeHeuristic, 0},
		{"hybrid over a heuristic file", `{"triage":{"mode":"heuristic"}}`, ModeHybrid, 1},
		{"unset keeps the file", `{"triage":{"mode":"heuristic"}}`, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			in := stop(t, decisionAndTODO)
			writeConfig(t, in.CWD, tt.config)
			fake := &fakeClassifier{answers: []string{refined}}
			evaluate(t, &MemoryTriage{Model: fake, Mode: tt.mode}, in)
			if got := fake.calls.Load(); got != tt.wantCalls {
				t.Errorf("classifier calls: got %d, want %d", got, tt.wantCalls)
			}
		})
	}
}
