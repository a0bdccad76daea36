// Package triage finds memories worth saving in the tail of a Claude Code
// transcript: decisions, runbooks, constraints, tech debt, preferences and
// heavy sessions. It is the heuristic half of [MemoryTriage], usable
// on its own: it reads messages and returns findings, with no I/O.
//
// # Scoring
//
// Each text category is a [Rule]: weighted [Cue] patterns matched at word
// boundaries. A [Scorer] splits every message into sentences and scores
// each sentence per rule: the sum of the weights of the cues it matches,
// times the weight of where it was written ([Weights]: assistant prose
// counts fully, the user's prompt a little less, tool output not at all;
// code blocks and inline code are blanked with signals.Prose before
// matching). A sentence that reaches the threshold (0.6 by default)
// becomes a [Finding] that carries the sentence itself, so a block reason
// can say what to save. Negative weights cancel look-alikes: "I decided to
// run the tests" scores nothing, and "over" alone stays below the
// threshold. A negated cue does not count ("does not always use the
// cache" states no preference). Evidence spread over a paragraph, or a list
// with the line leading into it, adds up: when two or more of its
// statements match positive cues, the unit is scored on the cues they match
// together. A proposal in the user's prompt that the agent's first reply
// opens by accepting ("we don't need backward compatibility" — "I agree.")
// is a decision, or a preference when it is about how to work. [Activity]
// scores SESSION_SUMMARY from tool_use blocks (files modified, tools used).
//
// [DefaultRules] are data: copy and change them, or add categories.
//
// # Windows
//
// [Turn] keeps the current turn of a transcript tail (earlier turns were
// triaged at their own stop); a reader going backwards can stop at the
// first message [StartsTurn] accepts. [WithLast] adds the final reply,
// which the transcript usually lacks when a Stop hook runs.
//
// # Refinement and output
//
// [Prompt] and [Excerpt] build a prompt asking a classifier (an LLM) to
// confirm, merge or drop the findings; [ParseAnswer] reads its JSON answer
// defensively. [Reason] formats findings as the block reason and
// [Report] as a message for the user.
package triage
