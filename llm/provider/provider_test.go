package provider_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/stophook/stophook/llm/provider"
)

func TestAllNamesEveryProvider(t *testing.T) {
	t.Parallel()
	got := slices.Sorted(maps.Keys(provider.All()))
	if want := []string{"anthropic", "gemini", "gemini-flash"}; !slices.Equal(got, want) {
		t.Errorf("All() names %q, want %q", got, want)
	}
}

func TestProvidersNeedAKey(t *testing.T) {
	for _, k := range []string{"ANTHROPIC_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY"} {
		t.Setenv(k, "")
	}
	for name, p := range provider.All() {
		if m, err := p(); m != nil || err == nil {
			t.Errorf("%s without a key: got %v, %v; want an error", name, m, err)
		}
	}
	t.Setenv("ANTHROPIC_API_KEY", "k")
	t.Setenv("GOOGLE_API_KEY", "g")
	for name, p := range provider.All() {
		if m, err := p(); m == nil || err != nil {
			t.Errorf("%s with a key: got %v, %v; want a model", name, m, err)
		}
	}
}
