// Package anthropic is a minimal, non-streaming client for the Anthropic
// Messages API, written on net/http so stophook needs no SDK.
//
// # Use
//
// [FromEnv] builds a [Client] from ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL
// (the variables a hook inherits from Claude Code) and reports false when no
// key is set. [Client.Complete] sends one system prompt and one user prompt
// and returns the reply's text:
//
//	c, ok := anthropic.FromEnv()
//	if ok {
//		text, err := c.Complete(ctx, "Summarise.", transcript)
//	}
//
// # Limits
//
// One request, no retries, no streaming. The response body is read up to
// [MaxResponseBytes]; API errors come back as [*APIError]. The API key is
// sent only in the x-api-key header and never appears in an error.
package anthropic
