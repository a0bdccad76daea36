package triage

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/stophook/stophook/signals"
	"github.com/stophook/stophook/transcript"
)

// DefaultThreshold is the score a sentence needs to become a finding (the
// seed's heuristic_threshold).
const DefaultThreshold = 0.6

// Weights say how much a sentence counts depending on where it was written.
// A weight of 0 means text there is not scored at all.
type Weights struct {
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

// DefaultWeights counts assistant prose fully, user prose a little less,
// and tool output not at all; questions count half.
var DefaultWeights = Weights{Assistant: 1, User: 0.8, ToolOutput: 0, Question: 0.5}

// Options configures a [Scorer]. The zero value means every default.
type Options struct {
	// Rules are the text categories and their cues; nil means DefaultRules().
	Rules []Rule
	// Threshold is the score a sentence needs; 0 means DefaultThreshold.
	Threshold float64
	// Weights by location; nil means &DefaultWeights.
	Weights *Weights
	// MaxPerCategory caps the findings of one category; 0 means 2.
	MaxPerCategory int
	// Activity scores SESSION_SUMMARY; the zero value means its defaults.
	Activity Activity
}

// Scorer finds memories in transcript messages with weighted cues. It is
// safe for concurrent use.
type Scorer struct {
	rules     []compiledRule
	prefilter *regexp.Regexp // any positive cue of any rule
	threshold float64
	weights   Weights
	perCat    int
	activity  Activity
}

type compiledRule struct {
	Rule
	cues []*regexp.Regexp
}

// New compiles opts into a Scorer. It fails on a cue that is not a valid
// RE2 expression, a rule without a category, or a threshold outside (0, 1].
func New(opts Options) (*Scorer, error) {
	s := &Scorer{threshold: opts.Threshold, weights: DefaultWeights, perCat: opts.MaxPerCategory, activity: opts.Activity}
	if s.threshold == 0 {
		s.threshold = DefaultThreshold
	}
	if s.threshold < 0 || s.threshold > 1 {
		return nil, fmt.Errorf("triage: threshold %v is outside (0, 1]", opts.Threshold)
	}
	if opts.Weights != nil {
		s.weights = *opts.Weights
	}
	if s.perCat <= 0 {
		s.perCat = 2
	}
	rules := opts.Rules
	if rules == nil {
		rules = DefaultRules()
	}
	var positive []string
	for _, r := range rules {
		if r.Category == "" {
			return nil, fmt.Errorf("triage: rule without a category")
		}
		cr := compiledRule{Rule: r}
		for _, c := range r.Cues {
			re, err := regexp.Compile(`(?i)\b(?:` + c.Pattern + `)\b`)
			if err != nil {
				return nil, fmt.Errorf("triage: %s cue %q: %w", r.Category, c.Pattern, err)
			}
			cr.cues = append(cr.cues, re)
			if c.Weight > 0 {
				positive = append(positive, `(?:`+c.Pattern+`)`)
			}
		}
		s.rules = append(s.rules, cr)
	}
	if len(positive) > 0 {
		s.prefilter = regexp.MustCompile(`(?i)\b(?:` + strings.Join(positive, "|") + `)\b`)
	}
	return s, nil
}

// Finding is one memory worth saving.
type Finding struct {
	Category Category `json:"category"`
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

// Result is the outcome of [Scorer.Score].
type Result struct {
	// Findings are ordered by category (the order of the rules, then
	// SESSION_SUMMARY) and, within a category, by score, highest first.
	Findings []Finding
	// Best is the highest score each category reached, found or not.
	Best map[Category]float64
	// Sentences is the number of sentences scored.
	Sentences int
}

// Strong reports whether r has at least one finding.
func (r Result) Strong() bool { return len(r.Findings) > 0 }

// epsilon absorbs float rounding in weight sums (0.35+0.25 ≥ 0.6).
const epsilon = 1e-9

// Score scores msgs, oldest first. Meta messages (hook feedback) are
// skipped; assistant and user text is scored as Markdown prose with code
// blanked out; tool output counts with Weights.ToolOutput.
func (s *Scorer) Score(msgs []transcript.Message) Result {
	res := Result{Best: map[Category]float64{}}
	cands := map[Category][]Finding{}
	errorSeen := false
	for _, m := range msgs {
		if m.IsMeta {
			continue
		}
		switch m.Role {
		case "assistant":
			s.scoreText(&res, cands, m.Text, true, "assistant", s.weights.Assistant, errorSeen)
		case "user":
			s.scoreText(&res, cands, m.Text, true, "user", s.weights.User, errorSeen)
			if FailureText(m.Text) {
				errorSeen = true
			}
		}
		for _, tr := range m.ToolResults {
			s.scoreText(&res, cands, tr.Text, false, "tool", s.weights.ToolOutput, errorSeen)
			if tr.IsError || FailureText(tr.Text) {
				errorSeen = true
			}
		}
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
		res.Findings = append(res.Findings, fs...)
		delete(cands, r.Category) // a category listed twice reports once
	}
	if f, ok := s.activity.Finding(msgs); ok {
		res.Findings = append(res.Findings, f)
		res.Best[SessionSummary] = 1
	} else if _, ok := res.Best[SessionSummary]; !ok {
		res.Best[SessionSummary] = 0
	}
	return res
}

// scoreText scores the sentences of one text.
func (s *Scorer) scoreText(res *Result, cands map[Category][]Finding, text string, markdown bool, role string, weight float64, errorSeen bool) {
	if weight <= 0 || strings.TrimSpace(text) == "" || s.prefilter == nil {
		return
	}
	if len(text) > maxTextBytes {
		text = text[len(text)-maxTextBytes:] // the end of a huge message matters most
	}
	prose := text
	if markdown {
		prose = signals.Prose(text)
	}
	hits := s.prefilter.FindAllStringIndex(prose, -1)
	if len(hits) == 0 {
		return
	}
	// Offsets into prose are offsets into text only when Prose kept the length.
	orig := text
	if len(prose) != len(text) {
		orig = prose
	}
	h := 0
	for _, sp := range sentences(prose) {
		res.Sentences++
		for h < len(hits) && hits[h][0] < sp.start {
			h++
		}
		if h == len(hits) {
			break
		}
		if hits[h][0] >= sp.end {
			continue
		}
		sentence := prose[sp.start:sp.end]
		question := strings.HasSuffix(strings.TrimSpace(sentence), "?")
		for _, r := range s.rules {
			score, cues := r.score(sentence, errorSeen)
			if score <= 0 {
				continue
			}
			if role == "user" && r.User != 0 {
				score *= r.User
			} else {
				score *= weight
			}
			if question {
				score *= s.weights.Question
			}
			score = min(score, 1)
			if score > res.Best[r.Category] {
				res.Best[r.Category] = score
			}
			if score+epsilon < s.threshold {
				continue
			}
			t := clean(orig[sp.start:sp.end])
			if words(t) < 2 || hasText(cands[r.Category], t) {
				continue
			}
			cands[r.Category] = append(cands[r.Category], Finding{Category: r.Category, Text: t, Score: score, Role: role, Cues: cues})
		}
	}
}

// maxTextBytes bounds the text scored per message.
const maxTextBytes = 64 << 10

// score sums the cue weights r's cues give sentence.
func (r compiledRule) score(sentence string, errorSeen bool) (float64, []string) {
	var sum float64
	var cues []string
	positive := false
	for i, re := range r.cues {
		if re.MatchString(sentence) {
			sum += r.Cues[i].Weight
			cues = append(cues, r.Cues[i].Pattern)
			if r.Cues[i].Weight > 0 {
				positive = true
			}
		}
	}
	if positive && errorSeen && r.AfterError != 0 {
		sum += r.AfterError
		cues = append(cues, "(after an error)")
	}
	if !positive {
		return 0, nil
	}
	return sum, cues
}

func hasText(fs []Finding, t string) bool {
	for _, f := range fs {
		if strings.EqualFold(f.Text, t) {
			return true
		}
	}
	return false
}

// failure matches tool output that reports a failure: stack traces, panics,
// failing test runs, non-zero exits.
var failure = regexp.MustCompile(`(?m)Traceback \(most recent call last\)|^panic: |^goroutine \d+ \[|^\s+at [\w$.<>/]+ ?\(.*:\d+(?::\d+)?\)|Exception in thread|^(?:FAIL|ERROR|Error|error)\b|^--- FAIL|npm ERR!|Segmentation fault|[Ee]xit (?:code|status) [1-9]|^\S+\.\w+:\d+(?::\d+)?: (?:error|undefined)`)

// FailureText reports whether text looks like the output of a failure: a
// stack trace, a panic, a failing test run or a non-zero exit status.
func FailureText(text string) bool {
	if len(text) > maxTextBytes {
		text = text[:maxTextBytes]
	}
	return failure.MatchString(text)
}
