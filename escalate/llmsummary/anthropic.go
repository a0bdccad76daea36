package llmsummary

import (
	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/internal/anthropic"
)

// AnthropicFromEnv returns a summarizer calling the Anthropic Messages API
// (one non-streaming request) configured from ANTHROPIC_API_KEY,
// ANTHROPIC_BASE_URL and STOPHOOK_SUMMARY_MODEL (default model
// claude-haiku-4-5). It reports false when no API key is set.
func AnthropicFromEnv() (*escalate.LLMSummarizer, bool) {
	c, ok := anthropic.FromEnv()
	if !ok {
		return nil, false
	}
	return escalate.NewLLMSummarizer(c), true
}
