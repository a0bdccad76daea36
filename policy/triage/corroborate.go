package triage

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// A limit or a lesson the agent states in its own prose is read from the
// weights of generic cues: "only", "restricted", "caps at", "not
// supported", a platform's name; "failed because", "the fix is", "root
// cause". Across authors those words mostly describe the
// code the agent just wrote, proposes or reports ("caps at 25 prioritising
// short lines", "either reject it as unsupported for now", "Root cause
// found: commit history shows mass deletions"), not something a later
// session would need: measured by project over the tuning splits, a
// CONSTRAINT found that way alone held a memory 0 times in 3 on the
// projects the cues were not written from (docs/memory-triage.md, session
// 8, second round). So a finding of those categories read from cues alone
// needs a second, independent piece of evidence:
//
//   - in the turn: a failure (the environment pushed back: a tool error, a
//     failing run, a command Codex reports "Process exited with code 1"),
//     or a prompt that asks (the agent answers for a limit or a cause);
//   - in the finding: a marker cue that flags a fact by itself ("worth
//     knowing", "there is no way to", "lessons learned"), a score
//     well above the threshold (a strong cue and a second one), or, for a
//     limit, a statement that something lacks a capability, in the present
//     tense and the third person ("SQLite does not support ALTER COLUMN",
//     "APNs payloads are limited to 4 KB", "no support for IPv6" — not an
//     adjective, "localhost-restricted", nor a recommendation, "reject it
//     as unsupported");
//   - or a finding of another category in the turn, or of another kind
//     (a proposal agreed, a lead-in, the user's words), which sends the
//     agent back anyway.
//
// DECISION and PREFERENCE cues are not gated: doing so lost memories on
// the splits the cues were written from without removing their false
// alarms. Nor is TECH_DEBT: one false alarm fewer, and "we deferred the
// migration to the next release" would no longer stand on its own.

// needCorroboration are the categories whose cue-only findings in the
// agent's prose need a second piece of evidence.
var needCorroboration = []categoryName{catConstraint, catRunbook}

// corroboratedScore is the score a cue-only finding needs to stand alone.
const corroboratedScore = 0.75

// markerWeight is the weight of a cue that flags a fact by itself.
const markerWeight = 0.6

// onlyUncorroborated reports whether the turn's candidate findings are
// all of one category and all cue-only findings in the agent's prose that
// nothing corroborates (and there is at least one).
func (s *Scorer) onlyUncorroborated(cands map[categoryName][]Finding) bool {
	n := 0
	for _, fs := range cands {
		for _, f := range fs {
			if s.corroborated(f) {
				return false
			}
		}
		if len(fs) > 0 {
			n++
		}
	}
	return n == 1
}

// capability marks a statement that something lacks a capability or has
// a limit, said of it in the third person.
var capability = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:(?:does|do|is|are)(?:n't| not) (?:support|allow|accept|expose|persist|honou?r)|no support for|only (?:supports|works|allows|accepts|runs)|(?:is|are) (?:limited|capped|restricted) to)\b`)
})

// exitedNonZero matches Codex's report of a failed command in a tool
// result. It corroborates a finding; it does not add to RUNBOOK's
// after-error weight (measured: one more false alarm on the tuning
// splits).
var exitedNonZero = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^Process exited with code [1-9]`)
})

// corroborated reports whether f may stand alone in a turn with no
// failure and a prompt that does not ask.
func (s *Scorer) corroborated(f Finding) bool {
	if !slices.Contains(needCorroboration, f.Category) || f.Role != "assistant" || f.Score+epsilon >= corroboratedScore {
		return true
	}
	if f.Category == catConstraint && capability().MatchString(f.Text) {
		return true
	}
	if len(f.Cues) == 1 && strings.HasPrefix(f.Cues[0], "(") && strings.HasSuffix(f.Cues[0], ")") {
		return true // read from the turn's structure
	}
	for _, r := range s.rules {
		if r.Category != f.Category {
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

// questionOpening marks a prompt that opens as a question without a
// question mark ("can we configure it to push to the private repo",
// "how does the cache expire"); a request worded as one ("can you spawn
// workers to …", "could you …") is not.
var questionOpening = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^\W*(?:also,? |so,? |and |but |ok,? |hmm,? )?(?:how|why|what|which|where|when|who|whose|is|are|was|were|does|do|did|has|have|can (?:we|i|it|this|that|they)|could (?:we|i|it|this|that|they)|should (?:we|i|it|this|that|they)|would (?:it|this|that)|will (?:it|this|that))\b`)
})

// promptAsks reports whether a prompt asks: it ends on a question (or a
// tag that asks for confirmation), or opens as one.
func promptAsks(prompt string) bool {
	prompt = strings.TrimSpace(prompt)
	return asks(prompt) || questionOpening().MatchString(prompt[:min(len(prompt), 200)])
}

// codexFailed reports whether a tool result is Codex's report of a
// command that exited non-zero.
func codexFailed(text string) bool {
	return strings.Contains(text, "exited with code") && exitedNonZero().MatchString(text)
}
