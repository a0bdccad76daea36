package escalate

import "github.com/stophook/stophook/transcript"

// WithReadTail sets the transcript reader of p, for the external tests.
func WithReadTail(p *Escalation, read func(path string, n int) ([]transcript.Message, error)) *Escalation {
	p.readTail = read
	return p
}

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
