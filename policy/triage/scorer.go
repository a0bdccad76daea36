package triage

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/stophook/stophook/internal/clientblock"
	"github.com/stophook/stophook/signals"
	"github.com/stophook/stophook/transcript"
)

// defaultThreshold is the score a sentence needs to become a finding (the
// config's default heuristic_threshold).
const defaultThreshold = 0.6

// locWeights say how much a sentence counts depending on where it was written.
// A weight of 0 means text there is not scored at all.
type locWeights struct {
	// Assistant prose (code blocks and inline code are never scored).
	Assistant float64
	// User prose: the prompt of the turn.
	User float64
	// ToolOutput is tool_result text (raw: no Markdown is removed).
	ToolOutput float64
	// Question multiplies the score of a sentence ending in '?': asking
	// "should we use X instead of Y?" records nothing yet.
	Question float64
}

// defaultWeights counts assistant prose fully, user prose a little less,
// and tool output not at all; questions count half.
var defaultWeights = locWeights{Assistant: 1, User: 0.8, ToolOutput: 0, Question: 0.5}

// Options configures a [Scorer]. The zero value means every default.
type Options struct {
	// Rules are the text categories and their cues; nil means DefaultRules().
	Rules []Rule
	// Threshold is the score a sentence needs; 0 means 0.6.
	Threshold float64
	// weights by location; nil means &DefaultWeights.
	weights *locWeights
	// MaxPerCategory caps the findings of one category; 0 means 2.
	MaxPerCategory int
	// Activity scores SESSION_SUMMARY; the zero value means its defaults.
	Activity Activity
	// Grounded keeps findings read from the agent's prose alone (cues,
	// paragraphs, lead-ins in its replies) from sending the agent back in a
	// turn where neither the user's words nor the turn's structure hold a
	// memory: they go to Result.Ungrounded instead. Off by default: see
	// grounded.go.
	Grounded bool
}

// Scorer finds memories in transcript messages with weighted cues. It is
// safe for concurrent use.
type Scorer struct {
	rules     []compiledRule
	words     [][]leadEntry    // literal cues, grouped by their first word
	wordKeys  []string         // the first word of each group of words
	wordIndex hashIndex        // group of words by the hash of its word
	index1    [256][]leadEntry // one-byte leads of other cues, by that byte
	index2    [][]leadEntry    // longer leads of other cues, grouped by their first two bytes
	index2Of  hashIndex        // group of index2 by its first two bytes
	always    []cueRef         // cues without leads
	ncues     int
	threshold float64
	weights   locWeights
	perCat    int
	activity  Activity
	grounding bool // Options.Grounded
}

type compiledRule struct {
	Rule
	cues []*lazyRegexp
	base int // index of the rule's first cue among all cues
}

// lazyRegexp compiles on first use: most cues never run in a hook process
// (their leads do not occur), and compiling all of them would cost more
// than scoring a whole turn.
type lazyRegexp struct {
	expr  string
	lower string // expr lower-cased, as negated reads it: set with re
	once  sync.Once
	re    *regexp.Regexp
}

func (l *lazyRegexp) MatchString(s string) bool {
	return l.compiled().MatchString(s)
}

// FindAllStringIndex returns the places l matches s.
func (l *lazyRegexp) FindAllStringIndex(s string) [][]int {
	return l.compiled().FindAllStringIndex(s, -1)
}

func (l *lazyRegexp) compiled() *regexp.Regexp {
	l.once.Do(func() {
		l.re = regexp.MustCompile(l.expr) // validated by New
		l.lower = strings.ToLower(l.expr)
	})
	return l.re
}

type cueRef struct{ rule, cue int }

// mark says what the lead index knows about a cue in a sentence.
type mark uint8

const (
	none    mark = iota // cannot match
	maybe               // may match: run its regexp
	matched             // matches
)

// New compiles opts into a Scorer. It fails on a cue that is not a valid
// RE2 expression, a rule without a category, or a threshold outside (0, 1].
func New(opts Options) (*Scorer, error) {
	s := &Scorer{threshold: opts.Threshold, weights: defaultWeights, perCat: opts.MaxPerCategory, activity: opts.Activity, grounding: opts.Grounded}
	if s.threshold == 0 {
		s.threshold = defaultThreshold
	}
	if s.threshold < 0 || s.threshold > 1 {
		return nil, fmt.Errorf("triage: threshold %v is outside (0, 1]", opts.Threshold)
	}
	if opts.weights != nil {
		s.weights = *opts.weights
	}
	if s.perCat <= 0 {
		s.perCat = 2
	}
	rules := opts.Rules
	if rules == nil {
		rules = DefaultRules()
	}
	type analyzed struct {
		expr string
		analysis
	}
	all := make([][]analyzed, 0, len(rules))
	nlits, nleads := 0, 0
	for _, r := range rules {
		if r.Category == "" {
			return nil, fmt.Errorf("triage: rule without a category")
		}
		as := make([]analyzed, 0, len(r.Cues))
		for _, c := range r.Cues {
			expr := `(?i)\b(?:` + c.Pattern + `)\b`
			an, err := analyze(expr)
			if err != nil {
				return nil, fmt.Errorf("triage: %s cue %q: %w", r.Category, c.Pattern, err)
			}
			as = append(as, analyzed{expr, an})
			nlits += len(an.literals)
			nleads += len(an.leads)
		}
		all = append(all, as)
	}
	// The entries of words and index2, grouped below.
	words, longer := make([]leadEntry, 0, nlits), make([]leadEntry, 0, nleads)
	s.rules = make([]compiledRule, 0, len(rules))
	for ri, r := range rules {
		cr := compiledRule{Rule: r, base: s.ncues, cues: make([]*lazyRegexp, len(r.Cues))}
		res := make([]lazyRegexp, len(r.Cues))
		for ci, an := range all[ri] {
			res[ci].expr = an.expr
			cr.cues[ci] = &res[ci]
			id := s.ncues
			s.ncues++
			switch {
			case an.literals != nil:
				for _, l := range an.literals {
					words = append(words, newLead(l, true, id, wordLen(l)))
				}
			case an.leads != nil:
				for _, l := range an.leads {
					e := newLead(l, false, id, min(len(l), 2))
					if len(l) == 1 {
						s.index1[l[0]] = append(s.index1[l[0]], e)
					} else {
						longer = append(longer, e)
					}
				}
			default:
				s.always = append(s.always, cueRef{ri, ci})
			}
		}
		s.rules = append(s.rules, cr)
	}
	s.words, s.wordKeys, s.wordIndex = group(words, firstWord, hashWord[string])
	s.index2, _, s.index2Of = group(longer, func(e leadEntry) uint16 { return pair(e.lead) }, hashPair)
	return s, nil
}

// wordLen returns the length of the run of word characters opening s.
func wordLen[T string | []byte](s T) int {
	i := 0
	for i < len(s) && isWordChar(s[i]) {
		i++
	}
	return i
}

// kelvin (K) and longS (ſ) are the non-ASCII runes (?i) folds into ASCII letters.
var kelvin, longS = []byte("\u212A"), []byte("\u017F")

// possible marks the cues one of whose leads occurs at a token start of
// lower.
func (s *Scorer) possible(lower []byte, starts []int, marks []mark) {
	clear(marks)
	if bytes.Contains(lower, kelvin) || bytes.Contains(lower, longS) {
		for i := range marks { // (?i) folds these into k and s: no lead is safe
			marks[i] = maybe
		}
		return
	}
	for _, ref := range s.always {
		marks[s.rules[ref.rule].base+ref.cue] = maybe
	}
	mark := func(rest []byte, es []leadEntry) {
		for _, e := range es {
			if len(e.lead) > len(rest) || rest[e.at] != e.b || string(rest[:len(e.lead)]) != e.lead {
				continue
			}
			m := maybe
			if e.exact {
				if len(e.lead) < len(rest) && isWordChar(e.lead[len(e.lead)-1]) == isWordChar(rest[len(e.lead)]) ||
					len(e.lead) == len(rest) && !isWordChar(e.lead[len(e.lead)-1]) {
					continue // no \b after the literal
				}
				m = matched
			}
			if marks[e.id] < m {
				marks[e.id] = m
			}
		}
	}
	for _, p := range starts {
		rest := lower[p:]
		if es := s.word(rest); es != nil {
			mark(rest, es)
		}
		if es := s.index1[rest[0]]; es != nil {
			mark(rest, es)
		}
		if len(rest) >= 2 {
			if es := s.lead2(pair(rest)); es != nil {
				mark(rest, es)
			}
		}
	}
}

// Finding is one memory worth saving.
type Finding struct {
	// Category is DECISION, RUNBOOK, CONSTRAINT, TECH_DEBT, PREFERENCE,
	// SESSION_SUMMARY, or the category of a Rule of your own.
	Category string `json:"category"`
	// Text says what to save: the sentence that triggered the finding,
	// cleaned to one line, or a summary written by a classifier.
	Text string `json:"text"`
	// Score is the sentence's score in [0, 1] (1 for classifier findings).
	Score float64 `json:"score"`
	// Role is where the sentence was written: "assistant", "user", "tool",
	// or "" for findings that were not read from one sentence.
	Role string `json:"role,omitempty"`
	// Cues lists the patterns that matched, for -explain traces.
	Cues []string `json:"cues,omitempty"`
}

// scoreResult is the outcome of [Scorer.score].
type scoreResult struct {
	// Findings are ordered by category (the order of the rules, then
	// SESSION_SUMMARY) and, within a category, by score, highest first.
	Findings []Finding
	// Ungrounded are the findings, ordered the same way, of a turn where
	// only the agent's prose held any (grounded.go): not sent back for,
	// but put to the LLM in hybrid mode.
	Ungrounded []Finding
	// Best is the highest score each category reached, found or not. For
	// sentences that cannot reach the threshold only the cues matched
	// without a regexp are counted, so a low Best may be a little low.
	Best map[categoryName]float64
	// Sentences is the number of sentences scored.
	Sentences int
}

// strong reports whether r has at least one finding.
func (r scoreResult) strong() bool { return len(r.Findings) > 0 }

// epsilon absorbs float rounding in weight sums (0.35+0.25 ≥ 0.6).
const epsilon = 1e-9

// Score returns the memories worth saving in msgs, the messages of one
// turn, oldest first (a transcript's tail cut at the turn's prompt, with
// the final reply, which the transcript often lacks at Stop time). The
// findings are ordered by category — the order of the rules, then
// SESSION_SUMMARY — and, within one, by score, highest first. Meta
// messages (hook feedback) are skipped; assistant and user text is scored
// as Markdown prose with code blanked out; tool output is not scored.
func (s *Scorer) Score(msgs []transcript.Message) []Finding {
	return s.score(msgs).Findings
}

// score scores msgs, oldest first. Meta messages (hook feedback) are
// skipped; assistant and user text is scored as Markdown prose with code
// blanked out; tool output counts with locWeights.ToolOutput.
func (s *Scorer) score(msgs []transcript.Message) scoreResult {
	res := scoreResult{Best: map[categoryName]float64{}}
	cands := map[categoryName][]Finding{}
	w := &work{marks: make([]mark, s.ncues)}
	errorSeen := false
	var put offer             // what the turn's prompt puts to the agent, until a reply takes it on
	var asked map[string]bool // the question tool's calls, by id ("" when the transcript keeps none)
	failedCall := false       // a tool call failed since the agent last wrote
	prompted := false         // the turn's prompt asks
	review := false           // the turn's prompt asks for a review of a change
	turnFailed := false       // a tool call failed in the turn, as Codex reports it too
	grounded := false         // a finding rests on the user's words or the turn's structure
	for _, m := range msgs {
		if skipped(m) {
			continue
		}
		for _, u := range m.ToolUses {
			if slices.Contains(askTools, u.Name) {
				if asked == nil {
					asked = map[string]bool{}
				}
				asked[u.ID] = true
			}
		}
		switch m.Role {
		case "assistant":
			if !put.empty() && strings.TrimSpace(m.Text) != "" {
				if c, t, kind, ok := put.answer(m.Text); ok && s.userDecided(&res, cands, c, t, kind) {
					put = offer{} // one a turn
					grounded = true
				}
			}
			if machineAnswer(m.Text) {
				s.scoreText(w, &res, cands, m.Text, false, "tool", s.weights.ToolOutput, errorSeen)
				break
			}
			text := agentText(m.Text)
			if failedCall {
				if t := envFactIn(signals.Prose(text)); t != "" && s.turnFinding(&res, cands, Finding{Category: catConstraint, Text: t, Score: envFactScore, Role: "assistant", Cues: []string{"(environment)"}}) {
					grounded = true // the failure before it is the evidence
				}
			}
			s.scoreText(w, &res, cands, text, true, "assistant", s.weights.Assistant, errorSeen)
			if strings.TrimSpace(m.Text) != "" {
				failedCall = false
			}
		case "user":
			if injected(m.Text) {
				// A background task's report, not the user's words: read
				// as tool output, and not as a prompt to take on.
				put = offer{}
				s.scoreText(w, &res, cands, m.Text, false, "tool", s.weights.ToolOutput, errorSeen)
				errorSeen = errorSeen || failureText(m.Text)
				break
			}
			text := clientblock.Blank(m.Text) // a reminder the client adds is not the user's words
			if startsTurn(m) {
				put = offer{}
				prompted = promptAsks(text)
				review = reviewRequest(text)
				if !compactSummary(text) {
					put = readPrompt(text)
				}
			}
			before := countFindings(cands)
			s.scoreText(w, &res, cands, text, true, "user", s.weights.User, errorSeen)
			grounded = grounded || countFindings(cands) > before && usersOwnWords(text)
			errorSeen = errorSeen || failureText(m.Text)
		}
		for _, tr := range m.ToolResults {
			if t := answered(tr.Text); t != "" && asked[tr.ToolUseID] && s.userDecided(&res, cands, catDecision, t, "(question answered)") {
				grounded = true
			}
			s.scoreText(w, &res, cands, tr.Text, false, "tool", s.weights.ToolOutput, errorSeen)
			failed := tr.IsError || failureText(tr.Text)
			turnFailed = turnFailed || failed || codexFailed(tr.Text)
			errorSeen = errorSeen || failed
			failedCall = failedCall || failed
		}
	}
	if !errorSeen && !turnFailed && !prompted && s.onlyUncorroborated(cands) {
		clear(cands)
	}
	if review || programCall(msgs) {
		// A review of a change, or a program's call: what the turn finds is
		// about the change or goes back to the program.
		clear(cands)
	}
	found := &res.Findings
	if !grounded && s.grounding && !ownAccount(cands) {
		found = &res.Ungrounded // the agent's prose alone: see grounded.go
	}
	for _, r := range s.rules {
		fs := cands[r.Category]
		slices.SortStableFunc(fs, func(a, b Finding) int {
			switch {
			case a.Score > b.Score:
				return -1
			case a.Score < b.Score:
				return 1
			}
			return 0
		})
		if len(fs) > s.perCat {
			fs = fs[:s.perCat]
		}
		*found = append(*found, fs...)
		delete(cands, r.Category) // a category listed twice reports once
	}
	if f, ok := s.activity.finding(msgs); ok {
		if len(res.Findings) > 0 || s.activity.Alone {
			res.Findings = append(res.Findings, f)
		}
		res.Best[catSessionSummary] = 1
	} else if _, ok := res.Best[catSessionSummary]; !ok {
		res.Best[catSessionSummary] = 0
	}
	return res
}

// userDecided adds the finding t of category c that the user settled in
// the turn (a proposal the reply takes on, an answer to the question
// tool), unless no rule has c or the finding is already there; it reports
// whether it added it.
func (s *Scorer) userDecided(res *scoreResult, cands map[categoryName][]Finding, c categoryName, t, cue string) bool {
	return s.turnFinding(res, cands, Finding{Category: c, Text: t, Score: agreementScore, Role: "user", Cues: []string{cue}})
}

// turnFinding adds f, a finding read from the turn's structure rather than
// from the cues of one sentence, unless no rule has its category or the
// finding is already there; it reports whether it added it.
func (s *Scorer) turnFinding(res *scoreResult, cands map[categoryName][]Finding, f Finding) bool {
	c := f.Category
	if !s.hasRule(c) || hasText(cands[c], f.Text) {
		return false
	}
	cands[c] = append(cands[c], f)
	res.Best[c] = max(res.Best[c], f.Score)
	return true
}

// work is scratch space reused across the sentences of one Score call.
type work struct {
	spans  []span
	unitOf []int
	lower  []byte
	starts []int
	marks  []mark
	sents  []sentence
}

// sentence is what scoreText keeps of one sentence for its unit.
type sentence struct {
	start, end int
	question   bool
	lower      string
	marks      []mark // a copy of the possible cues
}

// scoreText scores the sentences of one text, then its paragraphs and
// lists (units) for what no single sentence of them reached.
func (s *Scorer) scoreText(w *work, res *scoreResult, cands map[categoryName][]Finding, text string, markdown bool, role string, weight float64, errorSeen bool) {
	if strings.TrimSpace(text) == "" {
		return
	}
	if len(text) > maxTextBytes {
		text = text[len(text)-maxTextBytes:] // the end of a huge message matters most
	}
	if strings.Contains(text, "’") {
		text = strings.ReplaceAll(text, "’", "'") // cues spell "don't" with an ASCII apostrophe
	}
	prose := text
	if markdown && mayHaveCode(text) {
		prose = signals.Prose(text)
	}
	// Offsets into prose are offsets into text only when Prose kept the length.
	orig := text
	if len(prose) != len(text) {
		orig = prose
	}
	w.spans = sentences(prose, w.spans)
	if !s.counts(role, weight) {
		res.Sentences += len(w.spans) // no rule scores text written there
		return
	}
	// A lead-in naming a category files what follows it, when the
	// sentences and units below find nothing of that category.
	var leadCats []categoryName
	var leadTexts []string
	var leadHad []int
	if role == "assistant" {
		leadCats, leadTexts = leadIns(prose)
		for _, c := range leadCats {
			leadHad = append(leadHad, len(cands[c]))
		}
	}
	w.sents = w.sents[:0]
	// found[rule] holds the units in which the rule already has a finding.
	found := make([]map[int]bool, len(s.rules))
	w.unitOf = units(prose, w.spans, w.unitOf)
	for si, sp := range w.spans {
		text := prose[sp.start:sp.end]
		w.lower = lowerASCII(text, w.lower)
		w.starts = tokenStarts(w.lower, w.starts)
		s.possible(w.lower, w.starts, w.marks)
		res.Sentences++
		sent := sentence{start: sp.start, end: sp.end, question: strings.HasSuffix(text, "?"), lower: string(w.lower), marks: slices.Clone(w.marks)}
		w.sents = append(w.sents, sent)
		for ri, r := range s.rules {
			wt := s.ruleWeight(r, role, weight)
			if sent.question {
				wt *= s.weights.Question
			}
			if wt <= 0 {
				continue
			}
			marks := sent.marks[r.base : r.base+len(r.cues)]
			bound := r.bound(marks, errorSeen)
			if bound == 0 {
				continue
			}
			if bound*wt+epsilon < s.threshold {
				// It cannot reach the threshold: not worth the regexps. Its
				// literal cues still tell Best how close it came.
				if sc := min(r.literalScore(marks, errorSeen)*wt, 1); sc > res.Best[r.Category] {
					res.Best[r.Category] = sc
				}
				continue
			}
			score, cues := r.score(text, sent.lower, marks, errorSeen)
			if score <= 0 {
				continue
			}
			score = min(score*wt, 1)
			if score > res.Best[r.Category] {
				res.Best[r.Category] = score
			}
			if score+epsilon < s.threshold {
				continue
			}
			if s.addFinding(cands, r.Category, clean(orig[sp.start:sp.end]), score, role, cues) {
				if found[ri] == nil {
					found[ri] = map[int]bool{}
				}
				found[ri][w.unitOf[si]] = true
			}
		}
	}
	s.scoreUnits(w, res, cands, prose, orig, role, weight, errorSeen, found)
	for i, c := range leadCats {
		sc := leadInScore * weight
		if len(cands[c]) > leadHad[i] || sc+epsilon < s.threshold || !s.hasRule(c) {
			continue // the text said it in words the cues know
		}
		cands[c] = append(cands[c], Finding{Category: c, Text: leadTexts[i], Score: sc, Role: role, Cues: []string{"(lead-in)"}})
		res.Best[c] = max(res.Best[c], sc)
	}
}

// scoreUnits scores each unit by the cues its statements (questions do not
// count) match together, each cue once, when two or more of them match a
// positive cue: evidence spread over a paragraph or a list. A unit that
// reaches the threshold, and in which no single sentence did, becomes a
// finding carrying its strongest sentence.
func (s *Scorer) scoreUnits(w *work, res *scoreResult, cands map[categoryName][]Finding, prose, orig, role string, weight float64, errorSeen bool, found []map[int]bool) {
	for lo := 0; lo < len(w.sents); {
		hi := lo + 1
		for hi < len(w.sents) && w.unitOf[hi] == w.unitOf[lo] {
			hi++
		}
		unit, members := w.unitOf[lo], w.sents[lo:hi]
		lo = hi
		statements := 0
		for _, m := range members {
			if !m.question {
				statements++
			}
		}
		if statements < 2 {
			continue
		}
		for ri, r := range s.rules {
			if found[ri][unit] {
				continue
			}
			wt := s.ruleWeight(r, role, weight)
			if wt <= 0 {
				continue
			}
			// The cues any statement of the unit may match, each once.
			var bound float64
			union := make([]mark, len(r.cues))
			for _, m := range members {
				if m.question {
					continue
				}
				for i, mk := range m.marks[r.base : r.base+len(r.cues)] {
					if mk != none && union[i] == none {
						union[i] = mk
						if r.Cues[i].Weight > 0 {
							bound += r.Cues[i].Weight
						}
					}
				}
			}
			if bound == 0 || (bound+r.AfterError)*wt+epsilon < s.threshold {
				continue
			}
			matched := make([]bool, len(r.cues))
			best, bestScore, contributing := -1, 0.0, 0
			for mi, m := range members {
				if m.question {
					continue
				}
				text := prose[m.start:m.end]
				one, pos := 0.0, false
				for i, re := range r.cues {
					mk := m.marks[r.base+i]
					if mk == none || !r.matches(re, text, m.lower, mk) {
						continue
					}
					matched[i] = true
					one += r.Cues[i].Weight
					pos = pos || r.Cues[i].Weight > 0
				}
				if pos {
					contributing++
				}
				if one > bestScore {
					best, bestScore = mi, one
				}
			}
			var sum float64
			var cues []string
			positive := false
			for i, ok := range matched {
				if ok {
					sum += r.Cues[i].Weight
					cues = append(cues, r.Cues[i].Pattern)
					positive = positive || r.Cues[i].Weight > 0
				}
			}
			if !positive || best < 0 || contributing < 2 {
				continue
			}
			if errorSeen && r.AfterError != 0 {
				sum += r.AfterError
				cues = append(cues, "(after an error)")
			}
			score := min(sum*wt, 1)
			if score > res.Best[r.Category] {
				res.Best[r.Category] = score
			}
			if score+epsilon < s.threshold {
				continue
			}
			m := members[best]
			s.addFinding(cands, r.Category, clean(orig[m.start:m.end]), score, role, append(cues, "(paragraph)"))
		}
	}
}

// addFinding adds a candidate unless it is too short or already there.
func (s *Scorer) addFinding(cands map[categoryName][]Finding, c categoryName, t string, score float64, role string, cues []string) bool {
	if words(t) < 2 || hasText(cands[c], t) {
		return false
	}
	cands[c] = append(cands[c], Finding{Category: c, Text: t, Score: score, Role: role, Cues: cues})
	return true
}

// hasRule reports whether the scorer has a rule for category c.
func (s *Scorer) hasRule(c categoryName) bool {
	for _, r := range s.rules {
		if r.Category == c {
			return true
		}
	}
	return false
}

// ruleWeight is the weight of rule r for text written by role.
func (s *Scorer) ruleWeight(r compiledRule, role string, weight float64) float64 {
	if role == "user" && r.User != 0 {
		return r.User
	}
	return weight
}

// counts reports whether some rule gives a sentence written by role with
// weight a positive weight, asked or not: the per-rule weight scoreText
// computes. Tool output has weight 0 by default, and is then only split
// into sentences (for Result.Sentences), not scored.
func (s *Scorer) counts(role string, weight float64) bool {
	for _, r := range s.rules {
		wt := weight
		if role == "user" && r.User != 0 {
			wt = r.User
		}
		if wt > 0 || wt*s.weights.Question > 0 {
			return true
		}
	}
	return false
}

// mayHaveCode reports whether text may hold Markdown code: a backtick, a
// tilde fence, or an indented line. Text without any is its own prose, and
// skipping the Markdown parser for it saves most of the scoring time.
func mayHaveCode(text string) bool {
	return strings.IndexByte(text, '`') >= 0 || strings.IndexByte(text, '\t') >= 0 || strings.Contains(text, "~~~") ||
		strings.HasPrefix(text, "    ") || strings.Contains(text, "\n    ")
}

// maxTextBytes bounds the text scored per message.
const maxTextBytes = 64 << 10

// bound is the highest score the possible cues can give, 0 when no
// positive cue is possible.
func (r compiledRule) bound(marks []mark, errorSeen bool) float64 {
	var sum float64
	for i, m := range marks {
		if m != none && r.Cues[i].Weight > 0 {
			sum += r.Cues[i].Weight
		}
	}
	if sum > 0 && errorSeen && r.AfterError > 0 {
		sum += r.AfterError
	}
	return sum
}

// literalScore sums the weights of the cues the lead index saw match.
func (r compiledRule) literalScore(marks []mark, errorSeen bool) float64 {
	var sum float64
	positive := false
	for i, m := range marks {
		if m == matched {
			sum += r.Cues[i].Weight
			positive = positive || r.Cues[i].Weight > 0
		}
	}
	if !positive {
		return 0
	}
	if errorSeen {
		sum += r.AfterError
	}
	return max(sum, 0)
}

// score sums the weights of the possible cues that match sentence (lower
// is sentence lower-cased).
func (r compiledRule) score(sentence, lower string, marks []mark, errorSeen bool) (float64, []string) {
	var sum float64
	var cues []string
	positive := false
	for i, re := range r.cues {
		if marks[i] == none || !r.matches(re, sentence, lower, marks[i]) {
			continue
		}
		sum += r.Cues[i].Weight
		cues = append(cues, r.Cues[i].Pattern)
		if r.Cues[i].Weight > 0 {
			positive = true
		}
	}
	if !positive {
		return 0, nil
	}
	if errorSeen && r.AfterError != 0 {
		sum += r.AfterError
		cues = append(cues, "(after an error)")
	}
	return sum, cues
}

// matches reports whether cue re, marked m by the lead index, matches
// sentence. A positive cue counts only where it is not negated ("does not
// always use the cache" states no preference).
func (r compiledRule) matches(re *lazyRegexp, sentence, lower string, m mark) bool {
	if m == maybe && !re.MatchString(sentence) {
		return false
	}
	if !mayNegate(lower) {
		return true
	}
	for _, loc := range re.FindAllStringIndex(sentence) { // compiles re: re.lower is set
		if !negated(lower, loc[0], loc[1], re.lower) {
			return true
		}
	}
	return false
}

func hasText(fs []Finding, t string) bool {
	for _, f := range fs {
		if strings.EqualFold(f.Text, t) {
			return true
		}
	}
	return false
}

// failure (compiled on first use) matches tool output that reports a
// failure: stack traces, panics,
// failing test runs, non-zero exits.
var failure = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)Traceback \(most recent call last\)|^panic: |^goroutine \d+ \[|^\s+at [\w$.<>/]+ ?\(.*:\d+(?::\d+)?\)|Exception in thread|^(?:FAIL|ERROR|Error|error)\b|^--- FAIL|npm ERR!|Segmentation fault|[Ee]xit (?:code|status) [1-9]|^\S+\.\w+:\d+(?::\d+)?: (?:error|undefined)`)
})

// failureHints are literals one of which occurs in every match of failure.
var failureHints = []string{"Traceback", "panic: ", "goroutine ", "	at ", " at ", "Exception", "FAIL", "ERROR", "Error", "error", "npm ERR!", "Segmentation fault", "xit code", "xit status", "undefined"}

// failureText reports whether text looks like the output of a failure: a
// stack trace, a panic, a failing test run or a non-zero exit status.
func failureText(text string) bool {
	if len(text) > maxTextBytes {
		text = text[:maxTextBytes]
	}
	for _, h := range failureHints {
		if strings.Contains(text, h) {
			return failure().MatchString(text)
		}
	}
	return false
}
