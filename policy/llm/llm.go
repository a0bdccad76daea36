package llm

import (
	"context"
	"errors"

	"github.com/stophook/stophook/internal/anthropic"
	"github.com/stophook/stophook/internal/gemini"
	"github.com/stophook/stophook/policy/triage"
)

func init() {
	triage.RegisterProvider(triage.ProviderAnthropic, Anthropic)
	triage.RegisterProvider(triage.ProviderGeminiFlash, GeminiFlash)
	triage.RegisterProvider("gemini", GeminiFlash)
}

var (
	_ triage.Provider = Anthropic
	_ triage.Provider = GeminiFlash
)

// Anthropic is the "anthropic" [triage.Provider]: one non-streaming
// Messages API call per classification, configured from ANTHROPIC_API_KEY,
// ANTHROPIC_BASE_URL and STOPHOOK_SUMMARY_MODEL (default claude-haiku-4-5),
// with the system prompt triage.System. Without a key it returns an error.
func Anthropic() (triage.Classifier, error) {
	client, ok := anthropic.FromEnv()
	if !ok {
		return nil, errors.New("llm: no " + anthropic.EnvAPIKey)
	}
	return triage.ClassifierFunc(func(ctx context.Context, prompt string) (string, error) {
		return client.Complete(ctx, triage.System, prompt)
	}), nil
}

// GeminiFlash is the "gemini-flash" (and "gemini") [triage.Provider]: one
// generateContent call per classification, configured from GEMINI_API_KEY
// (or GOOGLE_API_KEY), GEMINI_BASE_URL and STOPHOOK_GEMINI_MODEL (default
// gemini-2.5-flash), with the system prompt triage.System. Without a key
// it returns an error.
func GeminiFlash() (triage.Classifier, error) {
	client, ok := gemini.FromEnv()
	if !ok {
		return nil, errors.New("llm: no " + gemini.EnvAPIKey)
	}
	return triage.ClassifierFunc(func(ctx context.Context, prompt string) (string, error) {
		return client.Complete(ctx, triage.System, prompt)
	}), nil
}
