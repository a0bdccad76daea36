// Package triage asks a coding agent to save what is worth remembering
// before it stops. [MemoryTriage] is the Stop-hook policy: at the end of a
// turn it reads the whole turn (from the prompt the user typed to the final
// reply), finds decisions, runbooks, constraints, tech debt and
// preferences, and sends the agent back once with the list; optionally an
// LLM confirms the list first. Its configuration ([Config]) comes from
// <cwd>/.claude/memory-config.json.
//
// # Scoring
//
// A [Scorer] is the heuristic half, usable on its own: it reads the
// messages of a turn and returns [Finding]s, with no I/O. Each text
// category is a [Rule]: weighted [Cue] patterns matched at word
// boundaries. Every sentence is scored per rule — the sum of the weights
// of the cues it matches, times the weight of where it was written
// (assistant prose fully, the user's prompt a little less, tool output
// and code not at all) — and a sentence that reaches the threshold (0.6 by
// default) becomes a finding that carries the sentence itself, so a block
// reason can say what to save. Negative weights cancel look-alikes: "I
// decided to run the tests" scores nothing. A negated cue does not count
// ("does not always use the cache" states no preference). Evidence spread
// over a paragraph, or a list with the line leading into it, adds up.
//
// The turn is read as a whole: a proposal in the user's prompt that a
// reply accepts ("we don't need backward compatibility" — "I agree.", or
// "… So I agree: no need for it" after checking) is a decision, or a
// preference when it is about how to work; a correction the agent owns
// ("Why are you writing TypeScript?" — "Good catch. The project rules say
// Python.") is a preference; a prompt that names one of the options the
// agent offered ("option 3") and the user's answer to the agent's question
// tool are decisions. With [Options.Grounded], a turn is sent back only
// when a memory in it is grounded in the user's own words, the turn's
// structure, or the agent's own DECISION or TECH_DEBT statement: a limit,
// a lesson or a convention the agent's prose states alone only joins such
// a list. [Activity] scores SESSION_SUMMARY when the
// turn modified many files or used many tools; it only joins a list that
// has a text finding unless [Activity.Alone] is set.
//
// [DefaultRules] are data: copy and change them, or add categories.
//
// Measured on real turns (testdata/real, per turn and per category), the
// heuristics are precise on the sessions they were fitted to and miss
// much on others: see the README's figures before relying on them alone.
package triage
