package triage

import (
	"regexp"
	"strings"
	"sync"
)

// A directive is the way users most often set a rule or take a decision:
// they state it in the prompt, and the agent carries it out without a word
// of agreement ("backup_and_force_push should be hard deprecated", "lets
// rename to run_manifest", "remove byok since it's no longer supported",
// "do not wrap long lines in the markdown as that ruins the rendering on
// GitHub", "begin by writing tests, then implement"). Unlike a proposal,
// which may be an idea thrown in, a directive is worded as settled: a
// rename, a deprecation, an adoption, a removal with its reason, a rule
// with its reason, a way of working. It is taken on unless the agent's
// first reply pushes back.

// directives are the settled wordings, each with the kind of memory it
// states.
var directives = sync.OnceValue(func() []catPattern {
	mk := newCatPattern
	return []catPattern{
		// A way of working, or a rule given with its reason.
		mk(catPreference, `(?:write|add) (?:the )?tests? first|(?:begin|start) (?:by|with) writing (?:the )?tests|test[- ]first|tdd|`+
			`follow (?:@?[\w./-]+\.md|(?:the |our )?[\w-]+ (?:guidelines|conventions|style guide|rules))|`+
			`from now on|going forward|`+
			`(?:do not|don't|never|always|avoid) [^.?!]{3,120}?(?:as|because|since|otherwise|so that) (?:that|it|this|they|the|we|you|it's|that's)`),
		// A limit stated as the reason for a change.
		mk(catConstraint, `(?:since|as|because) (?:it's|it is|they're|they are|this is|that's) no longer (?:supported|available|allowed)`),
		// A decision on naming, scope or direction.
		mk(catDecision, `(?:let'?s|lets|we should|we'll|we will|i want to) (?:just )?(?:rename|call it|name it|deprecate|hard[- ]deprecate|adopt|standardi[sz]e on|drop support)|`+
			`should be (?:hard[- ])?(?:deprecated|renamed)|`+
			`we(?:'re| are) going to (?:adopt|standardi[sz]e|switch|move|drop|deprecate)|`+
			`(?:remove|drop|delete) [^.?!]{1,60}?(?:since|as|because)? ?(?:it's|it is|they're|they are)? ?no longer (?:needed|used|required)|`+
			`i want (?:the |this |these |it |them |our )?[^.?!]{1,50}? to (?:live|stay|be kept) (?:in|at|under)`),
	}
})

// pushback marks the opening of a reply that does not take the directive
// on as given.
var pushback = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^\W*(?:no\b|not quite|actually\b|hmm|wait\b|i (?:don't|do not) think|i'd (?:push back|recommend against|suggest not|advise against|hold off)|i disagree|before (?:we|i) do (?:that|this)|are you sure|that (?:would|will) break|i can(?:'t|not)|unfortunately|i(?:'d| would) (?:rather|caution))`)
})

// readDirective returns the first directive of a prompt sentence s (not a
// question), and its category.
func readDirective(s string) (categoryName, bool) {
	if asks(s) {
		return "", false
	}
	for _, d := range directives() {
		if d.re.MatchString(s) {
			return d.cat, true
		}
	}
	return "", false
}

// takesOn reports whether reply, the agent's first reply with text after
// a directive, goes ahead with it.
func takesOn(reply string) bool {
	return !pushback().MatchString(strings.TrimSpace(reply)[:min(len(strings.TrimSpace(reply)), 200)])
}
