package loopstate

// Limits and keys, for the external tests.
const (
	MaxFrames     = maxFrames
	MaxPromptLen  = maxPromptLen
	MaxIterations = maxIterations
	SharedKey     = sharedKey
)
