package triage_test

import (
	"context"
	"errors"
	"github.com/stophook/stophook/policy/triage"
	"github.com/stophook/stophook/stophooktest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// The providers this test binary registers (policy/llm, imported for the
// provider tests, registers the built-in ones).
var (
	testProviderCalls atomic.Int32
	testProviderUp    atomic.Bool
)

func init() {
	triage.RegisterProvider("Test-Keep-Decision", func() (triage.Classifier, error) {
		if !testProviderUp.Load() {
			return nil, errors.New("test: no TEST_API_KEY")
		}
		return triage.ClassifierFunc(func(context.Context, string) (string, error) {
			testProviderCalls.Add(1)
			return `{"memories":[{"category":"DECISION","text":"SQLite, not Redis"}]}`, nil
		}), nil
	})
}

func TestProviders(t *testing.T) {
	t.Parallel()
	got := triage.Providers()
	for _, want := range []string{"anthropic", "gemini", "gemini-flash", "test-keep-decision"} {
		if !slices.Contains(got, want) {
			t.Errorf("Providers() = %q, want it to hold %q", got, want)
		}
	}
	if !slices.IsSorted(got) {
		t.Errorf("Providers() = %q, want sorted", got)
	}
}

// Not parallel: it flips the test provider's availability.
func TestMemoryTriageRegisteredProvider(t *testing.T) {
	cfg := `{"triage":{"llm_provider":" test-keep-DECISION "}}` // trimmed, case-insensitive

	testProviderUp.Store(false)
	in := stop(t, decisionAndTODO)
	writeConfig(t, in.CWD, cfg)
	p, logs := logged(&triage.MemoryTriage{})
	d := evaluate(t, p, in)
	if d.Reason != wantReason || logs.Len() != 0 || !strings.Contains(d.Why, "test: no TEST_API_KEY") {
		t.Errorf("unavailable: got reason %q, why %q, warnings %q; want the heuristic list, quietly, the error in the trace", d.Reason, d.Why, logs)
	}

	testProviderUp.Store(true)
	before := testProviderCalls.Load()
	in = stop(t, decisionAndTODO)
	writeConfig(t, in.CWD, cfg)
	d = evaluate(t, &triage.MemoryTriage{}, in)
	if !strings.Contains(d.Reason, "- [DECISION] SQLite, not Redis\n") || testProviderCalls.Load() != before+1 {
		t.Errorf("available: got %d calls, reason %q; want the provider's answer", testProviderCalls.Load()-before, d.Reason)
	}
}

func TestMemoryTriageUnknownProviderNamesRegistered(t *testing.T) {
	t.Parallel()
	in := stop(t, decisionAndTODO)
	writeConfig(t, in.CWD, `{"triage":{"llm_provider":"oracle"}}`)
	p, logs := logged(&triage.MemoryTriage{})
	stophooktest.AssertBlocks(t, evaluate(t, p, in), wantReason)
	if w := logs.String(); !strings.Contains(w, `unknown llm_provider \"oracle\" (registered: anthropic, `) || !strings.Contains(w, "gemini-flash") {
		t.Errorf("got warnings %q, want the registered names", logs)
	}
}

func TestRegisterProviderPanics(t *testing.T) {
	t.Parallel()
	ok := func() (triage.Classifier, error) { return nil, nil }
	tests := []struct {
		name     string
		provider string
		p        triage.Provider
	}{
		{"nil provider", "fresh-nil", nil},
		{"empty name", " ", ok},
		{"none", "None", ok},
		{"taken", "ANTHROPIC", ok},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			defer func() {
				if recover() == nil {
					t.Errorf("RegisterProvider(%q) did not panic", tt.provider)
				}
			}()
			triage.RegisterProvider(tt.provider, tt.p)
		})
	}
}
