package triage

import "strings"

// softeners may stand between a negator and the cue it negates ("we
// don't really prefer", "not yet decided"); any other word ends the
// negation's reach: in "never log tokens" the negator governs "log", and
// "tokens" is still evidence.
var softeners = map[string]bool{
	"really": true, "actually": true, "necessarily": true, "yet": true, "quite": true, "fully": true,
	"explicitly": true, "entirely": true, "even": true, "strictly": true, "exactly": true, "so": true,
	// A determiner or an adjective of degree does not end the reach either:
	// "not a known limitation", "no real workaround".
	"a": true, "an": true, "the": true, "any": true, "known": true, "real": true, "such": true,
	"actual": true, "single": true, "obvious": true, "major": true, "big": true,
	// Nor does an adverb of frequency: "does not always follow".
	"always": true, "usually": true, "often": true, "ever": true, "generally": true,
}

// quantifiers negate their whole clause when they open it: "Nothing was
// left for later", "None of this is tech debt", "No one prefers tabs".
var quantifiers = map[string]bool{"nothing": true, "none": true, "nobody": true, "neither": true, "no": true}

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
		strings.Contains(lower, "didnt") || strings.Contains(lower, "isnt") || strings.Contains(lower, "’t") ||
		strings.Contains(lower, "none") || strings.Contains(lower, "nobody") || strings.Contains(lower, "neither")
}

// negated reports whether the cue match lower[start:end] of a cue whose
// pattern, lower-cased, is pattern is negated:
//
//   - the word before it, or before the softeners before it, is a negator
//     ("does not always use the cache", "we haven't really decided", "not a
//     known limitation");
//   - its clause opens with a negative quantifier ("Nothing was left for
//     later", "None of this is tech debt");
//   - a negator stands inside the match where the pattern spans words it
//     does not name ("the team does not always follow" for a cue "team …
//     always").
//
// A cue whose pattern names the negator it holds ("not supported",
// "cannot", "the team never …") is negative by design: the negator is the
// evidence, and it is not negated by itself.
func negated(lower string, start, end int, pattern string) bool {
	for _, w := range strings.Fields(strings.ReplaceAll(lower[start:end], "’", "'")) {
		w = strings.Trim(w, ".,;:!?()\"'*_`")
		if !negators[w] && !quantifiers[w] {
			continue
		}
		if namesNegator(pattern, w) {
			return false
		}
		if negators[w] {
			return true // a negator the pattern only spans
		}
	}
	before := lower[:start]
	if i := strings.LastIndexAny(before, ",;:()—–"); i >= 0 {
		before = before[i+1:] // another clause
	}
	words := strings.Fields(strings.ReplaceAll(before, "’", "'"))
	if len(words) > 0 {
		first := strings.Trim(words[0], ".,;:!?()\"'*_`")
		if quantifiers[first] {
			return true
		}
	}
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

// namesNegator reports whether pattern, a cue's lower-cased regexp, spells
// the negator w as a word of its own (or, for w's "n't" forms, any "n't"):
// the cue is negative by design.
func namesNegator(pattern, w string) bool {
	if strings.HasSuffix(w, "n't") || strings.HasSuffix(w, "nt") && w != "want" {
		if strings.Contains(pattern, "n't") {
			return true
		}
	}
	for i := 0; ; {
		j := strings.Index(pattern[i:], w)
		if j < 0 {
			return false
		}
		j += i
		k := j + len(w)
		if (j == 0 || !isLetter(pattern[j-1])) && (k == len(pattern) || !isLetter(pattern[k])) {
			return true
		}
		i = j + 1
	}
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
