package judge

import (
	"github.com/stophook/stophook/internal/lazyre"
	"strings"
)

// failureStatements are the agent's own statements that this turn's task
// failed. Each is matched against one sentence (outside code and quotes,
// lower-cased); see failure for what vetoes a match.
var failureStatements = []*lazyre.Regexp{
	// First person: "I couldn't get it to build", "I was unable to push".
	lazyre.New(`\bi (?:was |am |'m )?(?:still )?(?:unable|not able) to\b`),
	lazyre.New(`\bi (?:still )?(?:could ?n[o']t|can't|cannot|can not|did ?n[o']t manage to|have ?n[o']t been able to|haven't been able to|was ?n[o']t able to|wasn't able to|failed to)\b (?:\w+ ){0,3}?(?:get|make|fix|resolve|build|compile|run|complete|finish|push|deploy|pass|start|connect|install|apply|merge|publish|load|authenticate|log in)\b`),
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
	lazyre.New(`\b(?:the )?(?:errors?|failures?|exceptions?|crash(?:es)?) (?:persists?|remains?|(?:is|are) still (?:there|present|happening))\b`),
	lazyre.New(`\b(?:the|this|my) (?:task|attempt|fix|change|approach) (?:failed|did ?n[o']t work|does ?n[o']t work|is not working|isn't working)\b`),
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
	lazyre.New(`^still (?:getting|seeing|hitting) (?:the |an? |this |that )?(?:same )?(?:\w+ ){0,2}?(?:error|failure|exception|crash)`),
}

// failureHint holds a word that every failure statement contains: a
// sentence without one is not read further.
var failureHint = lazyre.New(`fail|error|unable|able to|n't|not|stuck|block|gave|give|giving|still|reject|red\b|broken|crash|hung|hang|wrong|timed|timing|times|fixed|exited|keep|exception|down|never`)

// conditional marks a failure named inside a clause that describes when
// something happens ("handles the case where the request failed", "for
// when the command times out"): no report of this turn.
var conditional = lazyre.New(`\b(?:when|whenever|where|if|unless|in case|whether|in which)\b[^,;:]*$`)

// resolvedLater marks a sentence after a failure that says it went away
// ("the rerun passed", "now it builds").
var resolvedLater = lazyre.New(`\bnow (?:it |they |the \w+ )?(?:pass(?:es|ing)?|builds?|works?|is green|are green|compiles|succeeds|renders|loads|starts)\b|\b(?:rerun|re-run|retry|second (?:run|attempt|try)) (?:passed|passes|worked|succeeded|is green|was green)\b|\b(?:then|after that|afterwards) (?:it |they |the \w+ )?(?:passed|worked|succeeded|built)\b|\b(?:it|the (?:deploy|site|app)) is (?:now )?live\b`)

// negated marks a failure word that is denied ("no tests fail", "no
// longer failing", "0 failed").
var negated = lazyre.New(`\b(?:no|none|nothing|never|not|no longer|without|zero|0) (?:\w+ ){0,2}$`)

// vetoes are sentence contexts that make a failure statement no report
// of this turn's outcome: the failure is explained away or resolved, or
// the sentence is hypothetical or a question.
var (
	explained  = lazyre.New(`pre-?existing|already (?:fail|broken|red|failing)|\bon main\b|unrelated|not related|\bas expected\b|\b(?:is|are|was|were|which is|this is|that is) (?:\w+ )?expected\b|\bexpected (?:failure|behaviou?r|since|because|here|given)\b|\bflaky (?:tests?|specs?|failures?|results?)\b|\b(?:is|are|was|were|seems?|looks?|being) (?:\w+ )?flaky\b|\bflak(?:ed|iness)\b|known (?:issue|failure|bug|problem|limitation)|before (?:my|this|these|the) changes?|not caused by|not (?:a )?regression|false positive|intentional|by design|out of scope|environmental|\b(?:in|of|from) (?:this|the|my) (?:sandbox|environment|shell|container|session)\b|\boffline\b|no network|network access|not installed|isn'?t installed|no (?:api )?key|credentials?|permission to|rate.?limit|outside (?:my|this)|\blast (?:week|night|month|time)\b|\byesterday\b|\bpreviously\b|\b(?:this|my|local|current) (?:environment|sandbox|machine|container|setup)\b|\bthe (?:environment|sandbox)\b|\b(?:run|execute|verify|test)\b[^.]*\blocally\b|\b(?:runtime|toolchain|tooling) (?:issue|problem|error)s?\b|\bstatic(?:-analysis| analysis| review| inspection| reading)?(?:-| )(?:only|based)\b|\bfrom static (?:inspection|analysis|reading)\b`)
	resolved   = lazyre.New(`\b(?:fixed|resolved|solved|now (?:pass|passes|passing|build|builds|works|working|compiles|green)|no longer|was fixed|after (?:fixing|the fix)|turned out|so i (?:fixed|changed|updated|added|removed)|until i|which i fixed|have been fixed|are fixed|is fixed|at first|initially|redeployed|went through)\b`)
	hypothetic = lazyre.New(`^(?:if|when|whenever|unless|whether|should|in case|once|before|after (?:you|we)\b)\b|\b(?:if|when|unless|in case) (?:it|the|this|that|they|you|any|anything|something)\b[^.]*\b(?:still|fails?|failing)\b|\b(?:would|could|might|may) (?:still )?(?:fail|break)\b|\bto (?:see|check|find out|verify) (?:if|whether|why)\b`)
	// topic marks a failure named as the object of an inquiry ("why the
	// webhook failed", "looked into how the build breaks"), read before
	// the failure: "I couldn't work out why" after it is no topic.
	topic = lazyre.New(`\b(?:why|how)\b`)
)

// notYet marks a cause that has not happened yet, put before what the
// agent cannot do ("the generated files haven't been created yet, so I
// can't compile"): the agent waits for it, nothing failed.
var notYet = lazyre.New(`\b(?:has|have|is|are)(?: not|n't)(?: been)? (?:\w+ ){0,2}?yet\b`)

// failure reports an explicit statement in m that the task failed in
// this turn.
func (m message) failure() (Verdict, bool) {
	if v, ok := m.codeFailure(); ok {
		return v, true
	}
	for i := len(m.sentences) - 1; i >= 0; i-- {
		s := m.sentences[i]
		if strings.HasSuffix(s, "?") {
			continue
		}
		if !failureHint.MatchString(s) {
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
			rest := before + " … " + s[loc[1]:]
			if explained.MatchString(s) || resolved.MatchString(rest) || hypothetic.MatchString(s) || conditional.MatchString(before) || topic.MatchString(before) {
				continue
			}
			if notYet.MatchString(before) {
				continue
			}
			if m.resolvedAfter(i) {
				continue
			}
			return Verdict{Class: Error, Kind: Failed, Confidence: 0.85, Why: s}, true
		}
	}
	return Verdict{}, false
}

// codeSubject matches a failure whose subject is code: a command, a test
// or a file in a code span ("`go build ./...` is red", "`TestParse` still
// fails"), stated as the state at the end, not as behaviour ("`send()`
// fails, and then …" describes the code). The sentence rules do not see it, since code is blanked
// before they read a line.
var codeSubject = lazyre.New("`[^`\n]{2,120}`(?: \\([^)\n]{0,80}\\))? (?:(?:is|are) (?:still |now )?(?:red|failing|broken)\\b|still (?:fails|failing|red|broken)\\b|keeps (?:failing|erroring)\\b)")

// codeFailure reports a line of m whose failure statement has code for
// its subject, unless the line's words explain, resolve or suppose it.
func (m message) codeFailure() (v Verdict, ok bool) {
	m.codeLines(func(raw, l, rest string) bool {
		if strings.TrimSpace(l) == "" || strings.HasPrefix(strings.TrimSpace(l), ">") {
			return true // a fenced or quoted line
		}
		loc := codeSubject.FindStringIndex(raw)
		if loc == nil {
			return true
		}
		c := clean(withoutQuotations(foldMarkup(strings.TrimSpace(l))))
		if strings.HasSuffix(c, "?") || explained.MatchString(c) || resolved.MatchString(c) || hypothetic.MatchString(c) || conditional.MatchString(c) || topic.MatchString(strings.ToLower(raw[:loc[0]])) {
			return true
		}
		if negated.MatchString(strings.ToLower(raw[:loc[0]])) || resolvedLater.MatchString(strings.ToLower(rest[loc[1]:])) {
			return true
		}
		v, ok = Verdict{Class: Error, Kind: Failed, Confidence: 0.8, Why: strings.TrimSpace(raw)}, true
		return false
	})
	return v, ok
}

// resolvedAfter reports whether a sentence after sentence i says the
// failure went away.
func (m message) resolvedAfter(i int) bool {
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
func (m message) reports(r Run) (string, bool) {
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
		if m.lineNames(s, r) {
			return s, true
		}
	}
	return "", false
}

// lineNames reports whether the line of m that holds sentence s has a
// code span (`…`) that names the command of r or a part of its output
// of at least 4 characters: the code is the sentence's subject.
func (m message) lineNames(s string, r Run) (names bool) {
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
			if len(span) >= 4 && namesRun(span, r) {
				names = true
				return false
			}
		}
	})
	return names
}

// namesRun reports whether a code span names run r: it is a command of
// r's check ("go test ./..." for a failed "go test ./pkg"), or it stands
// on a failure line of r's output ("--- FAIL: TestParse") and is not
// part of r's command (an argument the agent chose, such as the file it
// broke on purpose to see the test catch it).
func namesRun(span string, r Run) bool {
	for _, k := range checksOf(span) {
		if k == r.Check {
			return true
		}
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
func (m message) explains(f string) bool {
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
	"test":   lazyre.New(`\b(?:all )?(?:the )?(?:\d+ )?(?:(?:unit |integration |e2e )?tests?|specs?|suites?)(?: now)? (?:all )?(?:pass(?:es|ed|ing)?|are (?:all )?passing|(?:are |is )?green|succeed(?:s|ed)?)\b|\ball (?:\d+ )?(?:pass|passing|green)\b|\b\d+ (?:tests? )?pass(?:ed|ing)?\b|\b\d+/\d+ (?:tests? )?pass`),
	"build":  lazyre.New(`\b(?:build|builds|compiles|compiled|compilation|typecheck(?:s)?|type-?check(?:s)?|tsc)\b[^.]{0,24}\b(?:pass(?:es|ed)?|succeed(?:s|ed)?|successful(?:ly)?|cleanly|clean|green|ok|fine|works)\b|\b(?:builds|compiles) (?:cleanly|fine|successfully)\b`),
	"lint":   lazyre.New(`\b(?:lint(?:ing|er|s)?|vet|format(?:ting)?|credo|clippy|ruff|mypy|pyright|biome|type ?check(?:s|ing|er)?)\b[^.]{0,24}\b(?:pass(?:es|ed)?|clean|green|ok|succeed(?:s|ed)?)\b`),
	"push":   lazyre.New(`\bpushed\b|\bpush(?:ed)? (?:succeeded|successful)\b`),
	"commit": lazyre.New(`\bcommitted\b|\bcommit(?:ted)? [0-9a-f]{7,40}\b|\bcreated (?:a |the )?commit\b|\bcommit: [0-9a-f]{7,40}\b`),
	"ci":     lazyre.New(`\b(?:ci|checks?|pipeline|workflow|actions?)\b[^.]{0,20}\b(?:green|passing|passed|pass|succeeded)\b`),
	"deploy": lazyre.New(`\bdeployed\b|\bdeploy(?:ment)? (?:succeeded|successful|is live|went through)\b|\bis (?:now )?live\b`),
	"edit":   lazyre.New(`\b(?:created|wrote|written|updated|added|saved|modified|edited|changed)\b`),
}

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
func (m message) claims(f, subject string) (string, bool) {
	fam := familyOf(f)
	re := successClaims[fam]
	if re == nil {
		return "", false
	}
	for i := len(m.sentences) - 1; i >= 0; i-- {
		s := m.sentences[i]
		loc := re.FindStringIndex(s)
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

// familyOf returns the family part of a check key ("test" of "test:go").
func familyOf(key string) string {
	if i := strings.IndexByte(key, ':'); i >= 0 {
		return key[:i]
	}
	return key
}
