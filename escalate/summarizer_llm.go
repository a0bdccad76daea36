package escalate

import (
	"context"
	"errors"
	"fmt"

	"github.com/stophook/stophook/llm"
	"github.com/stophook/stophook/transcript"
)

// LLMSummarizer summarises with one language model call.
type LLMSummarizer struct {
	// Model makes the call (llm/provider's Anthropic or Gemini, or any
	// [llm.Model]). Required.
	Model llm.Model
	// System is the system prompt; default: a prompt asking for two
	// to four plain sentences on what the agent did and where it stopped.
	System string
	// MaxInputRunes bounds the transcript text; default [defaultMaxInputRunes].
	MaxInputRunes int
}

var _ Summarizer = (*LLMSummarizer)(nil)

// Summarize implements [Summarizer].
func (s *LLMSummarizer) Summarize(ctx context.Context, msgs []transcript.Message) (string, error) {
	if s == nil || s.Model == nil {
		return "", errors.New("escalate: summarizer has no model")
	}
	input := renderTranscript(msgs, s.MaxInputRunes)
	if input == "" {
		return "", errors.New("escalate: nothing to summarise")
	}
	system := s.System
	if system == "" {
		system = summaryPrompt
	}
	out, err := s.Model.Complete(ctx, system, "Session transcript (most recent last):\n\n"+input)
	if err != nil {
		return "", fmt.Errorf("escalate: summarize: %w", err)
	}
	return cleanSummary(out)
}
