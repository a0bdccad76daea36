package triage

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// A limit the agent states in its own prose is read from the weights of
// generic cues: "only", "restricted", "caps at", "not supported", a
// platform's name. Across authors those words mostly describe the code the
// agent just wrote or proposes ("caps at 25 prioritising short lines",
// "either reject it as unsupported for now"), not a limit a later session
// would meet: measured by leaving one project out over the tuning splits,
// such findings held a memory 0 times in 3 on the projects the cues were
// not written from (docs/memory-triage.md, wave 8, second round). So a
// CONSTRAINT found that way needs a second, independent piece of evidence:
// a failure in the turn (the environment pushed back), a prompt that asks
// (the agent is answering for a limit), a marker cue that flags a fact on
// its own ("worth knowing", "there is no way to"), a statement that
// something lacks a capability, in the present tense and the third person
// ("SQLite does not support ALTER COLUMN", "APNs payloads are limited to
// 4 KB", "no support for IPv6": not an adjective, "localhost-restricted",
// nor a recommendation, "reject it as unsupported"), or a score well above
// the threshold (a strong cue and a second one in one sentence) — or any
// other finding in the turn, which sends the agent back anyway. Findings
// read from the turn's structure (an environment fact, a lead-in, a
// qualified yes) and the user's own words are not affected.

// corroboratedScore is the score a cue-only CONSTRAINT needs to stand
// without corroboration.
const corroboratedScore = 0.75

// markerWeight is the weight of a cue that flags a fact by itself.
const markerWeight = 0.6

// onlyUncorroborated reports whether the turn's candidate findings are
// all cue-only CONSTRAINTs in the agent's prose that nothing corroborates
// (and there is at least one).
func (s *Scorer) onlyUncorroborated(cands map[categoryName][]Finding) bool {
	n := 0
	for _, fs := range cands {
		for _, f := range fs {
			if s.corroborated(f) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// capability marks a statement that something lacks a capability or has
// a limit, said of it in the third person.
var capability = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:(?:does|do|is|are)(?:n't| not) (?:support|allow|accept|expose|persist|honou?r)|no support for|only (?:supports|works|allows|accepts|runs)|(?:is|are) (?:limited|capped|restricted) to)\b`)
})

// corroborated reports whether f may stand alone in a turn with no
// failure and a prompt that does not ask.
func (s *Scorer) corroborated(f Finding) bool {
	if f.Category != catConstraint || f.Role != "assistant" || f.Score+epsilon >= corroboratedScore || capability().MatchString(f.Text) {
		return true
	}
	if len(f.Cues) == 1 && strings.HasPrefix(f.Cues[0], "(") && strings.HasSuffix(f.Cues[0], ")") {
		return true // read from the turn's structure
	}
	for _, r := range s.rules {
		if r.Category != catConstraint {
			continue
		}
		for _, c := range r.Cues {
			if c.Weight+epsilon >= markerWeight && slices.Contains(f.Cues, c.Pattern) {
				return true
			}
		}
	}
	return false
}
