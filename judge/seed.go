package judge

import "regexp"

// The seed heuristic, the error detector the first stop hooks shipped
// with: a message reports an error when it has an error word and no
// success word anywhere, code included. It sends back one finished turn
// in five on real sessions (topic words, quoted output, "I couldn't get it
// working" vetoed by "working"); it stays for comparison and for hooks
// that want it by name.
var (
	SeedErrorPattern   = regexp.MustCompile(`(?i)error|failed|cannot|unable|exception|traceback`)
	SeedSuccessPattern = regexp.MustCompile(`(?i)successfully|completed|fixed|resolved`)
)

// Seed is the seed heuristic as a matcher: policy.ErrorRetry{Matcher:
// judge.Seed{}} restores the first default.
type Seed struct{}

// Match reports whether text matches SeedErrorPattern and not
// SeedSuccessPattern.
func (Seed) Match(text string) bool {
	return SeedErrorPattern.MatchString(text) && !SeedSuccessPattern.MatchString(text)
}
