package escalate

// Seams for the external tests of this package.
var (
	LookupSession = lookupSession
	DefaultLabel  = defaultLabel
)

type Registration = registration

const (
	AnsweredPrefix      = answeredPrefix
	ContinueReason      = continueReason
	DefaultTailMessages = defaultTailMessages
)
