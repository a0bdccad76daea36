package signals

import (
	"regexp"

	"github.com/stophook/stophook/judge"
)

// DefaultErrorPattern and DefaultSuccessPattern are the default heuristics: a
// message reports an error when it matches DefaultErrorPattern and does not
// match DefaultSuccessPattern ("Error was successfully resolved" is no error).
var (
	DefaultErrorPattern   = judge.KeywordErrorPattern
	DefaultSuccessPattern = judge.KeywordSuccessPattern
)

// ErrorMatcher decides whether a message reports an error. The zero value
// uses the default heuristics. It looks at the whole text, code included: a stack trace in a code block is an error report.
type ErrorMatcher struct {
	Error   *regexp.Regexp // nil: DefaultErrorPattern
	Success *regexp.Regexp // nil: DefaultSuccessPattern
}

// Match reports Error matches text and Success does not.
func (m ErrorMatcher) Match(text string) bool {
	errPat, okPat := m.Error, m.Success
	if errPat == nil {
		errPat = DefaultErrorPattern
	}
	if okPat == nil {
		okPat = DefaultSuccessPattern
	}
	return errPat.MatchString(text) && !okPat.MatchString(text)
}

// IsError is ErrorMatcher{}.Match.
func IsError(text string) bool { return ErrorMatcher{}.Match(text) }
