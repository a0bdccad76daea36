// Package gemini is a minimal, non-streaming client for the Gemini API's
// generateContent method, written on net/http. It serves the
// "gemini-flash" memory-triage provider.
//
// # Use
//
// [FromEnv] builds a [Client] from GEMINI_API_KEY (or GOOGLE_API_KEY) and
// reports false when neither is set; GEMINI_BASE_URL and
// STOPHOOK_GEMINI_MODEL override the endpoint and the model.
// [Client.Complete] sends a system instruction and one user prompt and
// returns the reply's text.
//
// # Limits
//
// One request, no retries, no streaming. The response body is read up to
// [MaxResponseBytes]. The API key is sent only in the x-goog-api-key header
// and never appears in an error.
package gemini
