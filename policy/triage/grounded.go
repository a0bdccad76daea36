package triage

import (
	"regexp"
	"slices"
	"sync"
)

// With Options.Grounded (config "grounded"), a turn is sent back only when
// a memory in it is grounded in something besides the words cues were
// fitted to:
//
//   - the user's own words: a preference, a rule, a decision stated in a
//     prompt the user typed (not a summary the client wrote when it
//     compacted the conversation, nor a plan the agent wrote that comes
//     back as the prompt to carry out);
//   - the turn's structure: a proposal the reply takes on, a directive
//     carried out, a correction or a point the agent owns, an option the
//     user picks, the answer to the question tool, a failure the agent
//     puts down to the machine;
//   - the agent's account of its own choices and of what it left undone:
//     a DECISION ("I went with SQLite instead of Redis because …") or a
//     TECH_DEBT ("TODO: add a retention limit", "deferred to the next
//     release") read from cues in its prose.
//
// A limit, a lesson or a convention the agent's prose states on its own
// (CONSTRAINT, RUNBOOK, PREFERENCE cues, and any lead-in such as "Key
// design decisions:") only joins the list of a grounded turn. Measured by
// project over the tuning splits (docs/memory-triage.md, session 10;
// STOPHOOK_FAMILIES=projects), a turn whose findings are of that kind
// alone held a memory 7 times in 17 on the projects the cues were not
// written from ("caps at 25", "failed because of a timing-dependent test
// assertion", "The fix follows the DRY principle": the agent's report of
// the code it wrote) and 59 times in 61 on the two authors' projects they
// were written from; the agent's own DECISION and TECH_DEBT statements
// alone held one 7 times in 8 on the other projects. A preference is the
// user's, not the agent's. In hybrid mode with an LLM the ungrounded
// findings are put to it instead.
//
// It is off by default (session 11): on the two authors' projects, the
// kind of labels issue 22's own figures come from, grounding kept
// precision (0.959 → 0.950) and halved recall (0.667 → 0.328), and
// issue 22 asks for recall (0.85) as well as precision. Turn it on where
// false alarms cost more than missed memories.

// countFindings counts the candidate findings of every category.
func countFindings(cands map[categoryName][]Finding) int {
	n := 0
	for _, fs := range cands {
		n += len(fs)
	}
	return n
}

// usersOwnWords reports whether text, a user message, is written by the
// user rather than handed over as one by the client: a summary Claude
// Code writes when it compacts the conversation, or a plan the agent
// wrote that the client sends back to carry out ("Implement the
// following plan:", Codex's "PLEASE IMPLEMENT THIS PLAN:").
func usersOwnWords(text string) bool {
	return !compactSummary(text) && !planHandoff().MatchString(text)
}

// planHandoff matches the opening of a plan handed back as a prompt.
var planHandoff = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^\s*(?:implement the following plan|please implement this plan)\s*:`)
})

// proseAloneCategories are the built-in categories whose findings in the
// agent's prose need grounding. A category of the user's own (a Rule the
// config adds, with cues its author wrote for their agents) does not.
var proseAloneCategories = []categoryName{catConstraint, catRunbook, catPreference}

// ownAccount reports whether cands hold the agent's account of a choice
// it made or of work it left — a DECISION or TECH_DEBT finding read from
// cues in its prose (a sentence's or a paragraph's, not a lead-in's) — or
// a finding of a category of the user's own.
func ownAccount(cands map[categoryName][]Finding) bool {
	for c, fs := range cands {
		if slices.Contains(proseAloneCategories, c) || c == catSessionSummary {
			continue
		}
		if slices.ContainsFunc(fs, func(f Finding) bool {
			return f.Role == "assistant" && !slices.Contains(f.Cues, "(lead-in)")
		}) {
			return true
		}
	}
	return false
}
