package escalate

import (
	"context"
	"errors"
	"fmt"

	"github.com/stophook/stophook/internal/anthropic"
	"github.com/stophook/stophook/transcript"
)

// Completer sends one system prompt and one user prompt to a language
// model and returns its reply. It is the shape of the project's Messages
// API client.
type Completer interface {
	Complete(ctx context.Context, system, prompt string) (string, error)
}

// LLMSummarizer summarises with one language model call.
type LLMSummarizer struct {
	// Client makes the call. Required.
	Client Completer
	// System is the system prompt; default [SummaryPrompt].
	System string
	// MaxInputRunes bounds the transcript text; default [DefaultMaxInputRunes].
	MaxInputRunes int
}

var _ Summarizer = (*LLMSummarizer)(nil)

// NewLLMSummarizer returns a summarizer using c.
func NewLLMSummarizer(c Completer) *LLMSummarizer { return &LLMSummarizer{Client: c} }

// AnthropicFromEnv returns a summarizer calling the Anthropic Messages API
// (one non-streaming request) configured from ANTHROPIC_API_KEY,
// ANTHROPIC_BASE_URL and STOPHOOK_SUMMARY_MODEL (default model
// claude-haiku-4-5). It reports false when no API key is set.
func AnthropicFromEnv() (*LLMSummarizer, bool) {
	c, ok := anthropic.FromEnv()
	if !ok {
		return nil, false
	}
	return NewLLMSummarizer(c), true
}

// Summarize implements [Summarizer].
func (s *LLMSummarizer) Summarize(ctx context.Context, msgs []transcript.Message) (string, error) {
	if s == nil || s.Client == nil {
		return "", errors.New("escalate: summarizer has no client")
	}
	input := RenderTranscript(msgs, s.MaxInputRunes)
	if input == "" {
		return "", errors.New("escalate: nothing to summarise")
	}
	system := s.System
	if system == "" {
		system = SummaryPrompt
	}
	out, err := s.Client.Complete(ctx, system, "Session transcript (most recent last):\n\n"+input)
	if err != nil {
		return "", fmt.Errorf("escalate: summarize: %w", err)
	}
	return cleanSummary(out)
}
