package policy

import (
	"context"
	"fmt"
	"strings"

	"github.com/stophook/stophook/internal/anthropic"
	"github.com/stophook/stophook/internal/gemini"
	"github.com/stophook/stophook/policy/triage"
)

// Classifier answers a classification prompt with text, usually by asking
// an LLM. [MemoryTriage] sends it a prompt built by triage.Prompt and reads
// the answer with triage.ParseAnswer.
//
// Classify may be called concurrently. It must return promptly when ctx is
// done (the triage budget, llm_timeout_ms, is on ctx). An error, or an
// answer that cannot be read, makes the caller retry once and then fall
// back to its heuristic result.
type Classifier interface {
	Classify(ctx context.Context, prompt string) (string, error)
}

// ClassifierFunc adapts a function to [Classifier].
type ClassifierFunc func(ctx context.Context, prompt string) (string, error)

var _ Classifier = ClassifierFunc(nil)

// Classify calls f(ctx, prompt).
func (f ClassifierFunc) Classify(ctx context.Context, prompt string) (string, error) {
	return f(ctx, prompt)
}

// LLM providers of [TriageConfig.LLMProvider].
const (
	ProviderNone      = ""
	ProviderAnthropic = "anthropic"
	// ProviderGeminiFlash is the seed's provider: GEMINI_API_KEY (or
	// GOOGLE_API_KEY), GEMINI_BASE_URL; "gemini" is accepted too.
	ProviderGeminiFlash = "gemini-flash"
)

// classifierFor returns the classifier of provider, or nil with the
// reason none is available; unknown reports a provider name that is not
// known (worth a warning, unlike a missing key).
func classifierFor(provider string) (c Classifier, why string, unknown bool) {
	switch strings.ToLower(strings.TrimSpace(provider)) {
	case ProviderNone, "none":
		return nil, "no llm_provider", false
	case ProviderAnthropic:
		client, ok := anthropic.FromEnv()
		if !ok {
			return nil, "llm_provider anthropic: no " + anthropic.EnvAPIKey, false
		}
		return ClassifierFunc(func(ctx context.Context, prompt string) (string, error) {
			return client.Complete(ctx, triage.System, prompt)
		}), "", false
	case ProviderGeminiFlash, "gemini":
		client, ok := gemini.FromEnv()
		if !ok {
			return nil, "llm_provider " + provider + ": no " + gemini.EnvAPIKey, false
		}
		return ClassifierFunc(func(ctx context.Context, prompt string) (string, error) {
			return client.Complete(ctx, triage.System, prompt)
		}), "", false
	}
	return nil, fmt.Sprintf("unknown llm_provider %q: heuristic only", provider), true
}
