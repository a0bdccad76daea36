package triage

import "context"

// Classifier answers a classification prompt with text, usually by asking
// an LLM. [MemoryTriage] sends it a prompt built by Prompt and reads
// the answer with ParseAnswer.
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
