package triage

import (
	"regexp"
	"strings"
	"sync"
)

// A pick is the shortest way a user decides: the agent laid out options
// and the prompt names one of them ("option 3", "B", "all twelve", "C but
// shorter"). Nothing else in the turn may say that a decision was made —
// the reply goes on to build it — so the prompt's form is the evidence: it
// opens with the name of an option, and the reply does not push back.

// pickPrompt matches a prompt that opens by naming an option: "option 3",
// "go with B", "the second one", "both", "all twelve", or a bare letter or
// digit that is the whole prompt or is followed by a qualification ("C but
// that's too many words").
var pickPrompt = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^\W*(?:` +
		`(?:(?:let'?s |lets )?(?:go with |take )|i'?ll (?:take|go with) |i (?:choose|pick|prefer) |pick |use )?(?:option|approach|plan|choice|variant|version|path|proposal)\s*(?:[a-e]|[1-9]|one|two|three)\b|` +
		`(?:(?:let'?s |lets )?(?:go with |take )|i'?ll (?:take|go with) |i (?:choose|pick|prefer) )?(?:[a-e]|[1-9])(?:[.)!]?\s*$|[,.]? (?:but|and|please|then|with)\b)|` +
		`(?:both|all (?:of them|the \w+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+)|the (?:first|second|third|last|latter|former)(?: one| option)?)\W*$)`)
})

// maxPickWords bounds a prompt read as a pick: a pick with a qualification
// is said in a sentence or two.
const maxPickWords = 60

// readPick returns the prompt, cleaned, when it is a pick, or "".
func readPick(prompt string) string {
	p := strings.TrimSpace(prompt)
	if !pickPrompt().MatchString(p) {
		return ""
	}
	t := clean(p)
	if t == "" {
		t = p // "2." is all list marker to clean
	}
	if words(t) > maxPickWords {
		return ""
	}
	return t
}
