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

// A corrected course is the other common way a rule for the agent is
// set: the user stops or questions what the agent is doing ("Why are you
// writing TypeScript?", "Stop. You're supposed to follow PYTHON.md.") and
// the agent's reply opens by owning the mistake ("Good catch.", "You're
// right"). What the user wants done differently is a preference.

// agreementScore is the score of a finding from an agreed proposal.
const agreementScore = 0.8

var (
	// proposal marks a sentence of the user's prompt that proposes a
	// change of design or of how to work.
	proposal = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:we should(?:n't| not)?|should (?:be|not be|just)|let'?s (?:rename|call|remove|drop|deprecate|adopt|use|switch|move|keep|go with|stick)|lets (?:rename|call|remove|drop|deprecate|adopt|use|switch|move|keep|go with|stick)|we (?:don't|do not) need|(?:don't|do not) think we (?:need|should)|(?:it's|it is|it'd be|it would be|would be) better to|no need (?:to|for)|we(?:'re| are) going to|(?:i think|maybe|perhaps) we (?:should|can|could|need)|(?:can|could|should) we (?:remove|drop|rename|deprecate|move|switch|replace|adopt|get rid|call)|just (?:remove|drop|use|rename|move)|get rid of|hard[- ]deprecat\w*|can be (?:hard[- ])?deprecated|instead of|rather than|(?:please )?keep (?:that|this|the same|a consistent) style|the pattern (?:is|was) to|is a better (?:option|name|approach)|is not the (?:appropriate|right)|we (?:want|need|no longer need|don't want|do not want)|shouldn't we|should align with)\b`)
	})
	// howToWork marks a proposal about how work is done: a preference.
	howToWork = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:style|convention|pattern|always|never|from now on|going forward|every time|instructions?|learning|rule)\b`)
	})
	// agreement marks the opening of a reply that takes the proposal on.
	// agreedLater marks a sentence, anywhere in a reply, that takes the
	// proposal on after the agent checked it first ("Confirmed: … So I
	// agree: no need to introduce it.").
	agreedLater = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^\W*(?:so |and |then )?(?:i agree|agreed|you(?:'re| are) right|good (?:catch|call))\b`)
	})
	// correction marks a sentence of the user's prompt that stops or
	// questions what the agent did.
	correction = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^\W*(?:why (?:are|did|do|were|would) you\b|stop\b|you(?:'re| are| were) supposed to|you should(?:n't| not)? have\b|i (?:told|asked) you\b|(?:that's|that is|this is) (?:not what i|wrong)|not what i (?:asked|wanted)|(?:i said|i meant)\b)`)
	})
	// admission marks the opening of a reply that owns the mistake.
	admission = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^\W*(?:good catch|you(?:'re| are) (?:right|correct)|my (?:mistake|bad|apologies)|sorry|i apologi[sz]e|apologies|fair point|i should (?:have|not have))\b`)
	})
	// owned marks the opening of a reply that owns the user's point as a
	// correction of its own course, whatever the prompt's words ("That
	// can't be right, …" — "You're right. I conflated two models."):
	// narrower than admission, which a bug report also draws ("Good
	// catch, the handler is missing").
	owned = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^\W*(?:you(?:'re| are) (?:absolutely |completely |totally |entirely )?(?:right|correct)\b|i was wrong\b|i (?:conflated|misread|misunderstood)\b)`)
	})
	agreement = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^\W*(?:i agree|agreed|understood|exactly|correct|yes\b|yep\b|good (?:catch|call|point)|you(?:'re| are) right|that(?:'s| is) (?:the right|a good|a fair|fair|right|probably the (?:cleanest|right|better|best))|makes sense|sounds good|fair point|[^.!?]{0,60}\byour instinct is right)`)
	})
)

// offer is what a prompt puts to the agent: a proposal (with its
// category) and a correction, each its first sentence, "" for none.
type offer struct {
	cat        categoryName
	proposal   string
	correction string
	// directive is the prompt's first settled directive, of category dcat.
	directive string
	dcat      categoryName
	// choice is a short prompt that states no question: possibly the
	// user's pick among options, or a call on how something should be.
	choice string
	// pick is a prompt that names one of the options the agent offered.
	pick string
	// said is the prompt's first sentence of three words or more: what
	// the user put to the agent, whatever its words, should the reply own
	// it as a correction ("You're right. I conflated two models.").
	said string
}

// readPrompt reads the proposal and the correction of a prompt, once per
// turn.
func readPrompt(prompt string) offer {
	var o offer
	if len(prompt) > maxTextBytes {
		prompt = prompt[:maxTextBytes]
	}
	for _, sp := range sentences(prompt, nil) {
		s := strings.ReplaceAll(prompt[sp.start:sp.end], "’", "'")
		if o.correction == "" && correction().MatchString(s) {
			o.correction = clean(s)
		}
		if o.directive == "" {
			if c, ok := readDirective(s); ok {
				if t := clean(s); words(t) >= 3 {
					o.directive, o.dcat = t, c
				}
			}
		}
		if o.proposal != "" || !proposal().MatchString(s) || asks(s) && !strings.Contains(strings.ToLower(s), "should") {
			continue
		}
		if t := clean(s); words(t) >= 3 {
			o.proposal, o.cat = t, catDecision
			if howToWork().MatchString(s) {
				o.cat = catPreference
			}
		}
	}
	if t := clean(prompt); words(t) >= 2 && words(t) <= maxChoiceWords && !strings.Contains(t, "?") {
		o.choice = t
	}
	o.pick = readPick(prompt)
	for _, sp := range sentences(prompt, nil) {
		if t := clean(prompt[sp.start:sp.end]); words(t) >= 3 {
			o.said = t
			break
		}
	}
	return o
}

// maxChoiceWords bounds a prompt read as a choice: a pick or a call is
// said in a line, a task in a paragraph.
const maxChoiceWords = 40

// chosen marks the opening of a reply that takes the prompt as the user's
// call: it names it back ("Purple it is"), or calls it right ("Good
// call", "Got it — gold instead of lavender").
var chosen = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^\W*(?:[\w'’ -]{1,30} it is\b|good (?:call|choice|idea)\b|great (?:call|choice|idea)\b|nice (?:call|choice)\b|love (?:it|that)\b|got it\s*[—–-])`)
})

// empty reports whether the prompt offers nothing to take on.
func (o offer) empty() bool {
	return o.proposal == "" && o.correction == "" && o.directive == "" && o.choice == "" && o.pick == "" && o.said == ""
}

// answer returns the finding a reply makes of the offer, and the kind of
// evidence it is (an explain cue such as "(proposal agreed)"): a
// correction the reply owns is a preference (with the reply's next
// sentence, which usually states the rule: "The project rules say to use
// Python."); a proposal it agrees with is a decision, or a preference when
// it is about how to work.
func (o offer) answer(reply string) (c categoryName, text, kind string, ok bool) {
	reply = strings.ReplaceAll(strings.TrimSpace(reply), "’", "'")
	if o.correction != "" && admission().MatchString(reply[:min(len(reply), 200)]) {
		t := o.correction
		if rs := sentences(reply, nil); len(rs) > 1 {
			t += " — " + clean(reply[rs[1].start:rs[1].end])
		}
		return catPreference, t, "(correction owned)", true
	}
	if o.proposal != "" && agreed(reply) {
		return o.cat, o.proposal, "(proposal agreed)", true
	}
	if o.directive != "" && takesOn(reply) {
		return o.dcat, o.directive, "(directive taken on)", true
	}
	if o.choice != "" && chosen().MatchString(reply[:min(len(reply), 200)]) {
		return catDecision, o.choice, "(call named back)", true
	}
	if o.pick != "" && takesOn(reply) {
		return catDecision, o.pick, "(option picked)", true
	}
	if o.said != "" && owned().MatchString(reply[:min(len(reply), 200)]) {
		c := catDecision
		if howToWork().MatchString(o.said) {
			c = catPreference
		}
		return c, o.said, "(point owned)", true
	}
	return "", "", "", false
}

// agreed reports whether reply opens by agreeing, or agrees outright in a
// later sentence.
func agreed(reply string) bool {
	if agreement().MatchString(reply[:min(len(reply), 400)]) {
		return true
	}
	if len(reply) > maxTextBytes {
		reply = reply[:maxTextBytes]
	}
	if !strings.Contains(reply, "gree") && !strings.Contains(reply, "ight") && !strings.Contains(reply, "ood c") {
		return false
	}
	for _, sp := range sentences(reply, nil) {
		if agreedLater().MatchString(reply[sp.start:sp.end]) {
			return true
		}
	}
	return false
}

// asks reports whether s, a sentence of a prompt, is a question: it ends
// with '?', or with a tag that asks for confirmation ("… which is
// gitignored right", "…, correct").
func asks(s string) bool {
	s = strings.ToLower(strings.TrimRight(strings.TrimSpace(s), ".!"))
	if strings.HasSuffix(s, "?") {
		return true
	}
	for _, tag := range []string{" right", " correct", " no", " isn't it", " don't we", " do we", " is it", " yes"} {
		if strings.HasSuffix(s, tag) {
			return true
		}
	}
	return false
}
