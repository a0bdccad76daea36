// Package provider builds the [llm.Model]s of the LLM providers stophook
// speaks to, from the environment a hook inherits from its agent:
//
//   - [Anthropic]: one non-streaming Messages API call, with
//     ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL and STOPHOOK_SUMMARY_MODEL
//     (default claude-haiku-4-5);
//   - [Gemini]: one generateContent call, with GEMINI_API_KEY (or
//     GOOGLE_API_KEY), GEMINI_BASE_URL and STOPHOOK_GEMINI_MODEL (default
//     gemini-2.5-flash).
//
// Nothing registers itself: a hook's main picks the providers it wants,
// as a map for memory triage's llm_provider ([All]) or one model for an
// escalation summary. This package imports net/http and crypto/tls (about
// 2 ms of process start-up), so hooks that never call a model leave it out.
package provider

import (
	"errors"

	"github.com/stophook/stophook/internal/anthropic"
	"github.com/stophook/stophook/internal/gemini"
	"github.com/stophook/stophook/llm"
)

// Anthropic returns the Anthropic Messages API model configured from the
// environment, or an error when ANTHROPIC_API_KEY is not set.
func Anthropic() (llm.Model, error) {
	c, ok := anthropic.FromEnv()
	if !ok {
		return nil, errors.New("provider: no " + anthropic.EnvAPIKey)
	}
	return c, nil
}

// Gemini returns the Gemini generateContent model configured from the
// environment, or an error when neither GEMINI_API_KEY nor GOOGLE_API_KEY
// is set.
func Gemini() (llm.Model, error) {
	c, ok := gemini.FromEnv()
	if !ok {
		return nil, errors.New("provider: no " + gemini.EnvAPIKey)
	}
	return c, nil
}

// All returns a new map from each provider's name, as memory-config.json's
// llm_provider spells it, to its constructor: "anthropic", "gemini-flash"
// and "gemini".
func All() map[string]func() (llm.Model, error) {
	return map[string]func() (llm.Model, error){
		"anthropic":    Anthropic,
		"gemini-flash": Gemini,
		"gemini":       Gemini,
	}
}
