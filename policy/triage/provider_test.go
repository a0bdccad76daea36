package triage

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stophook/stophook/llm"
	"github.com/stophook/stophook/stophooktest"
)

// keepDecision is a provider map with one stand-in model, available when
// up is true, that counts its calls.
func keepDecision(up bool, calls *atomic.Int32) map[string]func() (llm.Model, error) {
	return map[string]func() (llm.Model, error){
		"Test-Keep-Decision": func() (llm.Model, error) {
			if !up {
				return nil, errors.New("test: no TEST_API_KEY")
			}
			return llm.Func(func(context.Context, string, string) (string, error) {
				calls.Add(1)
				return `{"memories":[{"category":"DECISION","text":"SQLite, not Redis"}]}`, nil
			}), nil
		},
	}
}

func TestMemoryTriageProviders(t *testing.T) {
	t.Parallel()
	cfg := `{"triage":{"llm_provider":" test-keep-DECISION "}}` // trimmed, case-insensitive
	var calls atomic.Int32

	in := stop(t, decisionAndTODO)
	writeConfig(t, in.CWD, cfg)
	p, logs := logged(&MemoryTriage{Providers: keepDecision(false, &calls)})
	d := evaluate(t, p, in)
	if d.Reason != wantReason || logs.Len() != 0 || !strings.Contains(d.Why, "test: no TEST_API_KEY") {
		t.Errorf("unavailable: got reason %q, why %q, warnings %q; want the heuristic list, quietly, the error in the trace", d.Reason, d.Why, logs)
	}

	in = stop(t, decisionAndTODO)
	writeConfig(t, in.CWD, cfg)
	d = evaluate(t, &MemoryTriage{Providers: keepDecision(true, &calls)}, in)
	if !strings.Contains(d.Reason, "- [DECISION] SQLite, not Redis\n") || calls.Load() != 1 {
		t.Errorf("available: got %d calls, reason %q; want the provider's answer", calls.Load(), d.Reason)
	}
}

func TestMemoryTriageUnknownProviderNamesKnown(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		providers map[string]func() (llm.Model, error)
		want      string
	}{
		{"some wired", keepDecision(true, new(atomic.Int32)), `unknown llm_provider \"oracle\" (known: Test-Keep-Decision)`},
		{"none wired", nil, `unknown llm_provider \"oracle\" (the hook wires none)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			in := stop(t, decisionAndTODO)
			writeConfig(t, in.CWD, `{"triage":{"llm_provider":"oracle"}}`)
			p, logs := logged(&MemoryTriage{Providers: tt.providers})
			stophooktest.AssertBlocks(t, evaluate(t, p, in), wantReason)
			if w := logs.String(); !strings.Contains(w, tt.want) {
				t.Errorf("got warnings %q, want %s", w, tt.want)
			}
		})
	}
}
