// Package llm registers the LLM providers of triage.MemoryTriage, the
// values of llm_provider in memory-config.json:
//
//   - "anthropic" ([Anthropic]): one non-streaming Messages API call with
//     ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL, which a hook inherits from
//     Claude Code;
//   - "gemini-flash", or "gemini" ([GeminiFlash]): one generateContent call
//     with GEMINI_API_KEY (or GOOGLE_API_KEY) and GEMINI_BASE_URL.
//
// # Enabling the providers
//
// The registration happens in this package's init function, so a hook
// binary enables the providers with a blank import, as database/sql
// drivers are enabled:
//
//	import _ "github.com/stophook/stophook/policy/llm"
//
// Without it, any llm_provider but "none" is unknown: triage is heuristic
// only and warns once per stop. Package policy does not import this one on
// purpose: the HTTP clients pull in net/http and crypto/tls, about 2 ms of
// start-up for every hook process, which hooks that never call an LLM
// should not pay.
//
// # Using a provider directly
//
// [Anthropic] and [GeminiFlash] are triage.Provider functions; the
// Classifier they return may also be set as MemoryTriage.Classifier, which
// then wins over the config's llm_provider.
package llm
