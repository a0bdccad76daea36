package judge

import "github.com/stophook/stophook/internal/lazyre"

// The keyword heuristic: a message reports an error when it has an error
// word and no success word anywhere, code included. It sends back about one
// finished turn in five on real sessions (failure words as a topic, quoted
// output, "I couldn't get it working" vetoed by "working"); it stays for
// comparison and for hooks that want it by name.
var (
	keywordErrorPattern   = lazyre.New(`(?i)error|failed|cannot|unable|exception|traceback`)
	keywordSuccessPattern = lazyre.New(`(?i)successfully|completed|fixed|resolved`)
)

// Keywords is the keyword heuristic as a matcher:
// policy.ErrorRetry{Matcher: judge.Keywords{}} detects errors by words.
type Keywords struct{}

// Match reports whether text has an error word (error, failed, cannot,
// unable, exception, traceback) and no success word (successfully,
// completed, fixed, resolved).
func (Keywords) Match(text string) bool {
	return keywordErrorPattern.MatchString(text) && !keywordSuccessPattern.MatchString(text)
}
