package llm_test

import (
	"github.com/stophook/stophook/policy/llm"
	"github.com/stophook/stophook/policy/triage"
	"slices"
	"testing"
)

func TestRegistersTheBuiltInProviders(t *testing.T) {
	t.Parallel()
	if got, want := triage.Providers(), []string{"anthropic", "gemini", "gemini-flash"}; !slices.Equal(got, want) {
		t.Errorf("Providers() = %q, want %q", got, want)
	}
}

func TestProvidersNeedAKey(t *testing.T) {
	for _, k := range []string{"ANTHROPIC_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY"} {
		t.Setenv(k, "")
	}
	for name, p := range map[string]triage.Provider{"anthropic": llm.Anthropic, "gemini-flash": llm.GeminiFlash} {
		if c, err := p(); c != nil || err == nil {
			t.Errorf("%s without a key: got %v, %v; want an error", name, c, err)
		}
	}
	t.Setenv("ANTHROPIC_API_KEY", "k")
	t.Setenv("GOOGLE_API_KEY", "g")
	for name, p := range map[string]triage.Provider{"anthropic": llm.Anthropic, "gemini-flash": llm.GeminiFlash} {
		if c, err := p(); c == nil || err != nil {
			t.Errorf("%s with a key: got %v, %v; want a classifier", name, c, err)
		}
	}
}
