package judge

import (
	"regexp"
	"strings"
)

// leadingError matches a message that starts with an error line, as the
// client writes it when a request fails ("API Error: 529 …").
var leadingError = regexp.MustCompile(`\A\s*(?:API Error\b|Error:|ERROR:|error:|Fatal:|fatal:)`)

var (
	// courtesy questions close a finished answer.
	courtesy = regexp.MustCompile(`\banything else\b|\bany (?:other |further |more )?questions\b|\b(?:does|did) (?:this|that) help\b|\bmake sense\b|\bwhat (?:else )?(?:would you like|do you want) (?:me )?to (?:do|work on|tackle|focus on|build|try)(?: next)?\b|\bwhat's next\b|\bwhat is next\b|\bhow (?:else )?can i help\b|\bis there anything\b|\bany (?:other |further )?(?:feedback|thoughts)\b`)

	// decisionQuestion marks a question that offers alternatives or asks the
	// human for something.
	decisionQuestion = regexp.MustCompile(`\bwhich\b|\bprefer|\brather\b|\beither\b|\bor\b|(?:^|[,:;] )(?:what|how|where|when|who|whom|whose|why)\b|\b(?:can|could|would|will) you (?:please )?(?:share|provide|paste|send|tell|give|clarify|confirm|check|run|try|explain|describe|point|grant|install|restart|log ?in|upload|set|create|verify|look|let me know|specify)\b|\bdo you (?:have|know|remember|recall|mean|see|need)\b|\bdid you\b|\bis (?:this|that|it) (?:what|the right|correct|intended|expected)\b`)

	// permissionQuestion marks a question a plain yes answers.
	permissionQuestion = regexp.MustCompile(`\b(?:shall|should|can|may|could) (?:i|we)\b|\b(?:want|like|need) (?:me|us) to\b|\bwant to (?:proceed|continue|go ahead|move on)\b|\bready (?:for me )?to\b|\bproceed\b|\bgo ahead\b|\bgo-ahead\b|^(?:continue|proceed|start|begin)\b|\b(?:ok|okay|alright|all right|fine)\b|\b(?:looks?|sounds?|seems?) (?:good|ok|okay|right|fine|reasonable|correct)\b|\bapprove\b|\bshall\b`)

	// permissionOffer marks a closing statement that waits for a go-ahead.
	permissionOffer = regexp.MustCompile(`\bsay the word\b|\b(?:awaiting|waiting for|await|wait for) your (?:approval|go-ahead|go ahead|confirmation|ok|okay|green light)\b|\b(?:once|when|if) you (?:approve|give the go-ahead|give me the go-ahead|say go)\b|\bwith your (?:approval|permission|go-ahead)\b|\bready to (?:proceed|start|begin|implement|continue)\b[^.]*\b(?:when|once|whenever) you\b|\b(?:let me know|tell me|just say)(?: if| when| whether)? you(?:'d| would)? (?:like|want) (?:me|us) to (?:proceed|continue|go ahead|start|begin|implement|apply|move on|pick up|tackle|commit|push|deploy|run|execute)\b|\b(?:let me know|tell me|just say)(?: if| when)? (?:you(?:'re| are) ready|to (?:proceed|continue|go ahead))\b|\bif you(?:'d| would)? (?:like|want) me to (?:proceed|continue|go ahead|start|begin|implement|apply|run)\b[^.]*\b(?:say|tell me|let me know|reply)\b`)

	// decisionRequest marks a closing statement that waits for a choice or
	// for information.
	decisionRequest = regexp.MustCompile(`\b(?:let me know|tell me|please (?:advise|confirm|clarify|specify|indicate))\b[^.]*\b(?:which|what|how|whether|where|prefer|preference)\b|\bplease (?:choose|pick|select|decide)\b|\b(?:i need|need) (?:your|you to) (?:input|decision|choice|confirmation|guidance|help)\b|\bwaiting for your (?:input|decision|choice|answer)\b|\b(?:let me know|tell me)(?: if| whether) you(?:'d| would)? (?:want|like|prefer)\b[^.!?]*,? or\b|\b(?:provide|share|send|paste|give me)\b[^.]*\b(?:and|so) i(?:'ll| will| can)\b`)

	// failure marks a closing that reports something that went wrong. A
	// bare "error" is a topic as often as a failure ("the error rate", "error
	// handling"), so it counts only in forms that report one.
	failure = regexp.MustCompile(`\bfail(?:s|ed|ing|ure|ures)?\b|\berror:|\b(?:an|the following|this|that) error\b|\b(?:\d+|two|three|four|several|some|many|more|the two|the three|these|those|new) errors\b|\berrors? (?:persist|remain)|\bunable to\b|\bcould ?n(?:o|')t\b|\bca(?:n't|nnot)\b|\bblocked\b|\btimed out\b|\btiming out\b|\bpermission denied\b|\bnot found\b|\bno such file\b|\bcrash(?:ed|es|ing)?\b|\bsegmentation fault\b|\bexception\b|\btraceback\b|\bbroken\b|\brejected\b|\bmissing\b|\bwrong\b|\b(?:doesn't|does not|don't|do not) support\b|\bnot supported\b|\bunsupported\b|\bexit(?:ed)? (?:with )?(?:code|status) [1-9]|\bexit (?:code|status) [1-9]|\b(?:let me|need to|now) fix\b|\brate limit\b|\boverloaded\b`)

	// success marks a closing that reports the work went well, or that
	// closes a finished answer.
	success = regexp.MustCompile(`\bpass(?:es|ed|ing)?\b|\bfixed\b|\bresolved\b|\bsuccessful(?:ly)?\b|\bsucceed(?:s|ed)?\b|\bworks\b|\bworking\b|\bcomplete[ds]?\b|\bdone\b|\bgreen\b|\bno (?:errors|failures|issues)\b|\b0 (?:errors|failures)\b|\bready\b|\bpushed\b|\bcommitted\b|\bfalse positive\b|\blet me know if you (?:want|need|have|would like|'d like) any\b|✅|✓`)
)

// notAlternatives removes uses of "or" that offer no alternative.
var notAlternatives = strings.NewReplacer(" or not", "", " or so", "", " or two", "")

// holdOff marks an alternative that only delays the proposed work ("…, or
// would you like to review the plan first?"): a plain yes still answers
// the question.
var holdOff = regexp.MustCompile(`^(?:is there|are there|would you (?:like|prefer)(?: me)? to (?:review|modify|adjust|change|tweak|revise|look|discuss|make changes|check|see|prioriti[sz]e|focus)|do you want to (?:review|adjust|modify|change|look|check|test)|would you rather (?:review|test|check|look)|should i (?:wait|stop|hold)|wait|stop|hold|not\b|anything|something else|review|make changes|adjust|modify)`)

// alternative marks a sentence that offers two courses of action.
var alternative = regexp.MustCompile(`, or (?:[a-z]+ ){0,3}(?:i|we|you)?\b|\beither\b`)

// infoRequest marks a closing that asks the human for something a yes
// does not give.
var infoRequest = regexp.MustCompile(`\b(?:let me know|tell me) (?:the|your|which|what|how|whether|where|who)\b|\bplease (?:provide|share|send|paste|specify|confirm (?:the|your|which|what))\b|\b(?:can|could|would) you (?:please )?(?:provide|share|send|paste|tell me)\b|\bif you (?:can )?(?:provide|share|send|paste)\b`)

// optionsLeadIn marks a line that puts the options listed under it to the
// human ("Would you like me to:", "Let me know which you prefer:").
var optionsLeadIn = regexp.MustCompile(`\b(?:would you like|do you want|let me know if you(?:'d| would)? like|let me know (?:which|what|how)|should i|shall i|which|choose|pick|prefer|options?|how would you like|i can(?: also| next)?|please confirm|confirm|recommend|your decision|decide)\b`)

// classifyQuestion decides what the closing question c.question asks.
func classifyQuestion(c closing) Class {
	q := notAlternatives.Replace(c.question)
	if i := strings.LastIndex(q, " or "); i >= 0 && permissionQuestion.MatchString(q[:i]) &&
		holdOff.MatchString(strings.TrimLeft(q[i+len(" or "):], " ")) && !strings.Contains(q[:i], "which") {
		return Permission
	}
	switch {
	case courtesy.MatchString(q):
		return Done
	case decisionQuestion.MatchString(q):
		return Decision
	case permissionQuestion.MatchString(q):
		return Permission
	}
	return Decision
}

// reportsError reports whether the closing lines report a failure and no
// success, with the line that does.
func reportsError(lines []string) (string, bool) {
	all := strings.Join(lines, " ")
	if success.MatchString(all) {
		return "", false
	}
	for _, l := range lines {
		if failure.MatchString(l) {
			return l, true
		}
	}
	return "", false
}
