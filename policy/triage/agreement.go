package triage

import (
	"regexp"
	"strings"
	"sync"
)

// An agreed proposal is the commonest way a decision is made in a
// session: the user proposes a change of course ("we don't need backward
// compatibility", "perhaps we should just remove policy") and the agent's
// reply opens by agreeing ("I agree.", "Understood:", "That is probably
// the cleanest model"). Neither message alone says much to the cues; the
// pair read together says a decision was taken. A proposal about how to
// work ("keep that style", "the pattern is to use bun run") is a
// preference rather than a decision.

// agreementScore is the score of a finding from an agreed proposal.
const agreementScore = 0.8

var (
	// proposal marks a sentence of the user's prompt that proposes a
	// change of design or of how to work.
	proposal = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:we should(?:n't| not)?|should (?:be|not be|just)|let'?s (?:rename|call|remove|drop|deprecate|adopt|use|switch|move|keep|go with|stick)|lets (?:rename|call|remove|drop|deprecate|adopt|use|switch|move|keep|go with|stick)|we (?:don't|do not) need|no need (?:to|for)|we(?:'re| are) going to|(?:i think|maybe|perhaps) we (?:should|can|could|need)|(?:can|could|should) we (?:remove|drop|rename|deprecate|move|switch|replace|adopt|get rid|call)|just (?:remove|drop|use|rename|move)|get rid of|hard[- ]deprecat\w*|can be (?:hard[- ])?deprecated|instead of|rather than|(?:please )?keep (?:that|this|the same|a consistent) style|the pattern (?:is|was) to|is a better (?:option|name|approach)|is not the (?:appropriate|right))\b`)
	})
	// howToWork marks a proposal about how work is done: a preference.
	howToWork = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:style|convention|pattern|always|never|from now on|going forward|every time|instructions?|learning|rule)\b`)
	})
	// agreement marks the opening of a reply that takes the proposal on.
	agreement = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^\W*(?:i agree|agreed|understood|exactly|correct|yes\b|yep\b|good (?:catch|call|point)|you(?:'re| are) right|that(?:'s| is) (?:the right|a good|a fair|fair|right|probably the (?:cleanest|right|better|best))|makes sense|sounds good|fair point|[^.!?]{0,60}\byour instinct is right)`)
	})
)

// agreedProposal returns the category and the proposing sentence when
// reply, the agent's first reply to prompt, opens by agreeing with a
// proposal of prompt.
func agreedProposal(prompt, reply string) (Category, string, bool) {
	reply = strings.TrimSpace(reply)
	if len(reply) > 400 {
		reply = reply[:400]
	}
	if !agreement().MatchString(strings.ReplaceAll(reply, "’", "'")) {
		return "", "", false
	}
	if len(prompt) > maxTextBytes {
		prompt = prompt[:maxTextBytes]
	}
	var spans []span
	for _, sp := range sentences(prompt, spans) {
		s := prompt[sp.start:sp.end]
		if !proposal().MatchString(strings.ReplaceAll(s, "’", "'")) || strings.HasSuffix(strings.TrimSpace(s), "?") && !strings.Contains(strings.ToLower(s), "should") {
			continue
		}
		t := clean(s)
		if words(t) < 3 {
			continue
		}
		if howToWork().MatchString(s) {
			return Preference, t, true
		}
		return Decision, t, true
	}
	return "", "", false
}
