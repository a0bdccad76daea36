package triage

import (
	"regexp"
	"strings"
	"sync"
)

// reviewRequest reports whether prompt, the turn's prompt, asks for a
// review of a change: "Review the current code changes", "Re-review only
// the staged diff", "review this PR", "Independently verify the two
// corrections in the uncommitted diff". What such a turn finds is about
// the change under review — defects its author goes on to fix in the code,
// the scope the reviewer keeps to ("a read-only review limited to the two
// corrections") — and none of it is the project's memory. A review of
// something else ("review the sync schema people use", "review this
// proposal") is not one.
func reviewRequest(prompt string) bool {
	p := strings.TrimSpace(prompt)
	return reviewOpening().MatchString(p[:min(len(p), 300)])
}

var reviewOpening = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^(?:please\s+)?(?:re-?review|review|code-review|independently\s+(?:review|verify))\b[^.?!\n]{0,80}?\b(?:diffs?|changes|changeset|patch(?:es)?|pr|pull\s+request|commits?|staged|uncommitted)\b`)
})
