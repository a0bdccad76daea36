// Package llmsummary wires language model clients into
// [escalate.LLMSummarizer], so that the escalation message carries a short
// summary of the session for the human.
//
// # Anthropic
//
// [AnthropicFromEnv] makes one non-streaming Messages API call per
// summary, with ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL (a hook inherits
// both from Claude Code) and the model STOPHOOK_SUMMARY_MODEL (default
// claude-haiku-4-5). Without a key it reports false and the message goes
// without a summary.
//
// # Why a separate package
//
// An HTTP client pulls net/http and crypto/tls into a binary, which costs
// a hook process about 2 ms of start-up. Package escalate stays free of
// them; import this package only in the binaries that summarise.
package llmsummary
