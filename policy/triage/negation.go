package triage

import "strings"

// softeners may stand between a negator and the cue it negates ("we
// don't really prefer", "not yet decided"); any other word ends the
// negation's reach: in "never log tokens" the negator governs "log", and
// "tokens" is still evidence.
var softeners = map[string]bool{
	"really": true, "actually": true, "necessarily": true, "yet": true, "quite": true, "fully": true,
	"explicitly": true, "entirely": true, "even": true, "strictly": true, "exactly": true, "so": true,
}

// negators are the words that negate the cue after them.
var negators = map[string]bool{
	"not": true, "no": true, "nothing": true, "never": true, "without": true, "hardly": true, "nor": true,
	"don't": true, "doesn't": true, "didn't": true, "isn't": true, "aren't": true, "wasn't": true,
	"weren't": true, "won't": true, "wouldn't": true, "shouldn't": true, "can't": true, "cannot": true,
	"haven't": true, "hasn't": true, "dont": true, "doesnt": true, "didnt": true, "isnt": true,
}

// mayNegate reports whether lower, a lower-cased sentence, holds a
// negator at all: only then are cue matches checked one by one.
func mayNegate(lower string) bool {
	return strings.Contains(lower, "not") || strings.Contains(lower, "n't") || strings.Contains(lower, "no ") ||
		strings.Contains(lower, "never") || strings.Contains(lower, "without") || strings.Contains(lower, "hardly") ||
		strings.Contains(lower, "nor ") || strings.Contains(lower, "dont") || strings.Contains(lower, "doesnt") ||
		strings.Contains(lower, "didnt") || strings.Contains(lower, "isnt") || strings.Contains(lower, "’t")
}

// negated reports whether the cue match lower[start:end] is negated: the
// word before it, or before the softeners before it, is a negator ("does
// not always use the cache", "we haven't really decided"), and the match
// does not hold a negator itself (a cue such as "not supported" or
// "cannot" is negative by design).
func negated(lower string, start, end int) bool {
	for _, w := range strings.Fields(strings.NewReplacer("’", "'").Replace(lower[start:end])) {
		if negators[strings.Trim(w, ".,;:!?()\"'")] {
			return false
		}
	}
	before := lower[:start]
	if i := strings.LastIndexAny(before, ",;:()—–"); i >= 0 {
		before = before[i+1:] // another clause
	}
	words := strings.Fields(strings.NewReplacer("’", "'").Replace(before))
	for i := len(words) - 1; i >= 0; i-- {
		w := strings.Trim(words[i], ".,;:!?()\"'*_`")
		switch {
		case negators[w]:
			return true
		case !softeners[w]:
			return false
		}
	}
	return false
}
