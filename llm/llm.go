// Package llm is stophook's one interface to a language model: [Model],
// one method, and [Func], its function adapter. Memory triage's LLM
// refinement, the escalation summary and any policy that wants a second
// opinion take a Model; the providers that speak HTTP (Anthropic, Gemini)
// live in the subpackage [github.com/stophook/stophook/llm/provider], and
// a hook's main wires the ones it wants. This package imports nothing
// beyond context, so naming the interface costs a hook nothing.
package llm

import "context"

// Model sends one system prompt and one user prompt to a language model
// and returns its text reply.
//
// Complete may be called concurrently. It must return promptly when ctx
// is done (callers put their budget on ctx) with ctx's error or one
// wrapping it. An empty system prompt means none. An error means no
// usable answer; callers fall back to what they can do without a model.
type Model interface {
	Complete(ctx context.Context, system, prompt string) (string, error)
}

// Func adapts a function to [Model].
type Func func(ctx context.Context, system, prompt string) (string, error)

var _ Model = Func(nil)

// Complete calls f(ctx, system, prompt).
func (f Func) Complete(ctx context.Context, system, prompt string) (string, error) {
	return f(ctx, system, prompt)
}
