package loopstate

// Limits and keys, for the external tests.
const (
	MaxFrames     = maxFrames
	MaxPromptLen  = maxPromptLen
	MaxIterations = maxIterations
	SharedKey     = sharedKey
)

// WithEnv sets the environment li reads, for the external tests.
func WithEnv(li *Iterator, getenv func(string) string) *Iterator {
	li.getenv = getenv
	return li
}

// WithLastAssistantText sets how li reads the last message from the
// transcript, for the external tests.
func WithLastAssistantText(li *Iterator, f func(last, path string) (string, error)) *Iterator {
	li.lastAssistantText = f
	return li
}
