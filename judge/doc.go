// Package judge judges the end of an agent's turn: may it end ([Done]),
// did it end on a failure ([Error]), or does the agent wait for the user
// ([Question]: [Permission] when a plain yes lets it go on, [Decision] when
// it needs a choice or information only the human has)?
//
// # What it reads
//
// [Judge] takes the final message and, when there is one, the [Evidence]
// of the turn's transcript: the tool calls since the turn's prompt
// ([Read] reads them backwards from the end of any host's transcript,
// [FromMessages] from messages at hand). A [Verdict] carries the class, a
// [Kind], a confidence and the evidence that decided (Why).
//
// The message is read outside code and quotes: fenced blocks, inline code
// spans and block quotes are blanked first by a small hand-written reader
// (no Markdown library: a hook that judges errors stays lean).
//
// A question is read from the closing of the message: its last prose
// lines, a list of numbered questions, a question to the human followed by
// a paragraph that explains it, options without a question mark ("I can
// either squash them or keep them separate. Your call."). Courtesy closers
// ("Let me know what you see", "Does this look right?") and a line ending
// in a colon before a list are Done.
//
// # Errors, precision first
//
// With the message alone, an error needs an explicit statement that this
// turn's task failed: a leading "Error:" line, "I couldn't get it to
// build", "the tests still fail", "CI is red", "I'm blocked on …". The
// statement must be the agent's own and about now: a failure as a topic
// ("this should resolve the `X` error", "why the webhook failed"),
// negated ("no tests fail"), past and resolved ("it failed before; fixed"),
// hypothetical ("if it still fails, …") or explained ("two tests fail on
// main too") is not one. Agents name what failed in their own words too
// ("the sed failed", "archive succeeded but export failed", "the
// auto-upload is failing", "2 test failures out of 693"): such a statement
// counts when its subject is words (not code, not a determiner alone), its
// verb is in the past or the progressive (the simple present describes
// behaviour: "fails closed"), and it stands on the first 2 or the last 3
// lines of the message; a diagnosis ("the issue is likely that …"), a
// finding under its label, a scenario, a condition that follows, a cause
// in credentials or the environment, or an explanation in a later
// sentence make it none. Errors of a check stated as the state the turn
// leaves count on the same lines ("Build errors in my test file", "the
// component has lint errors", "the linter found issues", "Compilation
// fails.", "Build: failed"), and anywhere a list of results with a failure
// mark ("❌ Tests: 3 failed") or a test runner's result line ("FAIL:
// TestParse").
//
// With evidence, a check that failed (a test run, a build, a lint, a push,
// a commit, a refused edit: a non-zero exit code, or a failing summary in
// the output of a piped run) and that no later run of the same check on as
// much passed is unresolved: "npm run test" settles "npm test" and "go
// test ./..." settles "go test ./x", but a narrower rerun settles a wider
// failure only when it covers what the output names as failed. The
// message decides what it means: a failure statement, or words of its own
// that tie a failure to the check ("the tests are red", "`go test ./...`
// exits with an error"), make a [Failed] error; a claim that the check passed ("all tests pass",
// "0 failures", "all clean", "**Build**: ✅", "`go test ./...` passes" after a red run) makes a
// [ClaimedSuccess] error; an explanation, or
// edits after the failure, let the turn end; silence lets it end too, with
// low confidence, which [Settle] may hand to an LLM. Failures fixed later
// in the turn count for nothing: most finished turns meet some.
//
// # Limits
//
// The rules are English phrase patterns and command names, measured on
// labelled sets of real turn ends (testdata/turns.jsonl, real sessions with
// their transcripts; testdata/labelled.jsonl, final messages of several
// agents; testdata/harvest.jsonl, harvest2.jsonl and harvest3.jsonl, real sentences of
// failure and success in
// the agents' own words): the tests assert the targets on a training part and on a
// held-out part. Other languages are read as Done. The message part costs
// well under a millisecond (it reads the last 16 KiB); nothing panics on any
// input.
package judge
