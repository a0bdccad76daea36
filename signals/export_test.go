package signals

// Limits, for the external tests.
const (
	MaxInput   = maxInput
	MaxNesting = maxNesting
)
