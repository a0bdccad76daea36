package llm

import (
	"context"
	"errors"

	"github.com/stophook/stophook/internal/anthropic"
	"github.com/stophook/stophook/internal/gemini"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/policy/triage"
)

func init() {
	policy.RegisterProvider(policy.ProviderAnthropic, Anthropic)
	policy.RegisterProvider(policy.ProviderGeminiFlash, GeminiFlash)
	policy.RegisterProvider("gemini", GeminiFlash)
}

var (
	_ policy.Provider = Anthropic
	_ policy.Provider = GeminiFlash
)

// Anthropic is the "anthropic" [policy.Provider]: one non-streaming
// Messages API call per classification, configured from ANTHROPIC_API_KEY,
// ANTHROPIC_BASE_URL and STOPHOOK_SUMMARY_MODEL (default claude-haiku-4-5),
// with the system prompt triage.System. Without a key it returns an error.
func Anthropic() (policy.Classifier, error) {
	client, ok := anthropic.FromEnv()
	if !ok {
		return nil, errors.New("llm: no " + anthropic.EnvAPIKey)
	}
	return policy.ClassifierFunc(func(ctx context.Context, prompt string) (string, error) {
		return client.Complete(ctx, triage.System, prompt)
	}), nil
}

// GeminiFlash is the "gemini-flash" (and "gemini") [policy.Provider]: one
// generateContent call per classification, configured from GEMINI_API_KEY
// (or GOOGLE_API_KEY), GEMINI_BASE_URL and STOPHOOK_GEMINI_MODEL (default
// gemini-2.5-flash), with the system prompt triage.System. Without a key
// it returns an error.
func GeminiFlash() (policy.Classifier, error) {
	client, ok := gemini.FromEnv()
	if !ok {
		return nil, errors.New("llm: no " + gemini.EnvAPIKey)
	}
	return policy.ClassifierFunc(func(ctx context.Context, prompt string) (string, error) {
		return client.Complete(ctx, triage.System, prompt)
	}), nil
}
