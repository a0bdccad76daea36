package triage

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// LLM providers of [Config.LLMProvider]. ProviderNone (or "none")
// means no LLM; the others are registered by the subpackage policy/llm.
const (
	ProviderNone      = ""
	ProviderAnthropic = "anthropic"
	// ProviderGeminiFlash is Gemini 2.5 Flash: GEMINI_API_KEY (or
	// GOOGLE_API_KEY), GEMINI_BASE_URL; "gemini" is accepted too.
	ProviderGeminiFlash = "gemini-flash"
)

// Provider builds the [Classifier] of one LLM provider, usually from
// environment variables (an API key, a base URL). [MemoryTriage] calls it
// when a stop reaches the LLM step and no [MemoryTriage.Classifier] is set.
// An error means the provider is not available (typically: no API key);
// triage is then heuristic only, without a warning, and the error goes
// into the decision trace. A Provider may be called concurrently.
type Provider func() (Classifier, error)

var (
	providersMu sync.RWMutex
	providers   = map[string]Provider{}
)

// RegisterProvider makes a provider available under name, the value of
// llm_provider in memory-config.json; names are case-insensitive. Like
// database/sql's Register it is meant for init functions: the subpackage
// policy/llm registers "anthropic", "gemini-flash" and "gemini", so a
// binary enables them with a blank import:
//
//	import _ "github.com/stophook/stophook/policy/llm"
//
// Keeping the providers out of this package keeps net/http (and its ~2 ms
// of process start-up) out of hooks that never call an LLM. RegisterProvider
// panics when p is nil, name is empty or "none", or name is taken.
func RegisterProvider(name string, p Provider) {
	key := providerKey(name)
	if p == nil {
		panic("triage: RegisterProvider: nil provider for " + name)
	}
	if key == ProviderNone || key == "none" {
		panic(fmt.Sprintf("triage: RegisterProvider: invalid name %q", name))
	}
	providersMu.Lock()
	defer providersMu.Unlock()
	if _, dup := providers[key]; dup {
		panic("triage: RegisterProvider called twice for " + key)
	}
	providers[key] = p
}

// Providers returns the sorted names of the registered providers.
func Providers() []string {
	providersMu.RLock()
	defer providersMu.RUnlock()
	names := make([]string, 0, len(providers))
	for name := range providers {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

func providerKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// classifierFor returns the classifier of provider, or nil with the
// reason none is available; unknown reports a provider name that is not
// registered (worth a warning, unlike a missing key).
func classifierFor(provider string) (c Classifier, why string, unknown bool) {
	key := providerKey(provider)
	if key == ProviderNone || key == "none" {
		return nil, "no llm_provider", false
	}
	providersMu.RLock()
	p := providers[key]
	providersMu.RUnlock()
	if p == nil {
		registered := "none registered; import github.com/stophook/stophook/policy/llm"
		if names := Providers(); len(names) > 0 {
			registered = "registered: " + strings.Join(names, ", ")
		}
		return nil, fmt.Sprintf("unknown llm_provider %q (%s): heuristic only", provider, registered), true
	}
	c, err := p()
	if err != nil {
		return nil, "llm_provider " + provider + ": " + err.Error(), false
	}
	if c == nil {
		return nil, "llm_provider " + provider + ": no classifier", false
	}
	return c, "", false
}
