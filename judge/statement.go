package judge

import (
	"strings"

	"github.com/stophook/stophook/internal/lazyre"
)

// failureStatements are the agent's own statements that this turn's task
// failed. Each is matched against one sentence (outside code and quotes,
// lower-cased); see failure for what vetoes a match.
var failureStatements = []*lazyre.Regexp{
	// First person: "I couldn't get it to build", "I was unable to push".
	lazyre.New(`\bi (?:was |am |'m )?(?:still )?(?:unable|not able) to\b`),
	lazyre.New(`\bi (?:still )?(?:could ?n[o']t|can't|cannot|can not|did ?n[o']t manage to|have ?n[o']t been able to|haven't been able to|was ?n[o']t able to|wasn't able to|failed to)\b (?:\w+ ){0,3}?(?:get|make|fix|resolve|build|compile|run|complete|finish|push|deploy|pass|start|connect|install|apply|merge|publish|load|authenticate|log in|reach|access|open|download|fetch|upload|create|remove|delete|save|launch)\b`),
	lazyre.New(`\bi(?:'m| am| was| got|'ve been| have been) (?:still )?(?:stuck|blocked)\b`),
	lazyre.New(`\bi (?:still )?(?:can't|cannot|can not|could ?n[o']t) (?:proceed|continue|go on|get past|get around|move forward)\b`),
	lazyre.New(`\bi tried\b[^.]*\bbut (?:it |that |this |the \w+ )?(?:failed|did ?n[o']t work|does ?n[o']t work|still fails|keeps failing)\b`),
	lazyre.New(`\bcould ?n[o']t be (?:applied|completed|installed|built|compiled|deployed|pushed|merged|verified|fixed|resolved|started|run|published)\b`),
	lazyre.New(`\b(?:exited|failed) with (?:exit )?(?:code|status) [1-9]\d*\b|\bkeeps? (?:failing|timing out|crashing)\b`),
	lazyre.New(`\bi (?:have ?n[o']t|haven't|did ?n[o']t|didn't) (?:yet )?(?:been able to )?(?:fix(?:ed)?|resolve[d]?|solve[d]?|get (?:it|this|them|the \w+) (?:working|to work|passing|to pass|to build))\b`),
	lazyre.New(`\bi(?:'m| am) (?:still )?(?:seeing|getting|hitting) (?:the |an? |this |that )?(?:same )?(?:error|failure|exception|crash)`),
	lazyre.New(`\bi (?:gave|give|am giving|'m giving) up\b`),
	// The state at the end: "the tests still fail", "CI is red".
	lazyre.New(`\bstill (?:fail(?:s|ing)?|red|broken|erroring|errors out|crash(?:es|ing)?|times out|timing out|hangs|doesn'?t (?:work|compile|build|pass|start|run|load)|does not (?:work|compile|build|pass|start|run|load)|isn'?t (?:working|passing|building|compiling|loading)|is not (?:working|passing|building|compiling|loading)|won'?t (?:build|compile|start|pass|load)|not (?:working|passing|building|compiling))\b`),
	lazyre.New(`\b(?:ci|the build|build|the pipeline|pipeline|(?:the )?checks?|(?:the )?tests?|the test suite|the suite|lint|typecheck|type-?checking|compilation|the compile|the release|the deploy(?:ment)?|the (?:app|site|page|server|service))\b (?:is|are) (?:now |still |currently )?(?:red|failing|broken|down)\b`),
	lazyre.New(`\b(?:the |my )?(?:push|deploy(?:ment)?|build|merge|release|publish|install(?:ation)?|migration|upgrade|commit) (?:was |is |got |has been )?(?:rejected|failed)\b|\brejected (?:the |my )?push\b`),
	lazyre.New(`\b(?:\d+|one|two|three|four|five|several|some|a few|remaining) (?:(?:unit |integration |e2e )?tests?|specs?|checks?|cases?|suites?) (?:still )?(?:fail(?:s|ing)?|are failing|remains? failing|are still failing|are broken|are red|remains? (?:broken|red))\b`),
	lazyre.New(`\b(?:doesn'?t|does not|don'?t|do not|isn'?t|is not) (?:work|working|build|compile|pass|passing) yet\b`),
	lazyre.New(`\b(?:the )?(?:errors?|failures?|exceptions?|crash(?:es)?) (?:persists?|remains?|(?:is|are) still (?:there|present|happening))\b|` +
		// "The bug persists", "the flicker is still there", "it still
		// happens" (not "the issue remains open": a tracker's issue).
		`\b(?:the |this |that )?(?:same )?(?:bug|issue|problem|regression|flicker|leak|glitch|hang|freeze) (?:still )?(?:persists|(?:is|are) still (?:there|present|happening|reproducible)|still (?:occurs|reproduces|happens))\b|` +
		`\b(?:it|this|that)(?:'s| is) still happening\b|^(?:but )?(?:it )?still (?:happens|occurs|reproduces)\b`),
	// A result line as test runners print it, written in the message:
	// "FAIL src/parse.test.ts", "FAILED tests/test_api.py::test_login",
	// "FAIL: TestParse".
	lazyre.New(`^(?:fail|failed)(?::| -| —)? (?:\S+\.(?:test|spec)\.\w+|\S+::\S+|\S+_test\.(?:go|py|rb)|test[\w/.-]*|\S+\.test\b)`),
	lazyre.New(`\b(?:the|this|my) (?:task|attempt|fix|change|approach) (?:failed|did ?n[o']t work|does ?n[o']t work|is not working|isn't working)\b|` +
		// "The padding approach was wrong — it moved the title down further."
		`\b(?:the|this|that|my) (?:[\w-]+ )?(?:approach|attempt|fix|change|workaround|patch) (?:was wrong|made (?:it|things|this) worse|backfired)(?: ?[.!;:—–]|$)`),
	lazyre.New(`\bfixed (?:\d+|one|two|three|four|five|some|most) of (?:the )?(?:\d+|them)\b`),
	// A status put first: "Blocked: the staging database is down",
	// "Tests failed: 3 of 48".
	lazyre.New(`^(?:status: )?blocked(?: on| by|:)`),
	lazyre.New(`^(?:the )?(?:tests?|test run|build|lint|typecheck|ci|checks?|compilation|deploy(?:ment)?|push|install(?:ation)?|migration|upgrade|release) (?:\w+ ){0,2}?(?:failed|was rejected)\b`),
	// What happened in this turn: "I hit an error writing config.yaml",
	// "That didn't fix it", "pnpm install errors out", "45 passed, 3 failed".
	lazyre.New(`\bi (?:encountered|hit|ran into|keep getting|kept getting|(?:am|'m) (?:still )?getting) (?:an? |the |this |that |some |another |the same )?(?:\w+ ){0,2}?(?:error|errors|exception|failure|crash)\b`),
	lazyre.New(`^(?:but |and )?(?:this|that|it|the (?:fix|change|patch|workaround|update))(?: \w+)? (?:still )?(?:did ?n[o']t|did not) (?:fix|resolve|solve|help|work|change anything)\b|\bthe (?:fix|change|patch|workaround) (?:did ?n[o']t|did not|does ?n[o']t|does not) (?:fix|resolve|solve|help|work)\b`),
	lazyre.New(`\b(?:errors?|errored|crash(?:es|ed)?) out\b`),
	lazyre.New(`\b\d+ passed,? [1-9]\d* failed\b|\b[1-9]\d* failed,? \d+ passed\b`),
	lazyre.New(`\bi (?:still )?(?:have ?n[o']t|have not|did ?n[o']t|did not) (?:yet )?(?:find|found|identif(?:y|ied)|pin(?:ned)? down|track(?:ed)? down|figure(?:d)? out) (?:(?:the |a |what |why )?(?:\w+ )?(?:cause|culprit|source|root cause|fix|reason|solution)|(?:the |what |why )(?:\w+ )?(?:problem|issue))\b`),
	lazyre.New(`\bsomething (?:went|has gone|is going) wrong\b`),
	// The agent's own change broke something, or went astray (session 10):
	// "Real regression — good catch. My trampoline made …", "my refactor
	// introduced a regression", "One edit went to the wrong spot".
	lazyre.New(`^(?:(?:that's|this is|it's) )?(?:a )?(?:real|genuine|confirmed) regression\b|\bmy (?:\w+ ){0,2}(?:change|edit|commit|refactor|fix|patch|rewrite)s? (?:broke|caused|introduced) (?:a |the |this |that )?(?:regression|bug|breakage|failure|crash)|\b(?:my|one|an|the|that) (?:\w+ )?(?:edit|change|patch|commit) (?:went|landed) (?:to|in|into|on) the wrong\b`),
	lazyre.New(`\bfailed with (?:exit |status |http |an? )?(?:code|status|error)(?: code)? [1-9]\d*\b`),
	lazyre.New(`\b(?:the )?(?:build|tests?|test run|suite|deploy(?:ment)?|install(?:ation)?|migration|command|job|script) (?:did ?n[o']t|did not|never) (?:finish|complete|succeed|pass)\b|\b(?:the )?(?:command|request|build|tests?|test run|suite|job|deploy(?:ment)?|install(?:ation)?|migration|script) (?:timed out|hung|hangs|keeps hanging)\b`),
	// A job or stage named: "the release job is failing", "Pipeline
	// failed at the e2e stage"; a status or a first-person statement with
	// its subject left out: "Status: tests failing", "Couldn't get it to
	// build".
	lazyre.New(`\b(?:the )?(?:\w+ )?(?:job|workflow|pipeline|stage|step|run|image|container) (?:is|are|was) (?:now |still |currently )?(?:failing|red|broken)\b|^(?:the )?(?:\w+ )?(?:pipeline|workflow|job|stage|docker build|image build|image|container) (?:\w+ ){0,2}?(?:failed|was rejected)\b`),
	lazyre.New(`^status: (?:\w+ ){0,3}?(?:failing|failed|red|broken|blocked)\b`),
	lazyre.New(`^(?:(?:sorry|unfortunately|but|so|still)[,:—-]? )*(?:could ?n[o']t|was ?n[o']t able to|wasn't able to|failed to|did ?n[o']t manage to) (?:\w+ ){0,3}?(?:get|make|fix|resolve|build|compile|run|complete|finish|push|deploy|pass|start|install|apply|merge|publish)\b`),
	lazyre.New(`\b(?:so )?(?:this|it|the task|the work) (?:is not|isn't|is n't|'s not) (?:done|finished|complete)(?: yet)?\b`),
	lazyre.New(`^still (?:getting|seeing|hitting) (?:the |an? |this |that )?(?:same )?(?:\w+ ){0,2}?(?:error|failure|exception|crash|[45]\d\d\b)`),
}

// checkNoun names a check whose errors a failure statement reports
// ("lint errors", "type errors", "build failures").
const checkNoun = `(?:build|compile|compiler|compilation|type|typescript|ts|tsc|typecheck|type-check|lint|linting|linter|eslint|clippy|ruff|mypy|pyright|biome|syntax|test|unit test|integration test|e2e|format|formatting|prettier|vet|analyzer)`

// statusMarks are the marks a status line may start with.
const statusMarks = "❌✖✗×⚠️🔴🚫 "

// markedCheck is a check named after a status mark of failure (the mark
// is trimmed before it is read) in a list of results: "❌ Build", "✗ tests:
// 3 failed", "❌ **Lint**: 2 errors". The mark alone is not enough: "❌ not
// changed: the plan" is a choice the agent reports.
var markedCheck = lazyre.New(`^(?:the )?(?:build|tests?|unit tests?|integration tests?|lint|linting|typecheck|type ?check|types|ci|deploy(?:ment)?|push|e2e|format(?:ting)?|compile|compilation|checks?)\b(?:[^\w]*$|:? ?(?:failed|failing|fails|red|broken|[1-9]\d* (?:failed|failing|errors?|failures?)\b))`)

// markedResult returns sentence s without its list marker and the status
// marks that start it, and whether one of them marks a failure.
func markedResult(s string) (string, bool) {
	if len(s) > 2 && (s[0] == '-' || s[0] == '*' || s[0] == '+') && s[1] == ' ' {
		s = s[2:]
	}
	t := trimStatusMarks(s)
	return t, strings.ContainsAny(s[:len(s)-len(t)], "❌✖✗×🔴") // not ⚠️: a warning
}

// failureHint holds a word that every failure statement contains: a
// sentence without one is not read further.
var failureHint = lazyre.New(`fail|error|regress|issue|problem|violation|persist|unable|able to|n't|not|stuck|block|gave|give|giving|still|reject|red\b|broken|crash|hung|hang|wrong|timed|timing|times|fixed|exited|keep|exception|down|never|broke|off\b|resolved|out of|luck|avail|success|worked|helped|working`)

// conditional marks a failure named inside a clause that describes when
// something happens ("handles the case where the request failed", "for
// when the command times out"): no report of this turn.
var conditional = lazyre.New(`\b(?:when|whenever|where|if|unless|in case|whether|in which)\b[^,;:]*$`)

// resolvedLater marks a sentence after a failure that says it went away
// ("the rerun passed", "now it builds", "it passes now") or that the agent
// repaired it ("I've repaired it: committed the three call-site fixes").
var resolvedLater = lazyre.New(`\b(?:passes|pass|works|work|builds|compiles|succeeds|is green|are green|loads|starts) (?:again )?now\b|\bnow (?:it |they |the \w+ )?(?:pass(?:es|ing)?|builds?|works?|is green|are green|compiles|succeeds|renders|loads|starts)\b|\b(?:rerun|re-run|retry|second (?:run|attempt|try)) (?:passed|passes|worked|succeeded|is green|was green)\b|\b(?:then|after that|afterwards) (?:it |they |the \w+ )?(?:passed|worked|succeeded|built)\b|\b(?:it|the (?:deploy|site|app)) is (?:now )?live\b|\bi(?:'ve| have)? (?:fixed|repaired|resolved|patched) (?:it|that|this|them|both)\b`)

// negated marks a failure word that is denied ("no tests fail", "no
// longer failing", "0 failed").
var negated = lazyre.New(`\b(?:no|none|nothing|never|not|no longer|without|zero|0) (?:\w+ ){0,2}$`)

// vetoes are sentence contexts that make a failure statement no report
// of this turn's outcome: the failure is explained away or resolved, or
// the sentence is hypothetical or a question.
var (
	explained  = lazyre.New(`pre-?existing|already (?:fail|broken|red|failing)|\bon main\b|unrelated|not related|\bas expected\b|\b(?:is|are|was|were|which is|this is|that is) (?:\w+ )?expected\b|\bexpected (?:failure|behaviou?r|since|because|here|given)\b|\bflaky (?:tests?|specs?|failures?|results?)\b|\b(?:is|are|was|were|seems?|looks?|being) (?:\w+ )?flaky\b|\bflak(?:ed|iness)\b|known (?:issue|failure|bug|problem|limitation)|before (?:my|this|these|the) changes?|not caused by|not (?:a )?regression|false positive|intentional|by design|out of scope|environmental|\b(?:in|of|from) (?:this|the|my) (?:sandbox|environment|shell|container|session)\b|\boffline\b|no network|network access|not installed|isn'?t installed|no (?:api )?key|credentials?|permission to|rate.?limit|outside (?:my|this)|\blast (?:week|night|month|time)\b|\byesterday\b|\bpreviously\b|\b(?:this|my|local|current) (?:environment|sandbox|machine|container|setup)\b|\bthe (?:environment|sandbox)\b|\b(?:run|execute|verify|test)\b[^.]*\blocally\b|\b(?:runtime|toolchain|tooling) (?:issue|problem|error)s?\b|\bstatic(?:-analysis| analysis| review| inspection| reading)?(?:-| )(?:only|based)\b|\bfrom static (?:inspection|analysis|reading)\b|\bplan mode\b|\bread-only (?:mode|sandbox)\b`)
	resolved   = lazyre.New(`\b(?:fixed|resolved|solved|now (?:pass|passes|passing|build|builds|works|working|compiles|green)|no longer|was fixed|after (?:fixing|the fix)|turned out|so i (?:fixed|changed|updated|added|removed)|until i|which i fixed|have been fixed|are fixed|is fixed|at first|initially|redeployed|went through)\b`)
	hypothetic = lazyre.New(`^(?:if|when|whenever|unless|whether|should|in case|once|before|after (?:you|we)\b)\b|\b(?:if|when|unless|in case) (?:it|the|this|that|they|you|any|anything|something)\b[^.]*\b(?:still|fails?|failing)\b|\b(?:would|could|might|may) (?:still )?(?:fail|break)\b|\bto (?:see|check|find out|verify) (?:if|whether|why)\b`)
	// topic marks a failure named as the object of an inquiry ("why the
	// webhook failed", "looked into how the build breaks"), read before
	// the failure: "I couldn't work out why" after it is no topic.
	topic = lazyre.New(`\b(?:why|how)\b`)
)

// conditionFollows marks a failure that holds only on a condition stated
// after it, within a few words ("it still won't compile without explicit
// wrapping", "errors still fail immediately without retry", "a new call site
// still can't get the func map without typing Trusted").
var conditionFollows = lazyre.New(`^[^.;:,—]{0,40}?\b(?:without|unless|until|if|whenever|in case)\b`)

// waiting marks a wait on another task or on the user ("blocked on DOM-3
// (#9)", "blocked on you"): a dependency, not a failure.
var waiting = lazyre.New(`\bblocked (?:on|by) (?:you\b|your\b|the user\b|[a-z]{2,}-\d+\b|#\d+|task)|\bblocked\b.*(?:\b[a-z]{2,}-\d+\b|#\d+)`)

// envCause marks an outcome statement that puts the failure down to
// credentials, the environment or the user's account ("the CLI needs
// authentication right now, so the search failed", "web-chat service is
// failing to start (likely an environment/API key issue)"): the label
// policy reads such a turn as done, unless the agent says it is blocked
// ("I'm blocked on the missing API key", a failure statement). A later
// sentence naming the key or token the human must replace ("The
// configured provider key returns 401") explains a failure before it.
var envCause = lazyre.New(`\bauth(?:entication|enticated|orization)?\b|\bapi[ /-]?keys?\b|\blogged in\b|\bsso\b|\bexpired\b|\benvironment(?:al)?[ /-]|\bthis machine\b|\b(?:depends on|because of|due to) your\b|\byour (?:account|plan|subscription|library)\b|\bapi scopes?\b|\b(?:provider|access|secret|service) (?:key|token)s?\b|\b(?:api |access )?(?:key|token) (?:is|was) (?:invalid|expired|revoked|missing)\b`)

// explainedAfter reports whether a sentence after sentence i explains a
// failure away (see explained) or puts it down to the environment (see
// envCause): "It actually failed - the service is still down. … The API key
// is not set on the server."
func (m *message) explainedAfter(i int) bool {
	for _, s := range m.sentences[i+1:] {
		if explained.MatchString(s) || envCause.MatchString(s) {
			return true
		}
	}
	return false
}

// countFollows marks a count of failures followed by another count ("5
// failures, 4 root causes:"): the heading of an analysis.
var countFollows = lazyre.New(`^[,;]\s*\d+ \w`)

// scenario marks a failure told in the simple present after a time clause
// set off by a comma ("after the kill, the child process errors out and
// …"): what happens in a sequence the agent describes, not the state at the
// end (which "still" or a past tense would tell).
var scenario = lazyre.New(`\b(?:after|once|until|before) (?:the|a|an|it|this|that) [^,]{1,40}, (?:the |a |an |its )?(?:\w+ ){0,3}$`)

// listItem marks the start of a list item.
var listItem = lazyre.New(`^(?:[-*+•] |\d+[.)] )`)

// clauseBreak marks a match that starts a clause of its own (after a
// contrast or a dash): what came before it does not resolve it.
var clauseBreak = lazyre.New(`^(?:but|;|—|:|, so|so)\s`)

// resolvesTo is "resolves to", "resolved to": an address or a value, not a
// fix.
var resolvesTo = lazyre.New(`\bresolve[sd]? to\b|\b(?:not|n't|never|un)(?: been)? ?resolved\b`)

// isResolved reports whether s says a failure was fixed (see resolved),
// leaving out "resolved to".
func isResolved(s string) bool {
	if strings.Contains(s, "resolve") {
		s = resolvesTo.ReplaceAllString(s, "")
	}
	return resolved.MatchString(s)
}

// notYet marks a cause that has not happened yet, put before what the
// agent cannot do ("the generated files haven't been created yet, so I
// can't compile"): the agent waits for it, nothing failed.
var notYet = lazyre.New(`\b(?:has|have|is|are)(?: not|n't)(?: been)? (?:\w+ ){0,2}?yet\b`)

// failure reports an explicit statement in m that the task failed in
// this turn; own reports that it is an outcome in the agent's own words
// (see outcomeStatements) rather than one of failureStatements. Like the
// outcome statements, failureStatements are read only on the first 2 and
// the last 3 lines of a message (message.edge): in the middle of a long
// message "the job failed at step 2" is history, a finding or a diagnosis.
func (m *message) failure() (v Verdict, ok, own bool) {
	if v, ok := m.codeFailure(); ok {
		return v, true, false
	}
	for i := len(m.sentences) - 1; i >= 0; i-- {
		s := trimStatusMarks(m.sentences[i]) // "❌ the deploy failed"
		if strings.HasSuffix(s, "?") {
			continue
		}
		if c, ok := markedResult(m.sentences[i]); ok && markedCheck.MatchString(c) && !m.settled(i, c, "", c) {
			return Verdict{Class: Error, Kind: Failed, Confidence: 0.8, Why: m.sentences[i]}, true, false // "❌ Tests: 3 failed"
		}
		if !failureHint.MatchString(s) || (i < len(m.edge) && !m.edge[i]) {
			continue
		}
		for _, re := range failureStatements {
			loc := re.FindStringIndex(s)
			if loc == nil || negated.MatchString(s[:loc[0]]) {
				continue
			}
			before := s[:loc[0]]
			if i := lastContrast(before); i >= 0 {
				before = before[i:] // "I fixed A, but B still fails": the fix is not B's
			}
			if m.settled(i, s, before, before+" … "+s[loc[1]:]) {
				continue
			}
			if conditionFollows.MatchString(s[loc[1]:]) || waiting.MatchString(s[loc[0]:]) || scenario.MatchString(before) {
				continue
			}
			if failureNoun.MatchString(s[loc[0]:]) && nounDenied.MatchString(s[:loc[0]]) {
				continue // "no routine migration parse failures remain"
			}
			return Verdict{Class: Error, Kind: Failed, Confidence: 0.85, Why: s}, true, false
		}
		if m.outcome(i, s) {
			return Verdict{Class: Error, Kind: Failed, Confidence: 0.8, Why: s}, true, true
		}
	}
	return Verdict{}, false, false
}

// outcome reports whether sentence i of m, s, is an outcome statement (see
// outcomeStatements) that nothing vetoes: the vetoes of failureStatements,
// and outcomeGuard before it and outcomeRest after it. Only sentences where
// agents state a turn's outcome count, on the first 2 or the last 3 lines
// of the message (see message.edge): in the middle of a long message the
// same words are findings, history or a design.
func (m *message) outcome(i int, s string) bool {
	if i < len(m.edge) && !m.edge[i] {
		return false // the middle of a long message: findings, history, a design
	}
	for _, re := range outcomeStatements {
		loc := re.FindStringSubmatchIndex(s)
		if loc == nil {
			continue
		}
		subj := ""
		for g := 2; g+1 < len(loc); g += 2 {
			if loc[g] >= 0 {
				subj = s[loc[g]:loc[g+1]]
				break
			}
		}
		before, after := s[:loc[0]], s[loc[1]:]
		if strings.HasPrefix(s[loc[0]:], ": ") && listItem.MatchString(before) {
			continue // "- with_span vs do-block: tests failed because …": a finding under its label
		}
		// A negation before a clause break denies something else: "Not ready
		// — lint and all three test jobs failed".
		negBefore := negated.MatchString(before) && !clauseBreak.MatchString(s[loc[0]:loc[1]])
		if !plainSubject(subj) || negBefore || outcomeGuard.MatchString(before+" "+subj) || outcomeRest.MatchString(after) || conditionFollows.MatchString(after) || countFollows.MatchString(s[max(0, loc[1]-1):]) {
			continue
		}
		if waiting.MatchString(s[loc[0]:]) {
			continue // blocked on another task or on the user: a wait, not a failure
		}
		if inferred.MatchString(s[loc[0]:loc[1]]) {
			continue // "the run proves GitHub rejected that value": a conclusion
		}
		if c := lastContrast(before); c >= 0 {
			before = before[c:]
		} else if clauseBreak.MatchString(s[loc[0]:loc[1]]) {
			before = "" // the clause starts at the match: "Amend went through but the test invocation errored"
		}
		if envCause.MatchString(s) || m.settled(i, s, before, before+" "+subj+" … "+after) {
			continue
		}
		return true
	}
	return false
}

// failureNoun marks a failure statement that starts with the noun of the
// failure ("failures remain", "errors persist"), whose determiner may
// stand a few words before it; nounDenied is that determiner denying it:
// "no routine migration parse failures remain", "zero new type errors".
var (
	failureNoun = lazyre.New(`^(?:errors?|failures?|exceptions?|crash(?:es)?|issues?|problems?)\b`)
	nounDenied  = lazyre.New(`\b(?:no|zero|0)(?: [\w-]+){0,4} $`)
)

// inferred marks a verb of inference inside an outcome statement's match
// ("the run proves GitHub rejected that specific value"): the agent
// concludes from evidence, as outcomeGuard vetoes before the match.
var inferred = lazyre.New(`\b(?:suggests?|proves?|indicates?|implies|means)\b`)

// settled reports the vetoes a failure statement in sentence i of m, s,
// and an outcome statement share: the sentence explains or supposes the
// failure, the words before it (before: the clause it stands in) make it a
// condition, a topic or something not done yet, its clause (rest: the
// words around the failure) says it was resolved, or a later sentence
// resolves or explains it.
func (m *message) settled(i int, s, before, rest string) bool {
	return explained.MatchString(s) || hypothetic.MatchString(s) || isResolved(rest) ||
		conditional.MatchString(before) || topic.MatchString(before) || notYet.MatchString(before) ||
		m.resolvedAfter(i) || m.explainedAfter(i)
}

// codeSubject matches a failure whose subject is code: a command, a test
// or a file in a code span ("`go build ./...` is red", "`TestParse` still
// fails"), stated as the state at the end, not as behaviour ("`send()`
// fails, and then …" describes the code). The sentence rules do not see it, since code is blanked
// before they read a line.
var codeSubject = lazyre.New("`[^`\n]{2,120}`(?: \\([^)\n]{0,80}\\))? (?:(?:is|are) (?:still |now )?(?:red|failing|broken)\\b|still (?:fails|failing|red|broken)\\b|keeps (?:failing|erroring)\\b)")

// codeFailure reports a line of m whose failure statement has code for
// its subject, unless the line's words explain, resolve or suppose it.
func (m *message) codeFailure() (v Verdict, ok bool) {
	m.codeLines(func(raw, l, rest string) bool {
		if strings.TrimSpace(l) == "" || strings.HasPrefix(strings.TrimSpace(l), ">") {
			return true // a fenced or quoted line
		}
		loc := codeSubject.FindStringIndex(raw)
		if loc == nil {
			return true
		}
		c := clean(withoutQuotations(foldMarkup(strings.TrimSpace(l))))
		lead := strings.ToLower(raw[:loc[0]])
		if strings.HasSuffix(c, "?") || explained.MatchString(c) || resolved.MatchString(c) || hypothetic.MatchString(c) || conditional.MatchString(c) || conditional.MatchString(lead) || topic.MatchString(lead) {
			return true
		}
		if outcomeGuard.MatchString(lead) || outcomeRest.MatchString(strings.ToLower(raw[loc[1]:])) {
			return true // "The issue is likely that `touchSource` is failing silently": a diagnosis
		}
		if negated.MatchString(lead) || resolvedLater.MatchString(strings.ToLower(rest[loc[1]:])) {
			return true
		}
		v, ok = Verdict{Class: Error, Kind: Failed, Confidence: 0.8, Why: strings.TrimSpace(raw)}, true
		return false
	})
	return v, ok
}

// resolvedAfter reports whether a sentence after sentence i says the
// failure went away.
func (m *message) resolvedAfter(i int) bool {
	for _, s := range m.sentences[i+1:] {
		if resolvedLater.MatchString(s) && !strings.HasSuffix(s, "?") {
			return true
		}
	}
	return false
}

// lastContrast returns where the last contrast ("but", "however",
// "except") in s ends, or -1.
func lastContrast(s string) int {
	end := -1
	for _, w := range []string{" but ", " however", " except ", " although ", " though "} {
		if i := strings.LastIndex(s, w); i >= 0 && i+len(w) > end {
			end = i + len(w)
		}
	}
	return end
}

// reportCue marks a sentence saying that something did not pass: "is
// red", "fails", "exits with an error", "doesn't pass".
var reportCue = lazyre.New(`\bfail(?:s|ed|ing|ures?)?\b|\b(?:is|are|was|were|still|stays?|remains?) (?:red|broken)\b|\bbreaks\b|\berrors? (?:out|on)\b|\bexit(?:s|ed)? with (?:an? )?(?:error|non-?zero)|\b(?:does|do|did) ?n[o']t pass\b|\b(?:is|are) ?n[o']t (?:passing|green)\b|\bnot (?:passing|green)\b|\brejected\b`)

// pastState marks a failure told as a past state ("was failing", "had
// been red"), which the turn may have ended.
var pastState = lazyre.New(`\b(?:was|were|had been|had|used to be|used to)\s*$`)

// reports returns the sentence of m that reports the failed run r as
// failing, and whether there is one: a sentence that says something did
// not pass (see reportCue), not negated, resolved, explained, hypothetical
// or a question, tied to r by the words of its check's family ("the
// tests are red") or, when its subject is code, by a code span of the
// message that names r's command or a part of its output ("`go test
// ./...` exits with an error (`TestParse`)"). It needs the transcript:
// the message alone may use failure words as a topic.
func (m *message) reports(r Run) (string, bool) {
	words := familyWords[familyOf(r.Check)]
	for i := len(m.sentences) - 1; i >= 0; i-- {
		s := m.sentences[i]
		loc := reportCue.FindStringIndex(s)
		if loc == nil || strings.HasSuffix(s, "?") || negated.MatchString(s[:loc[0]]) {
			continue
		}
		before := s[:loc[0]]
		if explained.MatchString(s) || resolved.MatchString(s) || hypothetic.MatchString(s) || conditional.MatchString(before) || topic.MatchString(before) || m.resolvedAfter(i) {
			continue
		}
		if pastState.MatchString(before) || (i+1 < len(m.sentences) && resolved.MatchString(m.sentences[i+1])) {
			continue // "X was failing; I fixed it"
		}
		// The check is the subject or the object of the failure: its words
		// within a few words of it ("the tests are red", "failing tests").
		if words != nil && words.MatchString(s[max(0, loc[0]-32):min(len(s), loc[1]+24)]) {
			return s, true
		}
		if m.lineNames(s, r, namesRun) {
			return s, true
		}
	}
	return "", false
}

// lineNames reports whether the line of m that holds sentence s has a
// code span (`…`) of at least 4 characters that names r as spanNames
// says (namesRun: its command or a part of its output; namesCommand: its
// command only): the code is the sentence's subject.
func (m *message) lineNames(s string, r Run, spanNames func(span string, r Run) bool) (names bool) {
	m.codeLines(func(line, l, _ string) bool {
		if !strings.Contains(clean(withoutQuotations(foldMarkup(strings.TrimSpace(l)))), s) {
			return true
		}
		for {
			a := strings.IndexByte(line, '`')
			if a < 0 {
				return true
			}
			b := strings.IndexByte(line[a+1:], '`')
			if b < 0 {
				return true
			}
			span := strings.TrimSpace(line[a+1 : a+1+b])
			line = line[a+2+b:]
			if len(span) >= 4 && spanNames(span, r) {
				names = true
				return false
			}
		}
	})
	return names
}

// namesCheck reports whether a code span is a command of r's check.
func namesCheck(span string, r Run) bool {
	for _, k := range checksOf(span) {
		if k == r.Check {
			return true
		}
	}
	return false
}

// namesCommand reports whether a code span is a command of r's check that
// starts as r's call does ("`go test ./...`" for Bash(go test ./pkg)): its
// first two words are in the call. A check key is coarse ("test:js" is any
// JavaScript test runner), and a claim about another command of the same
// key is no claim about r.
func namesCommand(span string, r Run) bool {
	if !namesCheck(span, r) {
		return false
	}
	words := strings.Fields(span)
	if len(words) > 2 {
		words = words[:2]
	}
	return strings.Contains(strings.ToLower(r.Call), strings.ToLower(strings.Join(words, " ")))
}

// namesRun reports whether a code span names run r: it is a command of
// r's check ("go test ./..." for a failed "go test ./pkg"), or it stands
// on a failure line of r's output ("--- FAIL: TestParse") and is not
// part of r's command (an argument the agent chose, such as the file it
// broke on purpose to see the test catch it).
func namesRun(span string, r Run) bool {
	if namesCheck(span, r) {
		return true
	}
	if strings.Contains(strings.ToLower(r.Call), strings.ToLower(span)) {
		return false
	}
	for line := range strings.Lines(r.outWindow()) {
		if strings.Contains(line, span) && failLine.MatchString(line) {
			return true
		}
	}
	return false
}

// failLine marks a line of a check's output that reports a failure.
var failLine = lazyre.New(`FAIL|[Ff]ail|ERROR|[Ee]rror|[✗×✖]|^\s*X |^\s*\d+\) `)

// explains reports whether m mentions a failure of check family f as
// expected, pre-existing or caused by the environment.
func (m *message) explains(f string) bool {
	words := familyWords[familyOf(f)]
	for _, s := range m.sentences {
		if explained.MatchString(s) && (words == nil || words.MatchString(s) || failWord.MatchString(s)) {
			return true
		}
	}
	return false
}

// failWord marks a sentence about a failure.
var failWord = lazyre.New(`\bfail|\berror|\bred\b|\bbroken\b|\brejected\b`)

// partial marks a success claim that leaves something out ("all other
// tests pass", "everything else passes"): it acknowledges a failure.
var partial = lazyre.New(`\b(?:all other|the other|everything else|all remaining|the remaining|the rest of the|rest of the)\b`)

// successClaims are the claims that a check of a family passed.
var successClaims = map[string]*lazyre.Regexp{
	"test":   lazyre.New(`\b(?:all )?(?:the )?(?:\d+ )?(?:(?:unit |integration |e2e )?tests?|specs?|suites?)(?: now)? (?:all )?(?:pass(?:es|ed|ing)?|are (?:all )?passing|(?:are |is )?green|succeed(?:s|ed)?)\b|\ball (?:\d+ )?(?:pass|passing|green)\b|\b\d+ (?:tests? )?pass(?:ed|ing)?\b|\b\d+/\d+ (?:tests? )?pass|\b(?:tests?|specs?|suites?)\b[^.]{0,16}\b0 failures\b|\b0 failures\b|\bno (?:test )?failures\b`),
	"build":  lazyre.New(`\b(?:build|builds|compiles|compiled|compilation|typecheck(?:s)?|type-?check(?:s)?|tsc|typescript)\b[^.]{0,24}\b(?:pass(?:es|ed)?|succeed(?:s|ed)?|successful(?:ly)?|cleanly|clean|green|ok|fine|works)\b|\b(?:builds|compiles) (?:cleanly|fine|successfully)\b|\bno (?:compil\w*|build|type) errors\b|\b(?:build|compil\w*)\b[^.]{0,12}\b0 errors\b|\b0 (?:build|compil\w*|type) errors\b`),
	"lint":   lazyre.New(`\b(?:lint(?:ing|er|s)?|vet|format(?:ting)?|credo|clippy|ruff|mypy|pyright|biome|eslint|prettier|golangci(?:-lint)?|rubocop|pylint|flake8|shellcheck|type ?check(?:s|ing|er)?)\b[^.]{0,24}\b(?:pass(?:es|ed)?|clean|green|ok|succeed(?:s|ed)?)\b|\b0 (?:errors|issues|problems|findings)\b|\bno (?:lint )?(?:issues|problems|findings)\b`),
	"push":   lazyre.New(`\bpushed\b|\bpush(?:ed)? (?:succeeded|successful)\b`),
	"commit": lazyre.New(`\bcommitted\b|\bcommit(?:ted)? [0-9a-f]{7,40}\b|\bcreated (?:a |the )?commit\b|\bcommit: [0-9a-f]{7,40}\b`),
	"ci":     lazyre.New(`\b(?:ci|checks?|pipeline|workflow|actions?)\b[^.]{0,20}\b(?:green|passing|passed|pass|succeeded)\b`),
	"deploy": lazyre.New(`\bdeployed\b|\bdeploy(?:ment)? (?:succeeded|successful|is live|went through)\b|\bis (?:now )?live\b`),
	"edit":   lazyre.New(`\b(?:created|wrote|written|updated|added|saved|modified|edited|changed)\b`),
}

// anyClaim is a success claim that names no check ("everything is green
// now", "all clean", "all checks pass"): it claims every check of the
// families in anyClaimFamilies.
var anyClaim = lazyre.New(`\b(?:everything|all (?:checks|gates|quality gates|of it|of them))\b[^.]{0,16}\b(?:green|clean|pass(?:es|ed|ing)?|succeed(?:s|ed)?)\b|\ball (?:clean|green)\b`)

var anyClaimFamilies = map[string]bool{"test": true, "build": true, "lint": true, "ci": true}

// passWord marks a sentence saying that something passed, for a code span
// that names the check ("`go test ./...` passes").
var passWord = lazyre.New(`\b(?:pass(?:es|ed|ing)?|green|clean(?:ly)?|succeed(?:s|ed)?|successful(?:ly)?|ok)\b`)

// familyWords name what a family's checks are, to tie a sentence to them.
var familyWords = map[string]*lazyre.Regexp{
	"test":   lazyre.New(`\btests?\b|\bspecs?\b|\bsuites?\b`),
	"build":  lazyre.New(`\bbuild|\bcompil|\btypecheck|\btype check|\btsc\b`),
	"lint":   lazyre.New(`\blint|\bvet\b|\bformat|\bcredo|\bclippy|\bruff|\bmypy|\bpyright|\bbiome|\bdialyzer|\btype ?check`),
	"push":   lazyre.New(`\bpush`),
	"commit": lazyre.New(`\bcommit`),
	"ci":     lazyre.New(`\bci\b|\bchecks?\b|\bpipeline|\bworkflow`),
	"deploy": lazyre.New(`\bdeploy|\blive\b`),
}

// claims returns the sentence of m that claims a check of family f (or,
// for an edit, the file named by subject) succeeded, and whether there is
// one.
func (m *message) claims(f, subject string) (string, bool) {
	fam := familyOf(f)
	re := successClaims[fam]
	if re == nil {
		return "", false
	}
	for i := len(m.sentences) - 1; i >= 0; i-- {
		s := m.sentences[i]
		loc := re.FindStringIndex(s)
		if loc == nil && anyClaimFamilies[fam] {
			loc = anyClaim.FindStringIndex(s)
		}
		if loc == nil || negated.MatchString(s[:loc[0]]) || hypothetic.MatchString(s) || strings.HasSuffix(s, "?") {
			continue
		}
		if partial.MatchString(s[max(0, loc[0]-24):loc[1]]) {
			continue
		}
		if strings.Contains(s[loc[0]:min(loc[1]+12, len(s))], "n't") || strings.Contains(s[loc[1]:min(loc[1]+6, len(s))], " not") {
			continue
		}
		if fam == "edit" && (subject == "" || !strings.Contains(s, strings.ToLower(subject))) {
			continue
		}
		return s, true
	}
	return "", false
}

// checkmark matches a status line that marks a check passed ("- **Build**:
// ✅", "Tests ✓ (42)"): the label is the first group. Markdown emphasis is
// not folded yet.
var checkmark = lazyre.New(`^\s*(?:[-*+•]\s+)?(?:\*\*|__)?([A-Za-z][\w /.-]{1,30}?)(?:\*\*|__)?\s*[:：]?\s*(?:\*\*|__)?\s*(?:✅|✓|✔|☑)`)

// checkmarked returns the line of m that marks a check of family f passed
// with a check mark (see checkmark), and whether there is one.
func (m *message) checkmarked(f string) (string, bool) {
	words := familyWords[f]
	if words == nil || !strings.ContainsAny(m.prose, "✅✓✔☑") {
		return "", false
	}
	for _, l := range linesOf(m.prose) {
		g := checkmark.FindStringSubmatch(l)
		if g != nil && words.MatchString(strings.ToLower(g[1])) {
			return strings.TrimSpace(l), true
		}
	}
	return "", false
}

// claimsRun returns the sentence of m that says the check of run r passed
// by naming it in code ("`go test ./...` passes", "`npm run build` is
// green"): a pass word, not negated, in a sentence of a line whose code
// span names r (see lineNames), without a failure word.
func (m *message) claimsRun(r Run) (string, bool) {
	for i := len(m.sentences) - 1; i >= 0; i-- {
		s := m.sentences[i]
		loc := passWord.FindStringIndex(s)
		if loc == nil || strings.HasSuffix(s, "?") || negated.MatchString(s[:loc[0]]) || hypothetic.MatchString(s) || reportCue.MatchString(s) {
			continue
		}
		if strings.Contains(s[loc[0]:min(loc[1]+12, len(s))], "n't") || partial.MatchString(s) {
			continue
		}
		if m.lineNames(s, r, namesCommand) {
			return s, true
		}
	}
	return "", false
}

// familyOf returns the family part of a check key ("test" of "test:go").
func familyOf(key string) string {
	if i := strings.IndexByte(key, ':'); i >= 0 {
		return key[:i]
	}
	return key
}
