package judge

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stophook/stophook/internal/lazyre"
)

var (
	// courtesy questions close a finished answer.
	courtesy = lazyre.New(`\banything else\b|\bwhere (?:do you want to|would you like to|should we|do we) go from here\b|\bany (?:other |further |more )?questions\b|\b(?:does|did) (?:this|that) help\b|\bmake sense\b|\bwhat (?:else )?(?:would you like|do you want) (?:me )?to (?:do|work on|tackle|focus on|build|try)(?: next)?\b|\bwhat's next\b|\bwhat is next\b|\bhow (?:else )?can i help\b|\bis there anything\b|\bany (?:other |further )?(?:feedback|thoughts)\b`)
	// feedback asks the human to look at finished work ("Does this look
	// right?", "Can you confirm the page renders?"): the turn is done.
	feedback = lazyre.New(`(?:^|[—–] )(?:so,? )?(?:does|do|did|is|are) (?:this|that|it|these|everything|the (?:new |updated )?(?:page|layout|design|ui|result|output|dashboard|button|look|version|change|changes|fix))\b[^?]*\b(?:look|looks|hit|match|work|works|feel|seem|render|renders|capture|fix|solve|resolve|fit)\b|\b(?:looking for|you (?:wanted|were after|had in mind|expected))\b|\b(?:can|could) you (?:please )?(?:confirm|check|verify|test|try it|let me know)\b[^?]*\b(?:works?|working|renders?|rendering|looks?|fixed|resolved|responsive|correct(?:ly)?|shows? up)\b|\bhow does (?:it|this|that) look\b|\bwhat do you think\b`)
	// approval marks a plan put up for approval: a yes lets the agent go on.
	approval = lazyre.New(`\b(?:plan|approach|design|proposal|outline|steps|spec)\b|\bbefore (?:i|we)\b|\bbefore (?:moving on|continuing|proceeding|going (?:further|on))\b|\bso far\b|\bto (?:start|begin|proceed|go ahead|move on|continue|implement|build|ship|merge|deploy|commit|push)\b`)
	// decisionQuestion marks a question that offers alternatives or asks the
	// human for something.
	decisionQuestion = lazyre.New(`\bwhich\b|\bone of (?:the|these|those)\b|\b(?:any|some|which) of (?:these|those|them|the above)\b|\bprefer|\brather\b|\beither (?:one|option|approach|way)\b|\bor\b|\bdecide (?:what|which|how|whether|between)\b|\bworth deciding\b|\b(?:needs?|left) (?:deciding|to decide)\b|\bfor you to decide\b|(?:^|[,:;] |[—–] )(?:what|how|where|when|who|whom|whose|why)\b|\b(?:can|could|would|will) you (?:please )?(?:share|provide|paste|send|tell|give|clarify|confirm|check|run|try|explain|describe|point|grant|install|restart|log ?in|upload|set|create|verify|look|let me know|specify)\b|\bdo you (?:have|know|remember|recall|mean|see|need)\b|\bdid you\b|\bis (?:this|that|it) (?:what|the right|correct|intended|expected)\b`)
	// permissionQuestion marks a question a plain yes answers.
	permissionQuestion = lazyre.New(`\b(?:shall|should|can|may|could) (?:i|we)\b|\b(?:want|like|need) (?:me|us) to\b|\bwant to (?:proceed|continue|go ahead|move on)\b|\bready (?:for me )?to\b|\bproceed\b|\bgo ahead\b|\bgo-ahead\b|^(?:go|continue|proceed|start|begin)\b|^(?:so,? )?(?:please )?confirm\b|\b(?:ok|okay|alright|all right|fine)\b|\b(?:looks?|sounds?|seems?) (?:good|ok|okay|right|fine|reasonable|correct)\b|\bapprove\b|\bshall\b|(?:^|[—–:;] |- )(?:want|wanna|go with|good to go|ready|back to|on to|onto|moving on to)\b|\bgood to go\b|^(?:good|ok|okay|fine|safe|cool) to\b|^(?:commit|push|post|merge|apply|deploy|ship|publish|implement|delete|remove)\b|^open (?:the|a|an|it|this|that|them|one)\b|\bany objections?\b|\bsounds? like a plan\b|^would it (?:help|be (?:helpful|useful|worth it|easier)) (?:if (?:i|we)|for (?:me|us) to)\b|\b(?:want|like) (?:it|this|that|them|these|those|the \w+(?: \w+)?) (?:[a-z]{3,}ed|done|built|made|rebuilt|rerun|re-run|written|rewritten|redone|undone|sent|split|set up)\b|\b(?:do you |would you )?mind if (?:i|we)\b|^(?:interested|keen)\?$`)
	// permissionOffer marks a closing statement that waits for a go-ahead.
	permissionOffer = lazyre.New(`\bsay go\b|(?:^|[.!] )if (?:that|this|it|everything|all of (?:that|this)) (?:looks?|sounds?|seems?) (?:right|good|ok|okay|fine|correct)\b[^.]*\bi(?:'ll| will)\b|(?:^|[.!] )(?:just |ok,? |okay,? )?(?:let me know|say so),? and i(?:'ll| will)\b|\bi(?:'ll| will|'m| am) (?:hold(?:ing)?(?: off)?|wait(?:ing)?|paus(?:e|ing)|stop(?:ping)?)\b[^.]*\buntil you\b|\bi (?:can|'ll|will) (?:start|begin|proceed|continue|run|apply|implement|push|commit|deploy|move on|tackle|pick up)\b[^.]*\b(?:whenever|when|once) you(?:'re| are) ready\b|\bon your (?:go|go-ahead|say-so|signal|ok|okay|approval)\b|\bi(?:'d| would)? (?:want|need) your (?:explicit )?(?:nod|ok|okay|approval|go-ahead|go ahead|sign-off|permission|confirmation|green light)\b|(?:^|[.!—–:;] )(?:just |please |simply )?confirm\s*[.!]?$|(?:^|[.!—–:] )(?:just |only |all i )?(?:need|needs) your (?:explicit )?(?:nod|ok|okay|approval|go-ahead|go ahead|sign-off|permission|confirmation|green light)\b|(?:^|[.!] )(?:holding(?: off)?|waiting|pausing|paused|stopping|stopped)\b[^.]*\b(?:until you (?:confirm|approve|say (?:go|yes|so|ok|okay)|give the (?:word|go-ahead|ok))|(?:for|on) your (?:go|go-ahead|go ahead|ok|okay|approval|confirmation|green light|say-so|signal))\b|\bwaiting on your (?:approval|go-ahead|go ahead|go|confirmation|ok|okay|green light)\b|\b(?:awaiting|waiting for|await|wait for) your (?:approval|go-ahead|go ahead|go|confirmation|ok|okay|green light)\b|\b(?:once|when|if) you (?:approve|confirm|give the go-ahead|give me the go-ahead|say go)\b|\bconfirm and i(?:'ll| will)\b|\bplease (?:approve|allow|authori[sz]e)\b|(?:^|[.!] )(?:por favor,? )?(?:aprove|apruebe|aprueba|autorize|autorice)\b|\bfor your (?:approval|review and approval)\b|\bwith your (?:approval|permission|go-ahead)\b|\bif you(?:'re| are) (?:good|ok|okay|happy|fine) with (?:it|this|that)\b[^.]*\b(?:i(?:'ll| will)|next)\b|\bready to (?:proceed|start|begin|implement|continue)\b[^.]*\b(?:when|once|whenever) you\b|(?:^|[.!] )(?:i'm |i am |all )?ready to [a-z]+(?:,? (?:and|or) [a-z]+)?(?: (?:it|this|that|them|these|those|the \w+))?,? (?:when|whenever|once) you(?:'re| are)?(?: ready)?\s*[.!]?$|(?:^|[.!] )(?:i'm |i am |all |now |so )?ready to [a-z]+\b[^.?!;]{0,60}?\b(?:when|whenever|once|if) you(?:'d| would)? (?:like|want|say so|say go|give the word)\b|\b(?:let me know|tell me|just say)(?: if| when| whether)? you(?:'d| would)? (?:like|want) (?:me|us) to (?:proceed|continue|go ahead|start|begin|implement|apply|move on|pick up|tackle|commit|push|deploy|run|execute)\b|\b(?:let me know|tell me|just say)(?: if| when)? (?:you(?:'re| are) ready|to (?:proceed|continue|go ahead))\b|\bif you(?:'d| would)? (?:like|want) me to (?:proceed|continue|go ahead|start|begin|implement|apply|run)\b[^.]*\b(?:say|tell me|let me know|reply)\b`)
	// decisionRequest marks a closing statement that waits for a choice or
	// for information.
	decisionRequest = lazyre.New(`\b(?:let me know|tell me|please (?:advise|confirm|clarify|specify|indicate))\b[^.]*\b(?:which|what|how|whether|where|prefer|preference)\b|\bplease (?:choose|pick|select|decide)\b|\b(?:i need|need) (?:your|you to) (?:input|decision|choice|confirmation|guidance|help)\b|\b(?:waiting for|awaiting) your (?:input|decision|decisions|choice|answer|answers)\b|^reply\b[^.]*\bor\b|\bonce you answer\b|\b(?:let me know|tell me)(?: if| whether) you(?:'d| would)? (?:want|like|prefer)\b[^.!?]*,? or\b|\b(?:provide|share|send|paste|give me|reply with)\b[^.]*\b(?:and|so) i(?:'ll| will| can)\b|\byour (?:call|choice|decision)\b|\bup to you\b|\bi can either\b[^.]*\bor\b|\bplease (?:(?:run|try|execute) (?:it |this |that )?and )?(?:paste|send|share|provide)\b|\b(?:tell|let) me (?:once|when) (?:it's|it is|you've|you have|that's|that is|you're|you are|they're|they are|done)\b|\b(?:tell me|let me know) (?:once|when) (?:it's|it is|you've|you have|that's|that is|they're|they are|the \w+ (?:is|are))\b|^(?:i )?still need (?:the|your|you to|a|an)\b|\bwaiting (?:for|on) you to\b|\b(?:tell me|let me know|ping me) (?:once|when) (?:[\w'-]+ ){1,3}(?:is|are|has been|have been) (?:[a-z/-]+ed|done|ready|back|in|up|set|there|available|running)\b|\bonce (?:[\w'-]+ ){1,3}(?:is|are|has been|have been) [a-z/-]+,? (?:let me know|tell me|ping me)\b|\bi need (?:you to|(?:a|an|the) (?:[\w-]+ ){0,4}(?:key|token|password|secret|credentials?|url|access|approval|login|answer|decision))\b|^(?:just )?(?:say|decide|pick|choose)\b[^.]*\b(?:which|what|how|whether)\b|[.!] (?:just |please )?(?:say|decide|pick|choose) (?:which|whether)\b|\bsay (?:the word|go|so|yes|ok|okay)\b[^.]*, or\b|^(?:please )?(?:reply|respond|answer) (?:with|to)\b|\b(?:once|when|after|the moment|as soon as) (?:[\w'-]+ ){0,3}(?:is|are|it's|that's|has been|have been)(?: [a-z/-]+)?,? (?:let me know|tell me|ping me)\b|\bplease (?:confirm|specify|choose|pick) (?:the|your|which|what)\b[^.?!]*(?::|\bor\b)|\b(?:once|when|after) you(?:'ve| have) [a-z]+ (?:it|this|that|them|these|those|the \w+)\b[^.?!]*\bi(?:'ll| will| can)\b`)
)

// whetherToAct marks a closing that asks whether the agent should take its
// next step, with no other course named ("Let me know whether to commit
// and continue into the next phase"): a yes answers it.
var whetherToAct = lazyre.New(`\b(?:let me know|tell me|say) (?:whether|if|when) (?:to|i should|we should|i can) [a-z]+\b`)

// ifTroubleLasts marks a closing request for a case that may not come ("If
// you're still seeing old timestamps, let me know which client you use"):
// the work is done, nothing is waited for.
var ifTroubleLasts = lazyre.New(`(?:^|[.!] )(?:and )?if (?:you(?:'re| are)? (?:still )?(?:see|seeing|hit|hitting|get|getting|run into|running into|notice|have (?:any )?(?:trouble|issues|problems))|(?:it|this|that|the (?:issue|problem|error|bug)) (?:still|persists|comes back|recurs|happens again|keeps)|(?:anything|something) (?:still )?(?:looks|seems|is) (?:off|wrong|broken))\b`)

// permissionQuestionIntl and decisionQuestionIntl are the forms of the
// two kinds of question in a few other languages users write in (Japanese,
// Chinese, Korean, Russian, German, Spanish, French, Portuguese): "want me
// to …", "shall I …", a yes/no particle against "or" and the question
// words. Go's \b is ASCII-only, so the Cyrillic words are bounded by
// spaces and punctuation, and the CJK ones by nothing.
var (
	permissionQuestionIntl = lazyre.New(`(?:しましょうか|ましょうか|しますか|進めますか|よろしいですか|よいですか|いいですか|良いですか|でしょうか)\?|要我|需要我|要不要|是否(?:需要|要)|(?:可以|好|行)吗\?|吗\?$|(?:할까요|드릴까요|될까요|괜찮을까요|진행할까요|할까\?)|` +
		`^(?:а )?(?:хочешь|хотите)(?:[\s,]|$)|(?:^|[\s,])чтобы я\s|(?:^|\s)могу ли я\s|(?:^|\s)(?:мне|давай(?:те)?) (?:сделать|продолжить|закоммитить|запушить|начать|запустить|исправить|добавить|обновить|удалить)|\bsoll(?:en)? (?:ich|wir)\b|\b(?:möchtest du|möchten sie|willst du|wollen sie),? dass ich\b|\b(?:quieres|quiere|quieren) que\b|\b(?:voulez-vous|veux-tu|tu veux|vous voulez) que\b|\bdois-je\b|\bquer que eu\b|\bposso\b|\b(?:pode|podes|puede|podr[ií]as?|poderia)\b[^?]*\b(?:aprovar|aprobar|autorizar|permitir)\b`)
	decisionQuestionIntl = lazyre.New(`どちら|どれ|どの|何を|なにを|どう(?:しますか|しましょう|すれば)|いつ|どこ|哪个|哪些|哪种|哪一|还是|或者|それとも|아니면|什么|怎么|如何|어느|어떤|무엇|뭘|어떻게|` +
		`(?:^|[\s,])(?:или|какой|какая|какое|какие|какую|каким|что|где|когда|сколько|кто)(?:[\s,?]|$)|\b(?:oder|welche[nmrs]?|was|wie)\b.*\b(?:ich|wir|du|sie)\b.*\?$`)
)

// embeddedWh marks a question word inside the action a permission ask
// offers ("want me to check which tests fail?", "should I find out why
// it hangs?"): it asks the human nothing.
var embeddedWh = lazyre.New(`((?:\b(?:me|us) to|\b(?:should|shall|can) (?:i|we))\b[^?]*?\b(?:suggest|recommend|check|see|find out|figure out|work out|determine|verify|identify|test|look (?:at|into)|show you|explain|tell you|list|investigate|dig into|trace)) (?:which|what|how|where|when|who|why)\b`)

// courtesyCJK marks the courtesy questions of Chinese, Japanese and Korean
// replies ("他に何かありますか？", "还有什么需要帮忙的吗？", "いかがでしょうか？").
var courtesyCJK = lazyre.New(`他に何か|ほかに何か|何かあれば|いかがでしょうか|ご不明な点|(?:など|なども|とか)[、,]?\s*(?:引き続き|続けて)?(?:お)?手伝い|还有(?:什么|其他|别的)|(?:有|还有)(?:什么|任何)问题|다른 (?:도움|질문)|궁금한 점`)

// notAlternatives removes uses of "or" that offer no alternative.
var notAlternatives = strings.NewReplacer(" or not", "", " or so", "", " or two", "")

// holdOff marks an alternative that only delays the proposed work ("…, or
// would you like to review the plan first?"): a plain yes still answers
// the question.
var holdOff = lazyre.New(`^(?:(?:take a break|call it a day|call it (?:here|there)|pause|stop|end|leave it)(?: (?:here|there|for now|for today|for the day))?(?: (?:while|until|till) [^?]*)?\s*[?.!]?$|(?:just )?(?:leave|hand|pass)\b[^?]*\bto you(?:rself)?\s*[?.!]?$|(?:just )?(?:leave|hand|give|pass) you (?:the|a|an|my|this|that|those|these)\b[^?]*[?.!]?$|is there|are there|would you (?:like|prefer)(?: me)? to (?:review|modify|adjust|change|tweak|revise|look|discuss|make changes|check|see|prioriti[sz]e|focus)|do you want to (?:review|adjust|modify|change|look|check|test)|would you rather (?:review|test|check|look|read|skim|go (?:over|through))|should i (?:wait|stop|hold)|wait|stop|hold|not\b|anything|something else|(?:review|make changes|adjust|modify)(?: (?:it|this|that|them|anything|something|things|any (?:of (?:it|them|these|those)|\w+)|the (?:plan|approach|design|proposal|spec|draft|scope|order)))?(?: first)?\s*[?.!]?$|(?:just )?(?:leave|keep) (?:it|them|this|that|these|those|things)\b(?:\s+\S+){0,5}\s*[?.!]?$|(?:just )?(?:leave|keep) (?:everything|all of (?:it|them)|(?:the|your) \w+)(?: \w+){0,2}\s*[?.!]?$|(?:just )?(?:leave|keep) [^?]{0,60}?(?:\bas[- ](?:is|it is|they are|specified|requested|written|planned|asked|agreed|before)|\bunchanged|\buntouched|\bin place)\s*[?.!]?$|are you (?:keeping|leaving) (?:it|them|this|that|these|those)\b(?:\s+\S+){0,4}\s*[?.!]?$|is (?:it|that|this|the \w+(?: \w+)?)(?: there)? (?:already )?(?:enough|sufficient|good enough|fine as (?:is|it is))\s*[?.!]?$|(?:should|shall|can|do|would) (?:it|they|them|these|those|that|this) (?:stay|remain)\b|(?:would you rather |do you want to |you(?:'d| would) rather )?[a-z]+ (?:it|this|that|them|these|those)(?: [a-z]+)? yourself\b|would you (?:rather )?(?:change|tighten|loosen|adjust|tweak|modify|revise|refine|narrow|widen|edit)\b[^?]*\bbefore (?:i|we)\b|skip (?:it|that|this)(?: for now| entirely| altogether)?\s*[?.!]?$|(?:will|would|do) you (?:want to )?(?:test|try|playtest|preview|check|review) it\b|are you (?:taking it|handling it|doing it|going (?:straight )?to|considering)\b|(?:do you |would you )?(?:want )?(?:a |an |any |some |more |other )?(?:changes?|edits?|tweaks?|adjustments?|revisions?)(?: to (?:it|this|that|them|the \w+))?(?: first)?\s*[?.!]?$|(?:[a-z]+ ){0,3}differently\s*[?.!]?$|(?:[a-z]+ ){0,2}enough for now\b|(?:are you )?(?:happy|ok|okay|fine|content) (?:to )?(?:leave|keep|skip|stop|wait|hold)\b|(?:pick|choose) (?:different|other|another|new)\b|(?:preview|eyeball|test|try|check|look at|look over|see|playtest|review|read|skim|go (?:over|through))(?: it| this| that| them| (?:the|my) \w+)? first\b|(?:do you |would you )?(?:want|like|prefer) to (?:sit with|think (?:about|on|it over)|mull|sleep on|wait|hold)\b|are you still (?:deciding|thinking|considering|weighing|mulling)\b|are you (?:done|finished|all set|good)\b|would you rather (?:do|handle|take|make|try|write|fix) (?:it|this|that|them)\b|(?:do|handle|take) (?:it|this|that|them) yourself\b|(?:later|afterwards|another time|next time|tomorrow)\b|after you(?:'ve| have)? (?:played|tested|tried|reviewed|looked|seen|checked)\b)`)

// choiceWithin marks a first course that itself asks the human to pick
// ("Want me to continue with one of those, or review the commits
// first?"): a delay after it leaves the choice open.
var choiceWithin = lazyre.New(`\b(?:one|any|some|either|which|both) of (?:these|those|them|the (?:two|three|four|above|options|following))\b|\beither\b`)

// reviewFirst marks a first alternative that only has the human look before
// the agent acts ("Want to preview it first, or should I commit now?").
var reviewFirst = lazyre.New(`^(?:do you )?want to (?:preview|test|try|review|check|look at|look over|see|playtest|eyeball|inspect) (?:it|this|that|them)\b`)

// openQuestion marks a question that opens with what, which or how: its
// last alternative ("…, or hold off?") is one answer among others.
var openQuestion = lazyre.New(`^(?:so,? )?(?:what|which|how)\b`)

// userLooks marks an invitation to look at finished work ("Want to take a
// look at the new dashboard?"): the human's move, nothing the agent
// waits for.
var userLooks = lazyre.New(`^(?:do you )?(?:want|wanna) to (?:take a look|have a look|look at|see|try|test|check out|play with|give it a (?:try|spin|whirl))\b`)

// needInfo marks a question that says the agent needs something from the
// human ("…live URL (I'd need the Vercel URL), or …?"): a yes lacks it.
var needInfo = lazyre.New(`\bi(?:'d| would)? need (?:the|your|you to)\b`)

// parenthetical matches a remark in parentheses, whose "or" offers no
// alternative to the question around it.
var parenthetical = lazyre.New(`\([^()]*\)`)

// alternative marks a sentence that offers two courses of action.
var alternative = lazyre.New(`, or (?:[a-z]+ ){0,3}(?:i|we|you)?\b|\beither\b`)

// infoRequest marks a closing that asks the human for something a yes
// does not give.
var infoRequest = lazyre.New(`^(?:just )?(?:pick|choose|select) (?:the|one|a|which|between)\b|\b(?:let me know|tell me) (?:the|your|which|what|how|whether|where|who)\b|\bplease (?:provide|share|send|paste|specify|confirm (?:the|your|which|what))\b|\b(?:can|could|would) you (?:please )?(?:provide|share|send|paste|tell me)\b|\bif you (?:can )?(?:provide|share|send|paste)\b`)

// courtesyStatement marks a closing line that invites feedback or
// further requests without waiting for anything ("Let me know what you
// think!", "Let me know if you want to tweak the design or move on.").
var courtesyStatement = lazyre.New(`\b(?:let me know|tell me|feel free to (?:let me know|ask|reach out))\b (?:what you think|how (?:it|this|that|they) (?:looks?|works?|goes|feels?)|what you see|if (?:you (?:have|need|want|would like|'d like|run into|see|notice|hit)|there'?s|anything|it|this|that|something)|what (?:you(?:'d| would)? like|else)|what you(?:'d| would)? (?:like|want) (?:to (?:tackle|do|work on|build|try|focus on|look at) )?next\b|your (?:thoughts|feedback)|whenever)|^(?:if you want|if you'd like|if you would like|if helpful|optionally|happy to)\b|\byour call if you want (?:those|these|that|this|it|them)\b`)

// optionsLeadIn marks a line that puts the options listed under it to the
// human ("Would you like me to:", "Let me know which you prefer:").
var optionsLeadIn = lazyre.New(`\b(?:would you like|do you want|let me know if you(?:'d| would)? like|let me know (?:which|what|how)|should i|shall i|(?:^|[^,] )which|choose|prefer|options?|how would you like|please confirm|confirm|recommend|your decision|decide)\b|\bi can(?: also| next| either)?:$|\bi can(?: also| next)?(?: do)? (?:one|any|some|either) of (?:these|those|the following)\b|选(?:一|择|哪)|二选一|哪|どちら|どれ|選んで|選択|선택|어느`)

// addressed marks a question put to the human: it names them or asks what
// the agent should do.
var addressed = lazyre.New(`\b(?:you|your)\b|\b(?:should|shall|can|may) (?:i|we)\b|\b(?:want|like|need) (?:me|us) to\b|\bwhich\b|\bprefer`)

// answered marks a line that answers the question above it.
var answered = lazyre.New(`^(?:yes|no|yep|nope|because|short answer|answer|the answer|it (?:is|does|was)|this (?:is|means)|that (?:is|means))\b`)

// question reads what the closing of m asks of the user, if anything.
func (m *message) question() (Verdict, bool) {
	c := &m.closing
	// Options under a lead-in ask for a choice, unless a question after
	// them closes the message.
	if c.choice != "" && optionsLeadIn.MatchString(c.choice) && !offeredSteps(c.choice) && !proposalSteps(c) && (c.question == "" || len(c.lines) > 0 && c.lines[0] == c.choice) {
		// "Which part first? - A - B - C. I'd start with B; say the word
		// and I'll begin.": a go-ahead on the agent's own pick, which a
		// plain yes gives.
		if after := proseAfterChoice(c); after != "" && recommends.MatchString(after) && goAhead(after) && !alternative.MatchString(after) {
			return ask(Permission, 0.75, after), true
		}
		return ask(Decision, 0.85, c.choice), true
	}
	// Cursor's debug mode closes with the steps the human is to run
	// and report on ("<reproduction_steps> … Press Proceed when done
	// </reproduction_steps>"): it waits for them.
	if len(c.lines) > 0 && c.lines[0] == "</reproduction_steps>" {
		return ask(Decision, 0.8, "steps for the human to reproduce"), true
	}
	if c.question != "" {
		k, conf := classifyQuestion(c)
		// "Does this match what you had in mind? If yes, I'll write the
		// spec": a question about the work that the agent's next step
		// waits on, which a plain yes answers.
		if (k == NoKind || feedback.MatchString(c.question)) && !strings.Contains(c.question, " or ") && ifYesThenAct.MatchString(textAfterQuestion(c)) {
			return ask(Permission, 0.8, c.question), true
		}
		// "Say go and I'll build it. Anything you'd tweak first?": the
		// question only leaves room for changes before the go-ahead
		// offered just before it.
		if k == Decision && changesFirst.MatchString(c.question) {
			if before := textBeforeQuestion(c); goAhead(before) && !alternative.MatchString(before) {
				return ask(Permission, 0.75, c.question), true
			}
		}
		// "Could you explicitly instruct me to exit plan mode and begin
		// implementation?": the question asks for the go-ahead itself.
		if k == Decision && planModeGate.MatchString(c.question) && !strings.Contains(c.question, " or ") {
			return ask(Permission, 0.8, c.question), true
		}
		if k == NoKind {
			return Verdict{}, false
		}
		if k == Permission {
			// A second course put after the go-ahead ("Want me to add
			// the migration now? Or would you rather ship the schema in
			// its own PR?") makes it a choice, unless it only delays
			// the work ("…? Or leave it for now.").
			if second := courseAfter(c); second != "" {
				return ask(Decision, 0.75, c.question+" "+second), true
			}
			// A go-ahead that also asks for something ("If so, let me
			// know the reason") needs the human: a plain yes lacks it.
			for _, line := range c.lines[:min(2, len(c.lines))] {
				if infoRequest.MatchString(line) {
					return ask(Decision, 0.8, line), true
				}
			}
			// So does one that follows an open choice ("Bundle them into
			// the same fix, or file separately? … Go ahead on the fix?").
			for _, line := range c.lines[:min(3, len(c.lines))] {
				if q, _ := questions(line); q != "" && q != c.question && alternative.MatchString(q) {
					return ask(Decision, 0.75, q), true
				}
			}
			// And one under questions left open in a list ("1. Should the
			// cache be per user?\n2. What TTL?\n\nWant me to start on the
			// migration meanwhile?") or under a decision named as open.
			if open := openAbove(c); open != "" {
				return ask(Decision, 0.75, open), true
			}
			// Or under options put to the human as a question ("What do
			// you want? - A - B - C. Shall I diff A first?"), unless the
			// agent names its own pick ("I'd go with B. Proceed?").
			if lead, between, items := optionsAbove(c); lead != "" && (!recommends.MatchString(between) || decideLeft.MatchString(between)) && !sharesWord(c.question, items) {
				return ask(Decision, 0.75, lead), true
			}
		}
		if k == Decision && bareWhich(c.question) {
			// "- Delete it - Keep it. Which?": doing the work or leaving
			// things as they are, a choice a yes to the work answers.
			if items := listAbove(c); len(items) == 2 && (keepsAsIs(items[0]) != keepsAsIs(items[1])) {
				return ask(Permission, 0.7, c.question), true
			}
		}
		return ask(k, conf, c.question), true
	}
	for _, line := range c.lines {
		// A line that none of lineAskPatterns can match gets no verdict
		// below (openLabel reads a part of it): most closing lines of a
		// finished turn. A pattern tried below must be among them.
		if !lineAsks.MayMatch(line) {
			continue
		}
		// "needs input: a new API key in env.sh": a decision or question
		// left to the human, named as such.
		if openLabel.MatchString(stripMarker(line)) {
			return ask(Decision, 0.8, line), true
		}
		if courtesyStatement.MatchString(line) && !offersGoAhead(line) && !assents(line) && !strings.Contains(line, "which") {
			continue
		}
		if loc := ifTroubleLasts.FindStringIndex(line); loc != nil {
			// Drop the request for a case that may not come, from its
			// sentence on.
			if line = strings.TrimSpace(line[:loc[0]]); line == "" {
				continue
			}
		}
		if reviewGate.MatchString(line) && !asksWhich(line) || assents(line) && !asksWhich(line) && !alternative.MatchString(line) || planModeGate.MatchString(line) ||
			whetherToAct.MatchString(line) && !strings.Contains(line, " or ") {
			return goAheadUnder(c, ask(Permission, 0.8, line)), true
		}
		if decisionRequest.MatchString(line) {
			// "… is your call, not a side effect of the build. Want me to
			// correct it?": the paragraph's last sentence asks, and a yes
			// answers it.
			if v, ok := questionAfter(c, line, decisionRequest); ok {
				return v, true
			}
			return ask(Decision, 0.85, line), true
		}
		if offersGoAhead(line) {
			// An offer between alternatives ("…, or fold them into the
			// roadmap. Just say the word.") asks for a choice.
			for _, l := range c.lines[:min(2, len(c.lines))] {
				if alternative.MatchString(l) {
					return ask(Decision, 0.75, l), true
				}
			}
			return goAheadUnder(c, ask(Permission, 0.85, line)), true
		}
	}
	if v, ok := m.structuralQuestion(); ok {
		return v, true
	}
	// "**Question 2 of 4:** Cask naming. … A) … B) … My recommendation:
	// B." opens one question of an interview: the human picks.
	if len(m.sentences) > 0 && interview.MatchString(m.sentences[0]) {
		return ask(Decision, 0.7, m.sentences[0]), true
	}
	return Verdict{}, false
}

// lineAsks rules out at once a closing line that none of the patterns
// the loop over c.lines in question tries on it can match: such a line
// goes through the loop without a verdict, so the loop skips it. A
// pattern added to that loop must be added to lineAskPatterns
// (FuzzLineAsks holds the filter to the patterns listed, not the list to
// the loop). One tried only after another matched (agentActs after
// bareSayTheWord) need not be.
var lineAsks = lazyre.NewAnyOf(lineAskPatterns...)

var lineAskPatterns = []*lazyre.Regexp{openLabel, courtesyStatement, ifTroubleLasts, reviewGate, assentThenAct, assentKorean, assentCJK,
	planModeGate, whetherToAct, decisionRequest, permissionOffer, bareSayTheWord}

// interview marks a message that opens as one question of a series.
var interview = lazyre.New(`^question \d+\b|^question (?:one|two|three|four|five)\b`)

// structuralQuestion finds questions the closing lines do not show
// plainly: numbered questions ("3. Any priority order …?") and a question
// to the human followed by a paragraph that explains it.
func (m *message) structuralQuestion() (Verdict, bool) {
	c := &m.closing
	asked, lastAsks := 0, false
	var first string
	closers := 0
	for k, line := range c.last {
		if !isListItem(line) {
			if asked == 0 && closers < 2 && k == closers && closer.MayMatch(line) && (courtesyStatement.MatchString(line) || offer.MatchString(line) || offerTail.MatchString(line) || offerTailCJK.MatchString(line)) {
				closers++
				continue
			}
			break
		}
		if q, _ := questions(stripMarker(line)); q != "" {
			lastAsks = lastAsks || k == 0
			asked++
			if first == "" || k > 0 {
				first = q
			}
		}
	}
	if asked > 0 && !courtesy.MatchString(first) && !feedback.MatchString(first) {
		// One question, alone or as the last line under a list ("- Added
		// tests\n- Want me to push?"), is read as any closing question.
		if asked == 1 && (len(c.items) <= 1 || lastAsks) {
			k, conf := classifyQuestion(&closing{question: first, lines: c.lines})
			if k != NoKind {
				return ask(k, conf*0.9, first), true
			}
		}
		return ask(Decision, 0.75, first), true
	}
	for k, line := range c.last {
		if c.chars[k] > 600 {
			break
		}
		item := stripMarker(line)
		q, _ := questions(item)
		if q == "" {
			// "Can you run:" over the commands it asks the human to
			// run: a question closed with a colon.
			if strings.HasSuffix(item, ":") && colonRequest.MatchString(item) && !courtesy.MatchString(item) {
				return ask(Decision, 0.6, item), true
			}
			continue
		}
		below := "" // the line below the question, without its marker
		if k > 0 {
			below = stripMarker(c.last[k-1])
		}
		if k > 0 && answered.MatchString(below) {
			break
		}
		// "Did that also give the warning? If so, …": what follows
		// branches on the human's answer, so the question is put to them.
		after := strings.TrimSpace(item[strings.LastIndex(item, "?")+1:])
		if after == "" {
			after = below
		}
		if !addressed.MatchString(q) && !ifAnswered.MatchString(after) || courtesy.MatchString(q) || feedback.MatchString(q) {
			break
		}
		kind, conf := classifyQuestion(&closing{question: q, lines: c.lines})
		if kind == NoKind {
			break
		}
		return ask(kind, conf*0.7, q), true
	}
	return Verdict{}, false
}

// closer rules out at once a closing line that none of the four patterns
// structuralQuestion reads a closer by (courtesyStatement, offer,
// offerTail, offerTailCJK) can match: one prefilter instead of four
// (FuzzCloser holds it to them).
var closer = lazyre.NewAnyOf(closerPatterns...)

var closerPatterns = []*lazyre.Regexp{courtesyStatement, offer, offerTail, offerTailCJK}

// colonRequest marks a request put to the human as a question but closed
// with a colon, before the commands it asks them to run or check ("Can
// you run:", "Could you check:"): they are to act and report back. It
// matches only a text that ends with the colon, which its callers test
// first (TestColonRequestEndsWithColon).
var colonRequest = lazyre.New(`(?:^|[.!] )(?:(?:so|first|meanwhile|next|then|ok|okay),? )?(?:can|could|would) you (?:please )?(?:share|provide|paste|send|give|confirm|check|run|try|grant|install|restart|log ?in|upload|set|create|verify|test|execute|add|open|enable|update)\b[^?:.!]{0,80}:$`)

// ifAnswered marks what follows a question when it branches on the
// human's answer ("If so, …", "If not, …").
var ifAnswered = lazyre.New(`^if (?:so|yes|not|no|it (?:does|did|doesn't|didn't|is|was)|that's the case|you (?:do|did|don't|didn't))\b`)

// offer marks a closing line that offers more work.
var offer = lazyre.New(`^(?:if you want|if you'd like|if you would like|happy to|i can|once you answer|once i have|with (?:those|these|your) answers?)\b`)

// offerTail marks a closing line whose last sentence offers the next step
// ("… independent of which direction you pick. Say the word and I'll plan
// it.").
var offerTail = lazyre.New(`\bsay (?:the word|go)\b[^.?]*[.!]?$`)

// offerTailCJK marks a Chinese, Japanese or Korean closing line that
// offers to go on once the human answers ("ご指示があれば続けます": "tell me
// and I'll go on").
var offerTailCJK = lazyre.New(`(?:ご指示|指示|ご連絡|お知らせ|ご希望)(?:が|を)?(?:あれば|いただければ|いただけ次第|次第)|(?:教えて|言って)(?:いただければ|くだされば|もらえれば)|告诉我|알려 ?주시면|말씀해 ?주시면`)

// offeredSteps reports a lead-in that offers more work and lists how it
// would be done ("If you want, I can patch these now by:"): the list is
// the steps of one offer, not options to choose from ("If you want, I can
// also:" followed by options asks for a choice).
func offeredSteps(leadIn string) bool {
	return offerLeadIn.MatchString(leadIn) && strings.HasSuffix(leadIn, " by:")
}

// proposalSteps reports a lead-in that, after the closing question,
// introduces what the agent would do ("Should I go ahead and fix it?
// Here's what I'd change:"): the list is the one course a yes starts, not
// options to choose from.
func proposalSteps(c *closing) bool {
	if c.question == "" || !strings.Contains(c.choice, c.question) {
		return false
	}
	lead := strings.TrimSpace(c.choice[strings.Index(c.choice, c.question)+len(c.question):])
	return proposalLeadIn.MatchString(lead)
}

// proposalLeadIn marks a sentence that introduces the steps of the agent's
// own proposal.
var proposalLeadIn = lazyre.New(`^(?:here's|here is|this is) (?:what|how) (?:i'd|i would|i'll|i will|i plan to|i'm planning to|it would)\b|^(?:the|my) (?:change|changes|plan|steps?|fix|patch|diff|approach|edit|edits) (?:would|will) (?:be|look like)\b|^(?:this|that|it) (?:would|will):$|^i(?:'d| would):$`)

// offerLeadIn marks a line that offers optional work.
var offerLeadIn = lazyre.New(`^(?:if you want|if you'd like|if you would like|happy to)\b`)

// stripMarker removes a list marker and emphasis from a cleaned line.
func stripMarker(line string) string {
	l := trimListMarks(line)
	i := 0
	for i < len(l) && i < 3 && l[i] >= '0' && l[i] <= '9' {
		i++
	}
	if i > 0 && i < len(l) && (l[i] == '.' || l[i] == ')') {
		l = l[i+1:]
	}
	return trimLeftASCII(l, "*_ ")
}

func ask(k Kind, conf float64, why string) Verdict {
	return Verdict{Class: Question, Kind: k, Confidence: conf, Why: why}
}

// classifyQuestion decides what the closing question c.question asks:
// NoKind for a courtesy question. When the closing line puts two or more
// questions and the whole reads as courtesy or feedback ("Does this
// grouping look right to you? Also — what's the dependency for?"), each
// is read on its own: the human owes an answer to any real one.
func classifyQuestion(c *closing) (Kind, float64) {
	k, conf := classifyOne(c)
	if k != NoKind {
		return k, conf
	}
	qs := splitQuestions(c.question)
	if len(qs) < 2 {
		return k, conf
	}
	kind, best := NoKind, 0.0
	for _, q := range qs {
		if !strings.HasSuffix(q, "?") {
			continue // a lead-in ("Done — does this look right?") asks nothing
		}
		one := *c // c is the caller's: read each question on a copy
		one.question = q
		switch k, conf := classifyOne(&one); {
		case k == Decision:
			return Decision, conf * 0.9
		case k == Permission:
			kind, best = Permission, conf*0.9
		}
	}
	return kind, best
}

// splitQuestions splits joined question sentences ("a? b?") apart, and
// a question put after a lead-in ("What do you think — should I merge
// it?") from its lead-in.
func splitQuestions(q string) []string {
	var out []string
	for _, sep := range []string{" — ", " – ", ": "} {
		if i := strings.LastIndex(q, sep); i >= 0 && !strings.Contains(q[i:], "? ") {
			out = append(out, strings.TrimSpace(q[:i]))
			q = q[i+len(sep):]
			break
		}
	}
	for {
		i := strings.Index(q, "? ")
		if i < 0 {
			break
		}
		out = append(out, q[:i+1])
		q = q[i+2:]
	}
	if q = strings.TrimSpace(q); q != "" {
		out = append(out, q)
	}
	return out
}

// yesNo reports a closing question that offers yes and no as its answers
// on its line.
func yesNo(c *closing) bool {
	for _, line := range c.lines[:min(2, len(c.lines))] {
		if strings.Contains(line, c.question) && yesNoOptions.MatchString(line) {
			return true
		}
	}
	return false
}

// classifyOne reads one closing question.
func classifyOne(c *closing) (Kind, float64) {
	q := notAlternatives.Replace(c.question)
	if needInfo.MatchString(q) {
		return Decision, 0.8
	}
	// "Want me to look at it and suggest which would fit best?": the
	// question word belongs to what the agent offers to do.
	for range 3 {
		r := embeddedWh.ReplaceAllString(q, "$1 that")
		if r == q {
			break
		}
		q = r
	}
	if strings.Contains(q, "(") {
		if p := parenthetical.ReplaceAllString(q, ""); permissionQuestion.MatchString(p) {
			q = p
		}
	}
	if i := strings.LastIndex(q, " or "); i >= 0 && !strings.Contains(q[:i], "which") && !openQuestion.MatchString(q) {
		first, second := strings.TrimRight(q[:i], " ,"), strings.TrimLeft(q[i+len(" or "):], " ")
		if (permissionQuestion.MatchString(first) || feedback.MatchString(first)) && delays(second) && !choiceWithin.MatchString(first) ||
			reviewFirst.MatchString(first) && permissionQuestion.MatchString(second) {
			return Permission, 0.85
		}
	}
	if first, second, ok := cutOrCJK(q); ok && permissionQuestionIntl.MatchString(first) && holdOffCJK.MatchString(second) {
		return Permission, 0.85
	}
	if proposeSelf.MatchString(q) && !strings.Contains(q, " or ") {
		return Permission, 0.8
	}
	if offerMa.MatchString(q) {
		// "要我解释一下它是怎么工作的吗?": a question ending in 吗 is
		// a yes-no question; a question word inside it belongs to the
		// action the agent offers.
		return Permission, 0.85
	}
	switch {
	case courtesy.MatchString(q) || courtesyCJK.MatchString(q):
		return NoKind, 0
	case userLooks.MatchString(q) && !strings.Contains(q, " or "):
		return NoKind, 0
	case feedback.MatchString(firstCourse(q)) && !approval.MatchString(q):
		return NoKind, 0
	case decisionQuestion.MatchString(q) || decisionQuestionIntl.MatchString(q):
		return Decision, 0.85
	case permissionQuestionIntl.MatchString(q):
		return Permission, 0.85
	case permissionQuestion.MatchString(q):
		return Permission, 0.9
	case imperativeAsk.MatchString(q) || yesNo(c) || nextUp.MatchString(q):
		// No alternative, nothing asked for: the agent proposes to act.
		return Permission, 0.8
	case firstPersonAsk.MatchString(q) && !romanceOr.MatchString(q):
		return Permission, 0.8
	}
	return Decision, 0.6
}

// firstPersonAsk marks a Spanish, Portuguese, French or Italian question
// that puts the agent's own next step in the first person ("¿Procedo con
// la implementación?", "Je lance l'implémentation ?", "Prossigo?"): a
// yes lets it act, as "Shall I proceed?" does.
var firstPersonAsk = lazyre.New(`^¿?(?:procedo|prosigo|prossigo|continúo|sigo|avanzo|aplico|implemento|empiezo|comienzo|começo|lanzo|ejecuto|subo|fusiono|je (?:lance|continue|poursuis|passe|pousse|applique|commence|fusionne|merge|implémente|déploie|publie|corrige)|on (?:lance|y va|continue|passe|commence)|j'y vais|vado avanti|procediamo)\b[^?]*\?$`)

// romanceOr marks the "or" of those languages between two courses ("¿Procedo
// con Redis o con Memcached?"): the human picks.
var romanceOr = lazyre.New(`\s(?:o|ou|oppure|u)\s`)

// nextUp marks a bare question that names the part of the work the agent
// would take on next ("Frontend next?", "Then the settings page next?"): a
// yes lets it go on. Question words and alternatives are read before it.
var nextUp = lazyre.New(`^(?:(?:and|then|so|ok|okay|now),? )?[a-z0-9][\w/.-]*(?: [\w/.-]+){0,3},? next\?$`)

// yesNoOptions marks a question that offers yes and no as its answers
// ("Create draft PR? (Yes / No)", "Proceed? [y/N]"): a yes answers it.
var yesNoOptions = lazyre.New(`[(\[]\s*y(?:es)?\s*/\s*no?\b|\byes or no\s*[?.)]?$`)

// imperativeAsk marks a bare yes-no question that opens with the action
// the agent would take ("Create draft PR?", "Commit, push, and update
// PR?", "Waiting for your answer: merge it?"): a yes lets it act. The
// verbs are what agents do to code and its history, not a list of
// phrases.
var imperativeAsk = lazyre.New(`(?:^|[:—–] )(?:(?:ok|okay|so|then|and|now),? )?(?:(?:force|hard)[- ])?(?:keep going|carry on|go on|create|open|file|raise|add|update|fix|run|re-?run|retry|start|write|rewrite|make|build|rebuild|release|tag|bump|rename|move|split|squash|amend|revert|reset|rebase|install|upgrade|land|close|send|submit|stage|restart|clean up|tidy|refactor|draft|generate|kick off|wire|enable|disable|drop|archive|replace|switch|migrate|ship|deploy|post|merge|apply|publish|implement|delete|remove|push|commit|undo|roll back|backport|cherry-pick|save|document|regenerate|reinstall|redeploy|rerun|resubmit|retag|prune|trim|strip|extract|inline|promote|finali[sz]e|wrap up|do (?:it|that|this|so|both|all)\b)\b[^?:]*\?`)

// reviewGate marks a closing that has the human look at the work before
// the agent goes on ("Please review the prototype and let me know if
// you'd like any changes before I produce the other eight pages"): a
// yes lets it go on. An "or" among the things to review ("the design,
// content, or layout") offers no alternative course.
var reviewGate = lazyre.New(`(?:^|[.!] )(?:please )?(?:review|take a look|have a look|look over|check|try)\b[^.]*\bbefore (?:i|we) [a-z]+|\b(?:let me know|tell me)\b[^.]*\bbefore (?:i|we) [a-z]+`)

// assentThenAct marks a closing statement that makes the agent's next
// step wait on the human's assent ("Say yes and I'll open the PR", "Give
// me the green light and I'll flip the flag", "Once you're happy with
// it, I'll publish", "Let me know when I can start", "Ready when you
// are"): a yes lets it act.
var assentThenAct = lazyre.New(`\b(?:say (?:yes|yep|go|ok|okay)|give (?:me )?(?:the |a |your )?(?:green light|go-ahead|go ahead|nod|ok|okay|thumbs up)|(?:once|when|if) you(?:'re| are) (?:happy|satisfied|comfortable)(?: with (?:it|this|that|them|the \w+))?)\b[^.?!]*\bi(?:'ll| will)\b|\b(?:let me know|tell me) (?:if|when|once) (?:i|we) (?:should|can|may) (?:proceed|continue|start|begin|go ahead|go on|keep going|move on|get started|[a-z]+ (?:it|this|that|them))\b|(?:^|[.!] )(?:i'm |i am |all |we're )?ready when(?:ever)? you are\b|\b(?:reply|respond|answer|say|type)(?: with)? ["“'][^"”']{1,60}["”'],? and i(?:'ll| will)\b|\b(?:reply|respond|answer|say|type)(?: with)? ["“'](?:yes|go|ok|okay|approve|approved|lgtm|proceed|confirm|confirmed|do it|ship it)[.!]?["”'],? to [a-z]+(?: [a-z]+){0,4}\s*[.!]?$|\bunless you (?:object|say otherwise|tell me otherwise|disagree|stop me|have (?:any )?(?:concerns|objections|reservations)|see (?:a|any) (?:problem|issue)|(?:want|prefer) otherwise)\b|(?:^|[.!] )(?:just )?(?:approve|say when|give (?:me )?the word|sign off)\b[^.?!]*\band i(?:'ll| will)\b|\bi (?:can|could|'ll|will|'d like to|would like to) [a-z]+\b[^.?!]*\bif (?:that|this)(?:'s| is)? (?:works?|ok|okay|fine|alright|all right)(?: (?:with|for) you)?\s*(?:[.!]|$)|(?:^|[.!] )(?:i'm |i am |all |we're )?ready (?:for|to (?:start|begin|move on|go|continue)(?: on| with)?) (?:the )?[a-z0-9 -]{1,40}? when(?:ever)? you(?:'re| are)(?: ready)?\s*(?:[.!]|$)|\b(?:once|when|after) you(?:'ve| have) (?:reviewed|approved|confirmed|checked|looked (?:at|over)|signed off on|read) (?:it|this|that|them|these|the \w+)\b[^.?!]*\bi(?:'ll| will)\b|\bif (?:that|this|it)(?:'s| is)? (?:works?|fine|ok|okay|good|alright|all right)(?: (?:with|for) you)?\b[^.?!]*\bi(?:'ll| will)\b|\b(?:happy|glad|ready) to [a-z]+\b[^.?!]*\bif you(?:'re| are) (?:good|ok|okay|happy|fine) with (?:it|this|that|them)\b`)

// assentKorean marks a Korean closing that waits for the human's approval
// ("사용자 승인 대기 중", "'승인'이라고 답변해주시면 … 진행합니다": "reply
// 'approve' and I'll go on"). It is kept apart from assentThenAct, whose
// prefilter needs a literal in every alternative.
var assentKorean = lazyre.New(`승인(?:을)? ?(?:대기|기다리)|라고 (?:답변|답|입력|말씀)해 ?주시면|승인(?:해 ?주시면|하시면)|승인 ?(?:후|하신 후|해 ?주신 후)에? [^.]*?(?:진행|시작|착수)(?:합니다|하겠습니다|할게요)`)

// assentCJK marks a Japanese or Chinese closing that makes the agent's next
// step wait on the human's approval, as assentThenAct does in English
// ("承認いただければ実装に入ります": "once you approve, I'll start the
// implementation"; "進めてよければ": "if it's fine to go on"; "你确认后我就开始":
// "once you confirm, I'll start"). A request to look at finished work with
// no step after it ("ご確認いただければ幸いです") is not one.
var assentCJK = lazyre.New(`(?:承認|確認|了承|許可|ok)(?:を)?(?:いただ|頂)(?:ければ|けたら|き次第|いたら)[、,]?[^。]*(?:します|入ります|進めます|始めます|移ります|行います)|(?:進めて|始めて|着手して|実装して|進んで)(?:も)?(?:よ|良)(?:ければ|ろしければ)|(?:确认|批准|同意|拍板|认可)(?:没问题)?(?:后|之后|以后|的话)[，,]?\s*我(?:就|再|会|马上|立刻)|(?:没问题|可以|ok)的话[，,]?\s*我(?:就|再)`)

// assents reports a closing line that makes the agent's next step wait on
// the human's assent.
func assents(line string) bool {
	return assentThenAct.MatchString(line) || assentKorean.MatchString(line) || assentCJK.MatchString(line)
}

// asksWhich reports a line that asks the human to pick: a which or a
// whether.
func asksWhich(line string) bool {
	return strings.Contains(line, "which") || strings.Contains(line, "whether")
}

// firstCourse is a question up to its ", or": what the human is asked to
// look at, without the second course it may offer ("Are these warnings
// expected, or should I fix them?" asks nothing about a fix).
func firstCourse(q string) string {
	if i := strings.Index(q, ", or "); i >= 0 {
		return q[:i]
	}
	return q
}

// proposeSelf marks a question that proposes the agent's next step ("How
// about I add tests for the edge cases next?"): a yes lets it act.
var proposeSelf = lazyre.New(`^(?:so,? )?(?:how|what) about (?:i|we|me) [a-z]+\b`)

// orWordCJK are the words of "or" that join two courses in a Chinese,
// Japanese or Korean question ("需要我直接写，还是你自己先试?").
var orWordCJK = []string{"还是", "或者", "それとも", "아니면"}

// cutOrCJK splits a question at its last CJK "or".
func cutOrCJK(q string) (first, second string, ok bool) {
	at, n := -1, 0
	for _, w := range orWordCJK {
		if i := strings.LastIndex(q, w); i > at {
			at, n = i, len(w)
		}
	}
	if at < 0 {
		return "", "", false
	}
	return q[:at], strings.TrimLeft(q[at+n:], " ,，、"), true
}

// holdOffCJK marks a second course that only leaves the work to the
// human or for later (Chinese, Japanese, Korean: "你自己先试", "ご自身で",
// "나중에"): a plain yes still answers the question.
var holdOffCJK = lazyre.New(`^(?:你|您)?(?:想|要|打算|准备)?(?:先)?(?:自己|亲自)|^(?:你|您)先(?:试|看|写|做|检查|测试|跑|确认)|^(?:先|暂时|稍后|以后|之后|晚点)(?:不|别|放|等|看看|再)|^(?:你|您)?更?(?:想|要|打算|准备|希望)?先(?:定|确认|决定|想|考虑|看|研究|读|审|检查)|(?:留着|保留|放着|不动)(?:备份|备用|就好|就行|即可)?[?？.。!！]?$|^等|^(?:先に|まず)(?:確認|見|チェック|レビュー|目を通)|再说|ご自身で|自分で|後で|あとで|직접|나중에|ここまで|このまま|見送|保留|先这样|到此为止|就到这|暂不|여기까지|그만`)

// offerMa marks a Chinese yes-no question (ending in 吗) in which the
// agent offers to act ("要我…吗?", "需要我…吗?", "要不要我…吗?").
var offerMa = lazyre.New(`(?:要我|需要我|要不要我|让我|我(?:来|可以)?帮你)[^?还或]*吗\?$`)

// orCourse marks a sentence that opens with "or" and so offers a second
// course after a question ("Or would you rather …", "或者你打算 …").
var orCourse = lazyre.New(`^(?:or|ou|oder|o)(?:[\s,]|$)|^или(?:[\s,]|$)|^(?:或者|还是|要不然?|それとも|あるいは|아니면)`)

// orLeadIn is what may stand between that "or" and the course itself.
var orLeadIn = lazyre.New(`^(?:or|ou|oder|o|или)?[\s,]*(?:if you(?:'d| would)? prefer,? |(?:would|do) you (?:rather |prefer to |want to )?|you could |we could )?`)

// courseAfter returns the sentence after the closing question, when it
// opens with "or" and offers a course that is more than a delay.
func courseAfter(c *closing) string {
	rest := textAfterQuestion(c)
	if !orCourse.MatchString(rest) {
		return ""
	}
	for _, w := range orWordCJK {
		rest = strings.TrimPrefix(rest, w)
	}
	second := strings.TrimLeft(orLeadIn.ReplaceAllString(rest, ""), " ,，")
	if delays(second) || holdOffCJK.MatchString(second) {
		return ""
	}
	return rest
}

// delayCourse marks more second courses that only delay the work or leave
// it to the human, beside holdOff: "would you like to run it yourself
// first", "would you rather wait for the review", "do you want another
// look", "want to tweak anything first", "will you handle it", "is manual
// verification enough for now", "leave the changes uncommitted so you can
// review", "we can stop here".
var delayCourse = lazyre.New(`^(?:(?:would you (?:like|prefer|rather)|do you (?:want|prefer)|you(?:'d| would) (?:like|prefer|rather)|want|prefer|rather)(?: to)? )?(?:run|test|try|check|do|handle|review|verify|look at|go over|read|take)\b[^?]*\b(?:yourself|first)\b|^(?:would you rather |do you want to |you(?:'d| would) rather |rather )?(?:wait|hold off|hold|pause)\b|^(?:do you )?want (?:another|a (?:closer|second|final|last)) (?:look|pass|read)\b|^(?:do you )?(?:want|like|need) to (?:tweak|change|adjust|modify|edit|revise|review|touch up) (?:anything|something|it|this|that|them|any of (?:it|them|this))\b|^(?:will|would|do) you (?:want to )?(?:handle|take|do|own|write|send|run) (?:it|this|that|them)(?: yourself)?\s*[?.!]?$|^is (?:[\w'-]+ ){1,4}(?:enough|sufficient|good enough)\b|^(?:just )?leave (?:the|these|those|my|your|all|everything)\b[^?]*\b(?:uncommitted|unstaged|unpushed|unmerged|as (?:is|they are)|in place|for you|so you can)\b|^(?:we|i) (?:can|could) (?:just )?(?:stop|pause|leave it|call it|wrap up|hold)\b`)

// delays reports a second course that only delays the work or leaves it
// to the human: a plain yes still answers the question.
func delays(second string) bool {
	return holdOff.MatchString(second) || delayCourse.MatchString(second)
}

// ifYesThenAct marks what follows a question about the work when it makes
// the agent's next step wait on a yes ("If yes, I'll write it up as a
// spec", "If it's good, I'll turn it into a plan").
var ifYesThenAct = lazyre.New(`^(?:if (?:yes|so|it does|you agree|you approve|approved|confirmed|that's the case|it's (?:good|right|fine|ok|okay)|it is (?:good|right|fine)|(?:that|this) (?:works|looks (?:good|right)|sounds (?:good|right)))|once you confirm)\b,?[^.?!]*\bi(?:'ll| will)\b`)

// changesFirst marks a question that only asks for changes before the
// agent goes on ("Anything you'd tweak first?", "Any changes before I
// start?").
var changesFirst = lazyre.New(`^(?:anything|any (?:changes?|tweaks?|edits?|adjustments?|notes?)|something)\b[^?]*?\b(?:first|before (?:i|we) [a-z]+)\b`)

// planModeGate marks a closing that waits for the human to take the agent
// out of its host's plan mode ("To start work, plan mode has to come
// off", "Exit plan mode and I'll begin"): the plan is put up for a
// go-ahead.
var planModeGate = lazyre.New(`\bplan mode (?:has to|needs to|must|should) (?:come off|be (?:turned |switched )?off|end|be exited|be lifted)\b|\b(?:exit|leave|turn off|switch (?:out of|off)|get out of|lift|toggle off) plan mode\b`)

// recommends marks prose in which the agent names its own pick among
// options ("I'd start with B", "My recommendation: A", "我的建议是…").
var recommends = lazyre.New(`\b(?:i'd|i would|my) (?:recommend|suggest|go with|pick|lean|vote|start with)\b|\bmy (?:recommendation|suggestion|pick|lean|vote)\b|\brecommended\b|建议|推荐|おすすめ|推奨|추천`)

// goAheadCJK marks a Chinese go-ahead offer ("要的话我就开工", "可以的话我这就
// 开始"): on a yes the agent acts.
var goAheadCJK = lazyre.New(`(?:要|需要|可以|同意|没问题|确认|ok|好)的话[，,]?\s*我(?:就|马上|立刻|这就|再)`)

// goAhead reports text that offers to act on the human's yes.
func goAhead(text string) bool {
	return offersGoAhead(text) || assents(text) || goAheadCJK.MatchString(text)
}

// proseAfterChoice is the prose that follows the options of c.choice,
// first line first.
func proseAfterChoice(c *closing) string {
	var after []string
	for _, line := range c.lines {
		if line == c.choice {
			break
		}
		after = append([]string{line}, after...)
	}
	return strings.Join(after, " ")
}

// textAfterQuestion is what follows the closing question: the rest of its
// line and the line after it.
func textAfterQuestion(c *closing) string {
	k, i := questionAt(c)
	if k < 0 {
		return ""
	}
	rest := strings.TrimSpace(c.lines[k][i+len(c.question):])
	if rest == "" && k > 0 {
		rest = c.lines[k-1]
	}
	return rest
}

// textBeforeQuestion is what comes before the closing question: the start
// of its line, or the line before it.
func textBeforeQuestion(c *closing) string {
	k, i := questionAt(c)
	if k < 0 {
		return ""
	}
	if before := strings.TrimSpace(c.lines[k][:i]); before != "" || k+1 >= len(c.lines) {
		return before
	}
	return c.lines[k+1]
}

// questionAt returns the closing line that holds the closing question (k,
// an index of c.lines, last line first) and where the question starts in
// it; k is -1 when none of the last questionLines lines holds it.
func questionAt(c *closing) (k, i int) {
	for k, line := range c.lines[:min(questionLines, len(c.lines))] {
		if i := strings.Index(line, c.question); i >= 0 {
			return k, i
		}
	}
	return -1, -1
}

// openLabel marks a line that names a decision or question left to the
// human ("**Open decision:** …", "Decision needed: …", "Question for
// you: …").
var openLabel = lazyre.New(`^(?:open (?:decisions?|questions?)|decisions? (?:needed|for you|to make|pending)|questions? for you|needs your (?:call|decision)|needs? (?:your )?input|input needed|action (?:needed|required) from you)\b`)

// openAbove returns a question or decision the closing lines leave open
// above the closing question: a list item that is an unanswered question
// to the human, or a line labelled as an open decision.
func openAbove(c *closing) string {
	for _, line := range c.last {
		if c.question != "" && strings.Contains(line, c.question) {
			continue
		}
		item := stripMarker(line)
		if openLabel.MatchString(item) {
			return item
		}
		if !isListItem(line) || !strings.HasSuffix(item, "?") {
			continue
		}
		if q, _ := questions(item); q != "" && (addressed.MatchString(q) || alternative.MatchString(q)) && !courtesy.MatchString(q) && !feedback.MatchString(q) {
			return q
		}
	}
	return ""
}

// listAbove returns the list items directly above the line of the closing
// question (between them only prose), cleaned of their markers, and the
// prose line above them.
func listAbove(c *closing) []string {
	items, _, _ := listAboveLead(c)
	return items
}

func listAboveLead(c *closing) (items []string, lead, between string) {
	k := 0
	for k < len(c.last) && !(c.question != "" && strings.Contains(c.last[k], c.question)) {
		k++
	}
	if k == len(c.last) {
		return nil, "", ""
	}
	if i := strings.Index(c.last[k], c.question); i > 0 {
		between = c.last[k][:i]
	}
	k++
	for ; k < len(c.last) && !isListItem(c.last[k]); k++ {
		between = c.last[k] + " " + between
	}
	for ; k < len(c.last) && isListItem(c.last[k]); k++ {
		items = append(items, stripMarker(c.last[k]))
	}
	if k < len(c.last) {
		lead = c.last[k]
	}
	return items, lead, between
}

// optionsAbove returns the question that puts the options listed above
// the closing question to the human, the prose between the options and
// that question, and the options.
func optionsAbove(c *closing) (lead, between string, items []string) {
	items, lead, between = listAboveLead(c)
	if len(items) < 2 || lead == "" {
		return "", "", nil
	}
	// "What do you want to do?" over options is no courtesy question:
	// the options are its answers.
	q, _ := questions(lead)
	if q == "" || !decisionQuestion.MatchString(q) && !decisionQuestionIntl.MatchString(q) {
		return "", "", nil
	}
	return q, between, items
}

// sharesWord reports a question that names what one of the options does
// ("- Push now - Register the variables first - Don't push yet … Push it?"):
// a go-ahead on one of them, not a further step while they stay open. It
// compares the words of four letters or more, and the pairs of CJK
// characters other than kana.
func sharesWord(q string, items []string) bool {
	words := func(s string) map[string]bool {
		out := map[string]bool{}
		var run []rune
		flush := func() {
			if len(run) >= 4 && run[0] < 0x80 {
				out[string(run)] = true
			}
			for i := 0; run != nil && run[0] >= 0x80 && i+1 < len(run); i++ {
				out[string(run[i:i+2])] = true
			}
			run = nil
		}
		for _, r := range s {
			switch {
			case r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
				if run != nil && run[0] >= 0x80 {
					flush()
				}
				run = append(run, r)
			case r >= 0x80 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r)):
				if run != nil && run[0] < 0x80 {
					flush()
				}
				run = append(run, r)
			default:
				flush()
			}
		}
		flush()
		return out
	}
	qw := words(q)
	for w := range qw {
		if askWords[w] {
			delete(qw, w)
		}
	}
	for _, item := range items {
		for w := range words(item) {
			if qw[w] {
				return true
			}
		}
	}
	return false
}

// askWords are the words of asking itself, which name no option.
var askWords = map[string]bool{"want": true, "shall": true, "should": true, "would": true, "could": true, "like": true, "that": true, "this": true, "them": true, "with": true, "first": true, "then": true, "your": true, "ahead": true, "proceed": true, "okay": true}

// decideLeft marks prose that leaves the decision to the human ("… before
// you decide", "確認してから判断するのも…").
var decideLeft = lazyre.New(`before (?:you |we )?decid|(?:you|we) (?:can )?decide|判断|決め|决定|결정`)

// bareWhich reports a short question that only asks which ("Which one?",
// "どちらにしますか？").
func bareWhich(q string) bool {
	return utf8.RuneCountInString(q) <= 30 && (strings.Contains(q, "which") || strings.Contains(q, "どちら") || strings.Contains(q, "哪个") || strings.Contains(q, "어느"))
}

// keepCJK marks a Chinese, Japanese or Korean option that keeps things as
// they are ("残す", "保持", "そのまま", "留着", "유지").
var keepCJK = lazyre.New(`^(?:残す|残して|保持|そのまま|維持|現状維持|留着|保留|不动|유지|그대로)`)

// keepsAsIs reports an option that leaves things as they are.
func keepsAsIs(item string) bool {
	// The option's name, before what it explains ("Keep it: in case …").
	for _, sep := range []string{":", " — ", " – ", "（", " ("} {
		if i := strings.Index(item, sep); i > 0 {
			item = item[:i]
		}
	}
	item = strings.Trim(item, "*_ ")
	return holdOff.MatchString(item) || keepCJK.MatchString(item)
}

// goAheadUnder returns v, a go-ahead the closing waits for, unless the
// closing leaves a question to the human open above it ("1. Public URL,
// or Tailscale only? 2. Will you supply the password? … Say go and I'll
// write the manifests."): then the human owes an answer a yes does not
// give.
func goAheadUnder(c *closing, v Verdict) Verdict {
	if open := openAbove(c); open != "" {
		return ask(Decision, 0.75, open)
	}
	return v
}

// questionAfter reads the question that closes line after a request
// matched by re ("… is your call. Want me to correct it?"): when a plain
// yes answers it, the request was the reason for the ask, not the ask.
func questionAfter(c *closing, line string, re *lazyre.Regexp) (Verdict, bool) {
	q, _ := questions(line)
	loc := re.FindStringIndex(line)
	if q == "" || loc == nil || strings.Index(line, q) < loc[1] {
		return Verdict{}, false
	}
	if k, conf := classifyQuestion(&closing{question: q, lines: c.lines}); k == Permission {
		return ask(Permission, conf*0.9, q), true
	}
	return Verdict{}, false
}

// bareSayTheWord marks a closing that ends on "say the word" without
// saying what follows it ("…, just say the word."); agentActs marks the
// agent's own action named around it ("if you'd like me to set it anyway",
// "happy to …"). Without one the line only describes the work ("It's
// ready to merge whenever you want — just say the word").
var (
	bareSayTheWord = lazyre.New(`\bsay the word\s*(?:[.!]|$)`)
	agentActs      = lazyre.New(`\b(?:me|us) to\b|\bi(?:'ll| will| can|'d| would| could)\b|\b(?:happy|glad) to\b`)
)

// offersGoAhead reports a closing line that waits for a go-ahead.
func offersGoAhead(line string) bool {
	return permissionOffer.MatchString(line) || bareSayTheWord.MatchString(line) && agentActs.MatchString(line)
}
