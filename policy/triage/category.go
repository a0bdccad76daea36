package triage

// categoryName names a kind of memory worth saving: one of the built-in
// categories below, or a category added by a [Rule] of its own. It is a
// plain string in the API ([Finding.Category], [Rule.Category]).
type categoryName = string

// The built-in categories, in the order a block reason lists them.
const (
	catDecision       categoryName = "DECISION"
	catRunbook        categoryName = "RUNBOOK"
	catConstraint     categoryName = "CONSTRAINT"
	catTechDebt       categoryName = "TECH_DEBT"
	catPreference     categoryName = "PREFERENCE"
	catSessionSummary categoryName = "SESSION_SUMMARY"
)

// allCategories lists the built-in categories in report order.
var allCategories = []categoryName{catDecision, catRunbook, catConstraint, catTechDebt, catPreference, catSessionSummary}

// Cue is one weighted pattern of a [Rule].
//
// Pattern is an RE2 expression matched case-insensitively at word
// boundaries: "over" matches "A over B" but not "overall" or "moreover".
// Use (?-i:…) for a case-sensitive part ("(?-i:TODO)"). A cue counts at most
// once per sentence. A negative Weight lowers the score: it cancels cues in
// phrases that look like a memory but are not ("decided to run the tests").
type Cue struct {
	Pattern string  `json:"pattern"`
	Weight  float64 `json:"weight"`
}

// Rule gives the cues of one text category.
//
// A sentence's score for the rule is the sum of the weights of the cues it
// matches, plus AfterError when at least one positive cue matched and a
// failure (a tool error or a stack trace) occurred earlier in the window —
// "an error followed by its fix" — multiplied by the weight of where the
// sentence was written, clamped to [0, 1].
type Rule struct {
	Category   string  `json:"category"`
	Cues       []Cue   `json:"cues"`
	AfterError float64 `json:"after_error,omitempty"`
	// User, when non-zero, replaces the weight of the user's prose (0.8)
	// for this rule: a preference the user states counts as much as one
	// the agent repeats.
	User float64 `json:"user,omitempty"`
}

// DefaultRules returns the built-in cues of the five text categories (a
// table of weighted cues). The result is a fresh copy the caller may
// change. SESSION_SUMMARY is not a text rule: [Activity] scores it from tool
// uses.
func DefaultRules() []Rule {
	return []Rule{
		{Category: catDecision, Cues: []Cue{
			{`chose|chosen|choosing|opted (?:for|to)|went with|going with|go with|settled on|picked|switched to`, 0.4},
			{`let'?s (?:go with|use|stick with|switch to|keep|rename|call it|name it|remove|drop|deprecate|adopt|move)|we'll (?:go with|use|stick with)`, 0.25},
			{`(?:should|will|must) be (?:hard[- ])?deprecated|hard[- ]deprecat(?:e|ed|es|ion)|(?:no|without|(?:don't|do not) need) backward[- ]compat(?:ibility|ible)?`, 0.45},
			{`(?:is|are) (?:now )?(?:a |explicitly a )?non-goals?`, 0.6},
			{`(?:we(?:'re| are)|i'm|i am) going to (?:adopt|get rid of|replace|drop|remove|deprecate|switch to|move to|standardi[sz]e on)|get rid of|we(?:'re| are) archiving`, 0.35},
			{`we should (?:just )?(?:call|name|rename|adopt|remove|drop|deprecate|move|standardi[sz]e)`, 0.35},
			{`to be consistent|for consistency|i agree|agreed|resolves the open question`, 0.2},
			{`between .+? and|(?:use|uses|using|keep|keeps|store|stores) .+? (?:rather than|instead of)`, 0.2},
			{`decided|decision|decide`, 0.35},
			{`instead of|rather than|in favou?r of`, 0.25},
			{`over`, 0.2},
			{`because|so that|since it|to (?:keep|avoid|reduce|minimi[sz]e|simplify|stay|match|save)|for (?:reliability|simplicity|performance|speed|safety|consistency|portability)`, 0.2},
			{`trade-?offs?|alternatives?|pros and cons|simpler|more reliable|faster|safer|cheaper`, 0.15},
			{`(?:decided|decide|chose|choose|going|opted) to (?:re-?run|run|check|look|try|start|read|test|inspect|open|search|verify|investigate|debug|see|dig|grep|take a look|wait|first|stop|continue|proceed|keep going|begin|focus)`, -0.4},
			{`let me|i'll|i will|next,? i`, -0.15},
			{`do you want|would you like|should (?:we|i)|could (?:we|i)|if you (?:want|prefer)`, -0.3},
		}},
		{Category: catRunbook, AfterError: 0.2, Cues: []Cue{
			{`root[- ]?cause(?:d)?`, 0.35},
			{`lessons? learned|takeaways? (?:is|are)`, 0.6},
			{`(?:for future reference|takeaways?):\s*\W*\w+`, 0.6},
			{`fixed (?:it )?by|the (?:[\w-]+ )?fix (?:was|is)|resolved (?:it )?by|solved (?:it )?by|worked around (?:it )?by|the solution (?:was|is)`, 0.45},
			{`fix (?:was|is) (?:now )?(?:complete|done|in|in place|correct|minimal|ready|small|simple|straightforward|applied|live|merged|pushed|working|tested|verified|safe|clean)`, -0.45}, // a status, not a lesson
			{`(?:fixed|resolved|solved) (?:[\w-]+ ){1,6}?by (?:using|adding|removing|switching|setting|extracting|pinning|replacing|running|installing|passing)`, 0.45},
			{`(?:which|that|this) is (?:probably |likely |exactly )?why|is why|key fix`, 0.4},
			{`disabled|misconfigured|not set|unset|missing|gitignored|not installed`, 0.2},
			{`(?:failed|broke|errored|crashed) (?:\w+ ){0,5}?because|(?:was|were|is|are) (?:from|due to|caused by) (?:a |an |the )?(?:missing|stale|expired|malformed|wrong|outdated)|because (?:the |it |they )?(?:[\w@/.-]+ ){0,5}?(?:was|were|is|are) (?:missing|stale|expired|malformed|disabled|gitignored|outdated|absent)`, 0.45},
			{`(?:was|were|is|are) caused by|caused by|because of|due to|turned out|it happens when|happens whenever|occurs when`, 0.25},
			{`fix(?:ed|es)?|resolved|solved|works now|now passes|now pass`, 0.2},
			{`(?:fixed|solved|resolved|cured) (?:it|the|this|that)`, 0.15},
			{`(?:setting|adding|removing|pinning|bumping|clearing|increasing|raising|restarting|deleting|upgrading|downgrading) .+? (?:fixed|solved|resolved)`, 0.3},
			{`if you see|if (?:this|it) happens again|next time|whenever|to reproduce|repro|run .+? (?:first|before)`, 0.3},
			{`shows|reveals|lists|tells you|to find (?:it|out|the)|to check|to see (?:which|what|whether)`, 0.15},
			{`make sure|ensure|remember to|you (?:must|need to)`, 0.15},
			{`errors?|exceptions?|traceback|stack ?trace|panic(?:s|ked)?|fail(?:ed|ing|ure|s)?|crash(?:ed|es|ing)?|bug|segfault|timeout|timed out|deadlock|race|ran out of|out of memory|oom|rejected|denied|expired|malformed`, 0.15},
			{`(?:let me|i'll|i will) (?:fix|look|check|try)`, -0.3},
			{`(?:fix|change|patch) (?:is|was) (?:now )?(?:pushed|merged|committed|in|ready|live|deployed|up)|whether (?:the )?(?:right |real |proper |best )?(?:fix|solution)`, -0.45},
		}},
		{Category: catConstraint, Cues: []Cue{
			{`limitations?|hard limit|api limits?|rate[- ]?limit(?:s|ed|ing)?|quotas?|limited to|capped at|caps? (?:at|of)`, 0.45},
			{`limits?|caps?|capped`, 0.3},
			{`note that|note:|keep in mind|be aware|beware|heads up|caveat|gotcha`, 0.2},
			{`ios|ipados|android|windows|macos|linux|safari|firefox|chrome|node(?:\.js)?|python|go|java|sqlite|postgres(?:ql)?|mysql|redis|lambda|s3|kubernetes|k8s|docker|ci|github|gitlab|aws|gcp|azure|cloudflare|nginx|ingress|v\d+(?:\.\d+)+|\d+(?:\.\d+)+`, 0.15},
			{`not supported|unsupported|(?:does|do|is|are)(?:n't| not) support(?:ed)?|no support for|restricted|restrictions?|not allowed|forbidden|prohibited|must not|must never|only (?:supports?|works?|allows?|accepts?)`, 0.45},
			{`cannot|can't|can not|unable to|not possible|impossible|won't work|doesn't work (?:with|on|in)`, 0.25},
			{`read-only|readonly|not writable|immutable|no (?:write|network|internet|outbound) access|air-?gapped|sandboxed`, 0.3},
			{`at most|no more than|maximum|max|minimum|at least|requires|required|only|per (?:minute|second|hour|day|request)`, 0.15},
			{`\d+ ?(?:kb|mb|gb|ms|seconds?|minutes?|hours?|days?|requests?|chars|characters|tokens|items|files|connections)|\d+-(?:hour|minute|second|day)`, 0.15},
			{`(?:at least|at most|exactly)[- ]once|idempotent|eventually consistent`, 0.3},
			{`must|has to|is required to`, 0.15},
			{`so (?:we|the|i|it|you|any|every)|which means|means we|we have to|have to|need to|by design|always|never`, 0.1},
			{`(?:was|were|is|are|has been|have been) (?:removed|deprecated|dropped) (?:from|in)|no longer (?:supported|allowed|accepted|valid|exists?|works?)`, 0.35},
			{`only (?:wires|passes|reads|handles|applies|honou?rs|respects|forwards|delivers|sends)|applies to .+?, not|(?:will|would|does|do)(?:n't| not) (?:currently |yet )?(?:pass|honou?r|respect|forward|propagate|apply to|synthesi[sz]e|expose|accept)`, 0.35},
			{`known (?:\w+ ){0,3}(?:bug|issue|limitation|quirk|gotcha)`, 0.45},
			{`(?:caveats?|nuances?|footnotes?|things?|details?|points?|facts?|gotchas?|quirks?|lessons?|fixes) worth (?:knowing|noting|calling out|flagging|remembering|recording)|worth recording|good to know`, 0.6},
			{`worth (?:knowing|noting|remembering)(?: anyway| here)?:\s*\W*\w+|catch:\s*\W*\w+|(?:classic|subtle) (?:\w+ )?(?:gotcha|quirk|pitfall)`, 0.6},
			{`there is no (?:direct |supported |clean |built-in )(?:way|path|option|support)|there is no way to|(?:has|have) no (?:clean |direct |supported |built-in |simple |good |reliable )?way to`, 0.6},
			{`allows? (?:only )?one|only one .+? per|one .+? per (?:package|repo|repository|project|user|account|workflow)`, 0.3},
			{`i cannot find|i can't find|couldn't find|unable to find|cannot locate|can't see`, -0.3},
			{`i (?:reviewed|checked|ran|updated|added|created|fixed|pushed|verified|read|looked|searched|opened|merged|removed|wrote|edited|changed|installed|started|kept|left)`, -0.3},
			{`i'll use|i will use|let me`, -0.2},
		}},
		{Category: catTechDebt, Cues: []Cue{
			{`(?-i:TODO|FIXME|XXX)s?`, 0.6},
			{`tech(?:nical)? debt`, 0.6},
			{`deferred|deferring|postponed?|punted|left for later|(?:address|handle|fix|revisit|clean (?:up)?|refactor|tackle|do) (?:this |that |it )?(?:up )?later|will address later|follow[- ]up|out of scope|not yet (?:implemented|handled|supported)|still (?:missing|needs?|to do)`, 0.45},
			{`should be (?:merged|removed|cleaned(?: up)?|refactored|replaced|consolidated|unified|deleted|generali[sz]ed)|once .+? (?:is|are) (?:retired|removed|gone|deprecated|done)`, 0.3},
			{`a proper \w+|the (?:real|proper) (?:fix|solution)|would be (?:better|cleaner|nicer)`, 0.3},
			{`(?:not|haven't|have not) (?:done|implemented|handled|fixed|added)(?: that| this| it)? yet`, 0.35},
			{`copied|copy-pasted|duplicated`, 0.2},
			{`workarounds?|work around|hack|hacky|band-?aid|stopgap|kludge|quick fix|hard-?coded`, 0.35},
			{`we should (?:remove|clean|delete|drop|migrate|replace|refactor|split|rename)|once .+? we (?:should|can|must)|(?:remove|delete|drop|clean up) the old`, 0.2},
			{`for now|temporar(?:y|ily)|eventually|in (?:the )?future|future (?:work|implementation|pr|change)|later|someday|next (?:iteration|pass|release|pr)`, 0.2},
			{`left|leave|leaving|added|remaining|should (?:be|eventually)|needs? to be|needs? cleanup|not ideal|duplication`, 0.1},
			{`(?:a few|some|two|three|small|minor|remaining|open) loose ends|loose ends (?:remain|left)|(?:discovered|found) (?:and|&) filed|filed (?:a |as )?(?:follow-?up|bug|issue|bead|ticket)|spun (?:it |them |this |that )?off|(?:flagged|filed|tracked) (?:it |them )?separately|as a separate (?:task|issue|ticket|chip)`, 0.6},
			{`(?-i:TODO|todo|Todo)s? (?:list|items?|apps?|application)|todowrite|to-do list`, -0.7},
			{`for future reference|future instances|for the future`, -0.3},
		}},
		{Category: catPreference, User: 1, Cues: []Cue{
			{`(?:always|never) (?:use|run|add|write|commit|put|call|prefer|keep|format|push|include|test|name|import|ask)`, 0.6},
			{`(?:codebase|code base|repo|repository|project|team)\b.*?\b(?:always|never|uses|follows|prefers|expects)`, 0.45},
			{`keep to|stick to|stay consistent|consistent with|in line with|follows? (?:the|our|this|that)|respect(?:s|ing)? (?:the|our|this|that)`, 0.3},
			{`that's how we|how we do (?:it|things)|we do it this way|house rule`, 0.45},
			{`(?:explicitly )?(?:prohibits?|forbids?)`, 0.3},
			{`(?:repo|repo's|project's|team's|our) (?:own )?(?:rules?|conventions?|guidance|instructions)|(?:keep|use) (?:that|this|the same|a consistent) style|the pattern (?:is|was) to|(?:repo|team|project) learning`, 0.45},
			{`(?:do not|don't|never) (?:spawn|push|merge|commit|touch|revert|edit|add|use|run|delete|create|deploy|release|publish) (?:\w+ ){0,3}(?:without|unless)`, 0.5},
			{`(?:keep|make) (?:your |the |all )?(?:answers|responses|replies|messages|commits|prs|explanations|summaries) \w+`, 0.35},
			{`here|in this (?:repo|project|codebase|team)`, 0.15},
			{`from now on|going forward|moving forward|in the future|by default|from here on`, 0.4},
			{`remember (?:this|that)|keep in mind that|(?:add|save|note|document) (?:this|that|it) (?:to|in|as) (?:claude\.md|agents\.md|memory|your memory|a learning)`, 0.6},
			{`in all \w+(?: \w+)? files|everywhere|every time|in every|all (?:new )?(?:code|files|commits|prs|tests)`, 0.25},
			{`prefers?|preferred|preference|prefer to`, 0.35},
			{`(?:i|we|you|user|the user) (?:prefers?|likes?|wants?|hates?|dislikes?)`, 0.25},
			{`conventions?|style guide|code style|house style|standards?|naming scheme|guidelines?`, 0.3},
			{`instead of|rather than|over|not`, 0.1},
			{`always|never`, 0.15},
			{`don't|do not|please|make sure`, 0.1},
			{`standard (?:library|lib|input|output|error|out|in)|stdlib|if you prefer|would you prefer|do you prefer`, -0.45},
		}},
	}
}
