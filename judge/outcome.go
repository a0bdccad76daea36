package judge

import (
	"strings"
	"unicode"

	"github.com/stophook/stophook/internal/lazyre"
)

// The failure statements of failureStatements name what failed from a
// short list ("the build", "the tests", "CI"). Agents name it in their own
// words far more often: "The sed failed", "Archive succeeded but export
// failed", "The auto-upload in ExportOptions is failing", "The naive
// golden harness doesn't work", "152-160 are all rejected", "2 test
// failures out of 693 tests". outcomeStatements read such sentences by
// their grammar: a subject in words (a noun phrase of one to four words, at
// the start of the sentence or of a clause after a contrast, not a
// determiner alone, not code: code spans are blanked before the rules read
// a line) and a verb of failure in the past tense or the progressive (an
// event or a state at the end of the turn), not the simple present ("the
// wrapper fails closed", "it fails open when the header is absent"), which
// describes behaviour. See outcomeGuard for what else vetoes them.
var outcomeStatements = []*lazyre.Regexp{
	// An event: "the sed failed", "but export failed on account auth", "the
	// monitor timed out", "only the push got stuck", "tests seem to have
	// failed", "the lease check rejected because …"; a present failure with
	// its cause: "the build fails due to missing SPM dependencies".
	lazyre.New(clauseStart + `(?:(?:the|my|its|this|that|our|even|only|also) )?` + subject + `(?:also |still |then |just |again |all )?(?:(?:seems?|appears?) to have |has |have )?(?:failed|errored|hung|timed out|got stuck)\b(?: again| too| as well)?(?: (?:on|with|at|in|inside|because|due|while|after|during|before|for)\b| ?[.,;:—–(]|$)|` +
		clauseStart + `(?:(?:the|my|its|this|our|even|only|also) )?` + subject + `(?:was |got |has been )?rejected (?:because|due to)\b|` +
		clauseStart + `(?:(?:the|my|its|this|our|even|only|also) )?` + subject + `(?:still )?fails (?:because|due to)\b|` +
		`, so (?:(?:the|my|its|this|our) )?` + subject + `(?:still )?fails\.?$`),
	// A state at the end: "the health check is failing with HTTP 503",
	// "the login button isn't working",
	// "all the GitHub Actions are failing" (not "blocked by": what blocks a
	// step is most often the environment or another task, which lets the
	// turn end).
	lazyre.New(clauseStart + `(?:(?:the|my|its|this|that|our|even|only|also|all(?: the)?) )?` + subject + `(?:is|are|'s|keeps?|seems? to be|appears? to be) (?:still |now |also |currently |all )?(?:failing|erroring|crashing|being rejected|stuck|not working|n't working)\b|` +
		ownClauseStart + `(?:(?:the|my|its|this|that|our|even|only|also|all(?: the)?) )?` + subject + `(?:is|are)n'?t (?:still |now |currently )?working\b|` +
		clauseStart + `(?:(?:the|my|its|this|that|our|all(?: the)?) )?` + subject + `(?:still )?(?:remains?|stays?) (?:broken|failing|red|down|unresolved|unfixed)\b`),
	// Does not work: "the footer sed didn't work for level-2 pages", "the
	// web search didn't help"; in the present only as the sentence's own
	// statement ("The naive golden harness doesn't work"), not after a
	// contrast, where it describes an option ("simpler, but back button
	// doesn't work").
	lazyre.New(clauseStart + `(?:(?:the|my|our|even|also) )?` + subject + `(?:still )?(?:did ?n[o']t|did not) (?:work|help|succeed|go through)\b|^(?:[-*+•] |\d+[.)] )?(?:(?:the|my|our) )?` + subject + `(?:still )?(?:does ?n[o']t|does not) (?:work|help|succeed)\b`),
	// A subject left out after a contrast: "App installed but failed to
	// launch"; a subject that cannot reach what the task needs: "so WebFetch
	// can't get the content".
	lazyre.New(`\bbut ()(?:then |still )?(?:failed|could ?n[o']t|could not|was unable|was not able) to (?:launch|start|run|load|connect|install|build|compile|open|upload|export|deploy|push|finish|complete|reach|fetch|download)\b|` +
		clauseStart + `(?:(?:the|my|our) )?` + subject + `(?:still )?(?:can't|cannot|can not) (?:get|reach|access|load|fetch|open|connect to|download|read) (?:the|a|an|any|it|its|this|that|to)\b`),
	// A count of failures: "2 test failures out of 693 tests", "all 8
	// failed", "a few failed due to a linter reformat" (not "were failing":
	// a past state, which the turn may have ended).
	lazyre.New(`(?:^(?:[-*+•] |\d+[.)] )?|\bbut |; |— |: |, )(?:all |only )?()(?:[1-9]\d*|a few|several|some|two|three|four|five|six|seven|eight|nine|ten)(?: of (?:them|the \w+|\d+))?(?: \w+){0,2}? (?:failed|failures?(?: out of \d+)?|(?:are|are still|keep) failing)(?:[.,;:—(]|$| (?:on|with|in|due|because|out of|again)\b)`),
	// Refused by a service or a tool: "Git rejected it", "GitHub rejected the
	// rewrite", "even 200 is rejected", "152-160 are all rejected".
	lazyre.New(clauseStart + `(?:the )?()(?:\w+ ){0,2}?(?:git|github|gitlab|npm|pypi|the registry|the remote|the server|the api|the connector|the tracker|the store|app store connect|asc|vercel|netlify|apple|google|the hook|the check)\b(?: \w+){0,2}? rejected (?:it|them|the|my|our|this|that|every|each|all)\b|()\b(?:are|is) (?:all |still |also |being )rejected\b|()\beven \S+ (?:is|was) rejected\b`),
	// Nothing worked: "I ran out of approaches", "nothing I tried worked",
	// "none of the fixes helped", "no luck so far".
	lazyre.New(`()(?:\bi (?:ran|have run|'ve run) out of (?:time|ideas|approaches|options|things to try)\b|\bnothing (?:i|we) (?:tried|did|changed) (?:has )?(?:worked|helped|fixed it)\b|\bnone of (?:the|my|these|those) (?:\w+ )?(?:approaches|attempts|fixes|changes|options|workarounds) (?:has |have )?(?:worked|helped|fixed it)\b|(?:^|\bbut |, )(?:still )?(?:no luck|to no avail|without success)\b)`),
	// Something is wrong: "Something is off — all these build numbers …";
	// "it's stuck on the preloader".
	lazyre.New(`^(?:[-*+•] )?()(?:something(?:'s| is) (?:off|wrong|broken)|(?:it|this|that)(?:'s| is) (?:still )?stuck (?:on|in|at)\b)`),
	// Errors of a check named as a state, whatever the sentence's subject
	// (session 8): a headline ("Build errors in my test file", "Type
	// error — the plugin types clash", "Lint errors in the chip"), what
	// something has or there is ("The component has lint errors", "there
	// are 2 type errors in the demo"), what is left ("the remaining errors
	// are in cli.ts", "two errors in my test file", "One gradient error in
	// debug — inspect:", "7 new errors from my edits", "Two remaining issues:
	// unused … and missing styles"), what is left to do ("I
	// still need to fix 3 ESLint errors", "two errors to fix"); a check that reports them ("the linter found issues in
	// the form", "Clippy flagged a style issue"); a run that got them ("I
	// ran the focused tests and got reproducible failures"); a check that
	// fails where it runs ("tests fail on CI but pass locally"). Not "no
	// lint errors" or "0 errors" (no count word matches them), not a
	// heading of a review ("Test issue 1: …": issues count only when a
	// check reports them).
	lazyre.New(`()(?:^(?:[-*+•] |\d+[.)] )?(?:[^\w\s"'(\x60]{1,3} )?)(?:still |new |more |(?:the )?remaining |[1-9]\d* |two |three |several )?` + checkNoun + ` (?:errors?|failures?)(?: (?:in|on|at|from|remain|left)\b| ?[:—–-]|$)|` +
		`\b(?:there (?:is|are|'s) (?:still )?|(?:still )?(?:has|have) (?:still )?)(?:a |an |one |two |three |four |five |several |some |a few |[1-9]\d* )?(?:new |more |remaining )?` + checkNoun + ` (?:errors?|failures?)\b|` +
		`\bremaining (?:\w+ )?(?:errors?|failures?) (?:are|is) (?:all |only |still )?(?:in|on|from|at)\b|` +
		`^(?:[-*+•] )?(?:[1-9]\d*|two|three|four|five|several) (?:new |more |remaining )?(?:errors?|failures?) (?:to fix|left|remain|(?:in|from) (?:my|the|our|this)\b)|` +
		`^(?:[-*+•] )?(?:one|two|three|four|five|several|[1-9]\d*) remaining (?:[\w-]+ )?(?:errors?|failures?|issues?|problems?)\b|` +
		`^(?:[-*+•] )?(?:one|[1-9]\d*|two|three|four|five|several) (?:new |more |remaining )?(?:[\w-]+ )?(?:errors?|failures?) (?:in|on) [\w./-]+ ?(?:[:—–]|\.?$)|` +
		`(?:\bi (?:still )?|^(?:still )?)(?:need|have) to fix (?:the |these |those |all )?(?:remaining )?(?:[1-9]\d* |one |two |three |four |five |several |some |a few )?(?:(?:\w+ )?(?:errors?|failures?|failing tests?)|` + checkNoun + ` (?:issues?|problems?|warnings?))\b|` +
		// what is left, named as the object of the work still to do: "Fixing
		// that plus the remaining two errors" (session 10)
		`\b(?:plus|and|then) the remaining (?:[1-9]\d* |one |two |three |four |five |several )?(?:\w+ )?(?:errors?|failures?|failing tests?)\b`),
	lazyre.New(`\b(?:the )?(?:linter|lint|eslint|clippy|ruff|mypy|pyright|biome|tsc|typecheck|type ?checker|compiler|the build|build|ci|pre-commit|the hook|tests?|test suite|suite|vet|analyzer|swiftlint|rubocop) (?:still |also |now |then )?(?:caught|found|flagged|reports|reported|shows|showed|surfaced|exposed|complains|complained|threw|raised) (?:about )?(?:a |an |one |two |three |four |five |several |some |a few |more |new |remaining |[1-9]\d* )?(?:(?:style|type|lint|clippy|eslint|real|actual|formatting|format|build|compile|compilation|test|typescript|ts|syntax|minor|small|critical|more|new|remaining) ){0,2}(?:errors?|failures?|issues?|problems?|violations?)\b|` +
		`\bi (?:ran|re-?ran|tried|executed) \b[^.;]{0,80}?\band (?:got|saw|hit) (?:(?:reproducible|consistent|the same|same|new|more|several|some|a few|two|three|four|[1-9]\d*|test|type|build|lint|compile|import|runtime) ){0,2}(?:failures?|errors?|exceptions?|crashes)\b|` +
		`\b(?:the )?(?:tests?|the build|build|lint|checks?|specs?|(?:the )?suite|typecheck|e2e) (?:still |now |also )?fails? (?:on|in|under) (?:ci|github actions|the ci|linux|macos|windows|ubuntu|the runner|the matrix|main|staging|production|prod)\b`),
	// A summary of a run with failures: "597 tests with 1 failure", "12
	// specs, 2 failing".
	lazyre.New(`()\b[1-9]\d* (?:tests?|specs?|cases?|checks?)(?:,| with| and) [1-9]\d* (?:failures?|errors?|failing|failed)\b`),
	// Something of the turn's own that returned an error: "the critic
	// returned a parse error", "the upload threw an exception" (not the
	// present, which tells what code does: "isValidUrl throws an error on
	// bad input").
	lazyre.New(clauseStart + `(?:(?:the|my|its|this|that|our) )?` + subject + `(?:also |then |just |again |still )?(?:returned|threw|raised|produced|gave|hit) (?:an?|another|the same) (?:\w+ )?(?:error|exception)\b`),
	// A check's state in the simple present, which tells a result when the
	// check is the subject and nothing follows but where or how ("Compilation
	// fails.", "Type check fails on main.ts", "The e2e suite times out", "the
	// typecheck fails with 4 errors", "It won't compile."), a status line
	// ("Build: failed", "Result: FAIL", "Lint: ❌"), the same error again
	// ("Same error as before."; not "Same plugin crash", a tool of the environment). A condition that follows ("the build fails
	// when the cache is cold") vetoes it, as for every statement; in the middle of a long message the
	// same words are a finding ("The 'mild weather' test fails." in a review).
	lazyre.New(`()^(?:but |and |so )?(?:the )?(?:build|compilation|compile|typecheck|type ?check|tests?|test suite|suite|e2e(?: suite| tests?)?|lint|linting|ci|deploy(?:ment)?|push|install(?:ation)?|migration) (?:still |now |also )?(?:fails|times out|hangs)(?:[.!;:—–,]|$| (?:on|in|at|with|again|too)\b)|` +
		`\bfails? with (?:[1-9]\d*|one|two|three|four|five|several|multiple) (?:new |more |type |lint |build |compile |compilation )?(?:errors?|failures?|failing tests?)\b|` +
		`^(?:but |and |so )?(?:it|this|that|(?:the )?(?:\w+ )?(?:app|build|server|project|code|site|page|tests?|suite|binary|container|image|service|worker|job|pipeline)) (?:still )?(?:won'?t|will not|doesn'?t|does not) (?:compile|build|start|boot|run|launch|load|deploy|install|pass)(?:[.!;:—–,]|$| (?:anymore|any more|either|again|on|with|after|because|due)\b)|` +
		`^(?:status|result|results|build|tests?|lint|linting|typecheck|type ?check|ci|checks?|deploy(?:ment)?|push|e2e|compile|compilation|format(?:ting)?)(?: status| result)?: (?:failed|failing|fail|red|broken|errors?|❌|✗|✖)(?:[.!;,]|$| \(| —| -)|` +
		`^(?:still )?(?:the )?same (?:\w+ )?(?:error|failure)(?: as before| again)?[.!]?$`),
	// Failures still counted (session 9): "Still 401 ERROR nodes in
	// Task.cs even with the new grammar", "still 3 failing tests", "but
	// still 2 type errors"; not "still 0 errors" (no count word matches it).
	lazyre.New(`()(?:^(?:[-*+•] )?|\bbut |; |— |: )(?:there (?:is|are) )?still (?:[1-9][\d,]*|one|two|three|four|five|six|several|some|a few|many) (?:\w+ ){0,2}?(?:errors?|failures?|failing (?:tests?|checks?|specs?|files?|jobs?))\b`),
	// Checks named together that failed (session 9): "Not ready — lint and
	// all three test jobs failed", "build, lint and the e2e job are
	// failing".
	lazyre.New(clauseStart + `(?:the )?()` + checkListWord + `(?:(?:,|,? and|,? plus) (?:all |the |both )?(?:[1-9]\d* |one |two |three |four |five )?` + checkListWord + `)+ (?:all |both )?(?:failed|are (?:all |both )?failing|are (?:all |both )?red)(?:[.,;:—–]|$| (?:on|with|in|at|because|due|again)\b)`),
	// Still not there, a check or a tool still reporting a problem, a new
	// wrong state after a change (session 9): "Still not in the lock file.",
	// "the httpx import still shows undefined", "cli.ts still has unused
	// imports", "…, but now it shows the wrong plural form"; not "still not
	// sure" (a doubt) or "still no failures".
	lazyre.New(`()^(?:[-*+•] )?(?:but |and |hmm,? )?still not (?:in|on|at|there|installed|loaded|linked|found|showing|shown|visible|rendering|working|fixed|resolved|passing|building|compiling|picked up|applied|updated|registered|recognized)\b|` +
		ownClauseStart + `(?:(?:the|my|its|this|that|our|even|only|also|all(?: the)?) )?` + subject + `still (?:has|have|shows?|reports?|throws?|gives?) (?:an? |the |two |three |[1-9]\d* )?(?:unused|undefined|unresolved|missing|broken|failing|type|lint|build|compile|import|runtime|syntax)(?: \w+)?\b|` +
		`(?:^|\bbut )(?:now )?(?:it|this|that|they|the [\w-]+)(?: now)? (?:shows?|displays?|renders?|returns?|picks?|uses?|gives?|prints?|showed|displayed|rendered|returned|picked|used|gave|printed|produced) (?:the |a |an )?wrong\b()|` +
		// a removal the code still depends on: "I removed the `BackButton`
		// import but it's still used at line 108" (session 10)
		`\b(?:removed|deleted|renamed|dropped)\b[^.;]*\bbut (?:it|they|the \w+)(?:'s| is| are|'re)? still (?:used|referenced|imported|needed|called)\b()`),
	// A state left wrong: "the measurement is still off", "the page is
	// still blank", "the totals are still wrong", "the Dynamic Island is
	// still too wide".
	lazyre.New(clauseStart + `(?:(?:the|my|its|this|that|our|all(?: the)?) )?` + subject + `(?:is|are|looks?|seems?) (?:still|now still) (?:too (?:wide|narrow|small|big|large|tall|short|long|slow|dark|light|high|low|bright|faint|close|far)|wrong|incorrect|off|empty|blank|not (?:showing|rendering|updating|appearing|visible|displayed|displaying|saving|syncing|connecting|responding|loading))\b(?:[^-]|$)`),
}

// ownClauseStart is clauseStart without "so" ("…, so the search filter
// isn't working properly" concludes from what the agent saw, a diagnosis),
// with an interjection ("Hmm, the import still shows undefined") and an
// item of a list in a sentence ("Two issues: (1) …, (2) cli.ts still has
// unused imports").
const ownClauseStart = `(?:^(?:[-*+•] |\d+[.)] |\(\d+\) )?(?:[^\w\s"'(\x60]{1,3} )?(?:hmm,? |oh,? |ugh,? )?|\bbut |; |— |: |, \(\d+\) )`

// checkListWord is a check named in a list of checks that failed: "lint",
// "the e2e job", "all three test jobs".
const checkListWord = `(?:build|builds|lint|linting|tests?|typecheck|type ?check|ci|e2e|vet|format(?:ting)?|unit|integration|docs|release|deploy)(?: (?:tests?|jobs?|checks?|runs?|suites?|steps?|builds?))?`

// clauseStart is where an outcome statement's subject may start: the start
// of the sentence (after a list marker) or of a clause after a contrast or
// a dash; a status mark may stand first ("❌ the deploy failed").
const clauseStart = `(?:^(?:[-*+•] |\d+[.)] )?(?:[^\w\s"'(\x60]{1,3} )?|\bbut |; |— |: |, so |\bso )`

// subject is the noun phrase of an outcome statement, captured: one to four
// words; see plainSubject.
const subject = `((?:[\w'’./"-]+ ){1,5}?)`

// plainSubject reports whether subj (the captured words; empty for the
// rules that name their subject themselves) is a noun phrase in words: one
// that is not only determiners and pronouns ("this", "it", "that"), holds
// no pronoun of the user or of the team ("you", "we") and no word that makes
// the clause a question, a condition, a comparison or a relative clause.
func plainSubject(subj string) bool {
	words := strings.Fields(subj)
	if len(words) == 0 {
		return true
	}
	content := false
	for i, w := range words {
		w = strings.Trim(w, `"'’.,`)
		if !strings.ContainsFunc(w, unicode.IsLetter) {
			continue // a list marker, a number, what code blanking left
		}
		if i > 0 && (w == "that" || w == "which") {
			return false // a relative clause: "attempted fixes that all failed"
		}
		switch w {
		case "nothing", "none", "neither", "nobody", "nor",
			// a situation, not an operation: "the lose condition is failing to …"
			"condition", "case", "scenario", "rule", "mode", "goal", "state", "player", "players", "user", "users",
			// runs looked into, not the turn's own: "the sampled first and last runs failed"
			"sampled", "previous", "earlier", "old", "older", "past", "prior", "historical":
			return false
		case "if", "when", "whenever", "unless", "whether", "why", "how", "what", "which", "who", "where", "while",
			"you", "your", "we", "i", "they", "to", "not", "no", "never", "because", "since", "once", "until",
			"before", "after", "than", "as", "should", "would", "could", "might", "may", "will", "can", "must",
			"is", "are", "was", "were", "be", "been", "has", "have", "had", "does", "did", "do":
			return false
		case "the", "a", "an", "this", "that", "these", "those", "it", "its", "my", "our", "all", "even", "only",
			"also", "both", "every", "each", "some", "and", "or", "of", "then", "so", "just", "there", "here":
		default:
			content = true
		}
	}
	return content
}

// outcomeGuard vetoes an outcome statement whose sentence, before the
// match, hedges, infers ("the repeated output suggests the commit is
// failing", "the run proves GitHub rejected that value"; not "shows": "ASC
// shows 151 as the latest build, but 152-160 are all rejected") or gives the cause
// first ("The issue is likely that …
// is failing", "Because your profile was missing, Postgres rejected the
// insertion"), names a root cause or a finding of a review ("Root cause:
// npm rejected …", "Bug: …"), or whose subject is a task the agent waits
// for ("DOM-3 is blocked by DL-2"): a diagnosis of something the turn was
// asked about, not the outcome of the turn's own work.
var outcomeGuard = lazyre.New(`\b(?:suggests?|proves?|indicates?|implies|means)\b|\b(?:likely|probably|possibly|perhaps|maybe|might|may|could|would|should|because|since|root cause|cause|the (?:issue|problem|bug|culprit|reason) (?:is|was)|bug|finding|problem:|issue:|why|what happened|which|that's why|that is why)\b|\b[a-z]{2,}-\d+\b|#\d+`)

// outcomeRest vetoes an outcome statement whose verb is followed by a
// manner that describes behaviour ("fails silently", "failing closed"), a
// clause that says the failure was before the end ("failed first, then
// …", "timed out, but the script already finished"), or what the agent
// did about it ("the hook hung after the commit was created, so I
// interrupted that hook session"), or a cause it only supposes ("… because
// the GitHub API returns …, but the audit tool may lack the API scope").
var outcomeRest = lazyre.New(`\b(?:may|might) (?:lack|not have|need)\b|\bso i (?:\w+ )?(?:interrupted|killed|stopped|restarted|retried|re-?ran|switched|worked around|used|fetched|fell back|moved|bumped)\b|^\s*(?:silently|closed|open|gracefully|safely|fast|loudly|first|at first|initially|earlier|before (?:my|the|this) (?:change|fix))\b|\b(?:already (?:finished|done|completed|fixed|resolved)|no action (?:is )?needed|nothing to do|harmless|(?:self-)?recovered|but (?:the|it|that) (?:\w+ )?(?:worked|passed|succeeded|finished))\b`)
