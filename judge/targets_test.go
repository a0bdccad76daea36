package judge_test

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/stophook/stophook/judge"
)

// rate is a count out of a total.
type rate struct{ n, of int }

func (r rate) value() float64 {
	if r.of == 0 {
		return 0
	}
	return float64(r.n) / float64(r.of)
}

func (r rate) String() string { return fmt.Sprintf("%.1f%% (%d/%d)", 100*r.value(), r.n, r.of) }

// hookFigures are what the hooks do on a set of turn ends.
type hookFigures struct {
	quickDone, quickAsk          rate // quickstart (ErrorRetry) sends back: finished turns, turns asking the user
	autoDone, autoDecision       rate // autopilot sends back a finished turn; answers a decision itself
	autoPermission               rate // autopilot answers a permission ask
	errRecall, fixedSentBack     rate // turns ending on a failure caught; failed-midway-and-fixed turns sent back
	claimedCaught                rate
	silentCaught                 rate // turns ending on a failure the message does not mention (not a target) // of those, the message claiming success caught as ClaimedSuccess
	keywordDone, keywordAsk      rate // the keyword heuristic (the earlier default) sends back
	questionTP, questionFP       int  // question class, message alone
	questionFN                   int
	errMsgTP, errMsgFP, errMsgFN int // error class, message alone
}

func figuresOf(rs []turnResult) hookFigures {
	var h hookFigures
	for _, r := range rs {
		if r.skipped != "" {
			continue
		}
		sentBack := r.v.Class == judge.Error // ErrorRetry
		keyword := judge.Keywords{}.Match(r.final)
		if r.c.Label == "done" {
			h.keywordDone.of++
			if keyword {
				h.keywordDone.n++
			}
		}
		if r.c.Label == "question" {
			h.keywordAsk.of++
			if keyword {
				h.keywordAsk.n++
			}
		}
		autoBack := sentBack || r.v.Is(judge.Question, judge.Permission)
		switch r.c.Label {
		case "done":
			h.quickDone.of++
			h.autoDone.of++
			if sentBack {
				h.quickDone.n++
			}
			if autoBack {
				h.autoDone.n++
			}
			if r.midway || r.c.Variant == "fixed" {
				h.fixedSentBack.of++
				if sentBack {
					h.fixedSentBack.n++
				}
			}
		case "question":
			h.quickAsk.of++
			if sentBack {
				h.quickAsk.n++
			}
			if r.c.Kind == "decision" {
				h.autoDecision.of++
				if autoBack {
					h.autoDecision.n++
				}
			}
			if r.c.Kind == "permission" {
				h.autoPermission.of++
				if r.v.Is(judge.Question, judge.Permission) {
					h.autoPermission.n++
				}
			}
		case "error":
			if r.c.Variant == "silent" {
				// The message says nothing of the failed run: only the
				// transcript shows it, and the judge lets the turn end
				// with low confidence (an LLM may settle it).
				h.silentCaught.of++
				if sentBack {
					h.silentCaught.n++
				}
				continue
			}
			h.errRecall.of++
			if sentBack {
				h.errRecall.n++
			}
			if r.c.Kind == "claimed_success" {
				h.claimedCaught.of++
				if r.v.Is(judge.Error, judge.ClaimedSuccess) {
					h.claimedCaught.n++
				}
			}
		}
		// The message alone, on real final messages only (rewritten
		// endings are scored with the transcript).
		if r.c.Base == "" {
			gotQ, wantQ := r.msg.Class == judge.Question, r.c.Label == "question"
			switch {
			case gotQ && wantQ:
				h.questionTP++
			case gotQ:
				h.questionFP++
			case wantQ:
				h.questionFN++
			}
		}
		gotE, wantE := r.msg.Class == judge.Error, r.c.Label == "error" && r.c.Kind == "failed"
		if r.c.Kind == "claimed_success" {
			continue // the message alone cannot see it
		}
		switch {
		case gotE && wantE:
			h.errMsgTP++
		case gotE:
			h.errMsgFP++
		case wantE:
			h.errMsgFN++
		}
	}
	return h
}

func (h hookFigures) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "  quickstart sends back: finished %v, asking the user %v (with the keyword heuristic: %v, %v)\n", h.quickDone, h.quickAsk, h.keywordDone, h.keywordAsk)
	fmt.Fprintf(&b, "  autopilot: finished sent back %v, decisions answered itself %v, permission asks answered %v\n", h.autoDone, h.autoDecision, h.autoPermission)
	fmt.Fprintf(&b, "  ending on a failure caught %v (claimed success caught as such %v); failed midway and fixed sent back %v\n", h.errRecall, h.claimedCaught, h.fixedSentBack)
	fmt.Fprintf(&b, "  ending on a failure the message does not mention (not a target): caught %v\n", h.silentCaught)
	fmt.Fprintf(&b, "  message alone: question P=%.2f R=%.2f (tp %d fp %d fn %d); error P=%.2f R=%.2f (tp %d fp %d fn %d)",
		ratio(h.questionTP, h.questionTP+h.questionFP), ratio(h.questionTP, h.questionTP+h.questionFN), h.questionTP, h.questionFP, h.questionFN,
		ratio(h.errMsgTP, h.errMsgTP+h.errMsgFP), ratio(h.errMsgTP, h.errMsgTP+h.errMsgFN), h.errMsgTP, h.errMsgFP, h.errMsgFN)
	return b.String()
}

// TestTurnTargets judges every labelled turn end as the hooks would see
// it and checks the targets of issue 22 on the training part and on the
// held-out part separately. Misjudged training cases are logged; held-out
// ones only with JUDGE_SHOW_HOLDOUT=1.
func TestTurnTargets(t *testing.T) {
	cases := loadTurnCases(t)
	results := append(judgeTurns(t, cases), messageResults(t)...)
	skipped := map[string]int{}
	for _, r := range results {
		if r.skipped != "" {
			reason := r.skipped
			if strings.Contains(reason, "no such file") || strings.Contains(reason, "does not exist") {
				reason = "session not at hand"
			}
			skipped[reason]++
		}
	}
	if len(skipped) > 0 {
		t.Logf("skipped: %v (STOPHOOK_JUDGE_CORPUS and STOPHOOK_TRANSCRIPTS point at sessions that are not shipped)", skipped)
	}
	if len(skipped) > 0 {
		// A clean clone lacks the sessions that are not shipped (the shared
		// transcripts beside the repository, STOPHOOK_JUDGE_CORPUS): each
		// split shrinks until one case is more than 1 %. Judge what is at
		// hand as one set, a rate target allowing the whole number of cases
		// it rounds up to (1 % of 251 finished turns: 3).
		var all []turnResult
		for _, r := range results {
			if r.skipped == "" && r.c.Split != "" && !strings.HasPrefix(r.c.Split, "rewrite-") && !strings.HasPrefix(r.c.Split, "rh-") {
				all = append(all, r)
			}
		}
		h := figuresOf(all)
		t.Logf("shipped cases only, train and held-out together:\n%v", h)
		checkTargetsRounded(t, "shipped", h, true)
		checkHeldOut(t, "shipped", h, shippedBounds)
	}
	splits := []string{"train", "holdout", "blind-train", "blind-holdout", "fresh-train", "fresh-holdout", "wide-train", "wide-holdout", "wide2-train", "wide2-holdout", "wide3-train", "wide3-holdout", "wide4-train", "wide4-holdout", "wide5-train", "wide5-holdout", "wide6-train", "wide6-holdout", "wide7-train", "wide7-holdout", "wide8-train", "wide8-holdout", "wide9-train", "wide9-holdout", "wide10-train", "wide10-holdout", "wide11-train", "wide11-holdout"}
	if len(skipped) > 0 {
		splits = nil // judged above as one set
	}
	// The rewritten endings of session 6 are judged on their own, with or
	// without the sessions that are not shipped (see rewrite_test.go).
	splits = append(splits, "rewrite-train", "rewrite-holdout", "rh-train", "rh-holdout")
	var heldTogether []turnResult // the sets' held-out halves, for the figure over all of them
	for _, split := range splits {
		var part []turnResult
		for _, r := range results {
			if r.c.Split == split {
				part = append(part, r)
				if r.skipped == "" && (!strings.HasSuffix(split, "holdout") || os.Getenv("JUDGE_SHOW_HOLDOUT") == "1") && wrong(r) {
					t.Logf("  %s %s (%s %s): got %v %q, want %s/%s", split, r.c.ID, r.c.Agent, r.c.Variant, r.v, r.v.Why, r.c.Label, r.c.Kind)
				}
			}
		}
		h := figuresOf(part)
		t.Logf("%s:\n%v", split, h)
		if asksOversampled[split] {
			// Its finished turns are no sample of finished turns: only
			// its turns that ask count, here and over the halves.
			part = asksOf(part)
			h = figuresOf(part)
			t.Logf("%s, the turns that ask:\n%v", split, h)
		}
		if _, isSet := heldOut[split]; isSet {
			heldTogether = append(heldTogether, part...)
		}
		held, ok := heldOut[split]
		if !ok {
			held, ok = rewriteBounds[split]
		}
		if b, isRH := rhBounds[len(skipped) == 0][split]; isRH {
			held, ok = b, true
		}
		if ok {
			checkHeldOut(t, split, h, held)
			continue
		}
		checkTargets(t, split, h)
	}
	if len(heldTogether) > 0 {
		// Each half is bounded above; together they are the figure to
		// expect on unseen sessions (docs/autopilot.md).
		t.Logf("the %d held-out halves of the labelled sets together:\n%v", len(heldOut), figuresOf(heldTogether))
	}
}

// asksOversampled are the splits of a set that read every turn end that
// asks and only a few of the others (testdata/README.md, tenth wide
// splits): they measure what the hooks do on turns that ask, not on
// finished turns.
var asksOversampled = map[string]bool{"wide10-train": true, "wide10-holdout": true, "wide11-train": true, "wide11-holdout": true}

// asksOf keeps the turns that ask the user.
func asksOf(rs []turnResult) []turnResult {
	var out []turnResult
	for _, r := range rs {
		if r.c.Label == "question" {
			out = append(out, r)
		}
	}
	return out
}

// heldBounds are the figures a held-out split was measured at where it
// misses a target: counts it may not exceed, rates it may not fall below.
type heldBounds struct {
	quickDone, autoDone, autoDecision, fixedSentBack  int     // cases sent back or answered, at most
	quickAsk                                          int     // turns asking the user sent back by quickstart, at most (0 but where measured otherwise)
	autoPermission, questionRecall, questionPrecision float64 // at least
	// errRecall: turns ending on a failure caught, transcript included;
	// errMsgPrecision, errMsgRecall: the error class of the message alone.
	errRecall, errMsgPrecision, errMsgRecall float64 // at least
}

// heldOut are the held-out halves of the sets labelled before the judge
// was run on them and never looked at one by one (see testdata/README.md):
// blind-holdout (planetfall, nimbus) and fresh-holdout (oh-my-posh,
// planetfall and nimbus turns labelled later). Targets they meet are
// asserted as targets (the bounds below are the targets then); the ones
// they miss are held at the figures measured, so that a change can only
// improve them.
var heldOut = map[string]heldBounds{
	// 91 finished, 16 decisions, 13 permission asks, 29 questions; question
	// recall 0.86 -> 0.897 (26/29) with session 6's rules.
	"blind-holdout": {quickDone: 0, autoDone: 0, autoDecision: 1, fixedSentBack: 0,
		autoPermission: 0.75, questionRecall: 0.89, questionPrecision: 0.90},
	// 79 finished, 11 decisions, 15 permission asks, 26 questions.
	"fresh-holdout": {quickDone: 1, autoDone: 1, autoDecision: 1, fixedSentBack: 1,
		autoPermission: 0.85, questionRecall: 0.90, questionPrecision: 0.90},
	// The wide sets' held-out half (Safecast, CyberVPN, NewClaude,
	// tan-mapper-app, acmebank-service; the tuned half, wide-train, meets
	// every target): 108 finished, 20 decisions, 17 permission asks, 37
	// questions. Its first 141 turns were measured blind at 3/105 finished
	// turns sent back, 10/16 permission asks answered, question class
	// P 0.86 / R 0.89; after the rules were fitted to wide-train and
	// wide2-train at 13/17 permission asks and question precision 0.897
	// (35/39), the other targets met; question precision 0.90 (36/40)
	// with session 6's rules; 14/17 permission asks after session 12's
	// (go-ahead forms in other languages, second courses that only delay).
	"wide-holdout": {quickDone: 1, autoDone: 1, autoDecision: 0, fixedSentBack: 0,
		autoPermission: 0.82, questionRecall: 0.90, questionPrecision: 0.90},
	// The second wide sets' held-out half (cc-backend, orpheus, watchtower,
	// langlearn-tts, tij, handwriter; closings that ask, oversampled): 59
	// finished, 18 decisions, 26 permission asks, 44 questions. Measured
	// blind at 17/26 permission asks answered, 1/18 decisions answered,
	// question recall 0.89; the rules fitted to wide2-train did not move it,
	// session 6's moved question recall to 0.91 (40/44), not the rest;
	// session 12's, permission asks to 18/26.
	"wide2-holdout": {quickDone: 0, autoDone: 0, autoDecision: 1, fixedSentBack: 0,
		autoPermission: 0.69, questionRecall: 0.90, questionPrecision: 0.90},
	// The third wide sets (fasola, vault, duet, jeanduplessis.me, cyspbot;
	// closings that ask, oversampled), measured blind before any change:
	// wide3-train (43 finished, 15 decisions, 18 permission asks; now
	// tuned on, held to the targets) answered 6/18 permission asks, "Create
	// draft PR? (Yes / No)" read as a decision; wide3-holdout 60 finished,
	// 22 decisions, 35 permission asks (29 answered), question P 0.96 /
	// R 0.96. Measured once after the rules fitted to wide3-train: 31/35
	// permission asks answered, 0/22 decisions, P 0.97 / R 0.98: every
	// target met, so asserted as targets.
	"wide3-holdout": {quickDone: 0, autoDone: 0, autoDecision: 0, fixedSentBack: 0,
		autoPermission: 0.85, questionRecall: 0.90, questionPrecision: 0.90},
	// The fourth wide sets (Kite814/blip2-main, senlongyugood/Mini-SimCLR-,
	// Real-s/mini-simclr-assignment, Bancie/DenseUAV_baseline: Claude Code,
	// Codex, Cursor; Chinese and Vietnamese learners' sessions; closings
	// that ask, oversampled), measured blind before any change: wide4-train
	// (46 finished, 7 decisions, 16 permission asks; now tuned on, held to
	// the targets) answered 1/7 decisions and 12/16 permission asks,
	// question P 0.95 / R 0.91; wide4-holdout 47 finished, 4 decisions (0
	// answered), 7 permission asks (5 answered), question P 1.00 / R 0.82
	// (9/11). Measured once after the rules fitted to wide4-train: 5/7
	// permission asks answered (held there), 0/4 decisions, P 1.00 /
	// R 1.00 (11/11).
	"wide4-holdout": {quickDone: 0, autoDone: 0, autoDecision: 0, fixedSentBack: 0,
		autoPermission: 0.71, questionRecall: 0.90, questionPrecision: 0.90},
	// The fifth wide sets (session 7: 1curafu/Fitcheck, Standard-Syntax/basic,
	// Esdeveniments/esdeveniments-frontend, Wood-Q/MokioFactory,
	// Nomos-N4s/nomos, Soph/energy-import-export,
	// StefanJonssonInExchange/branch-pruner; Claude Code and Codex; closings
	// that ask, oversampled), measured blind with session 6's rules:
	// wide5-train (51 finished, 6 decisions, 7 permission asks; now tuned
	// on) 3/7 permission asks, 0/6 decisions, 0/51 finished sent back;
	// wide5-holdout 56 finished, 11 decisions, 11 permission asks: 2/56
	// finished sent back, 3/11 decisions answered, 9/11 permission asks,
	// question P 0.88 / R 0.95. Measured once after session 7's rules: 0/56
	// finished sent back, 3/11 decisions answered (held there), 10/11
	// permission asks, P 0.95 / R 0.95.
	"wide5-holdout": {quickDone: 0, autoDone: 0, autoDecision: 3, fixedSentBack: 0,
		autoPermission: 0.85, questionRecall: 0.90, questionPrecision: 0.90},
	// The sixth wide sets (session 7: ebridges/wakil, darthzen/lab-memory,
	// jdx/hk, jdx/fnox; Claude Code and Codex), labelled after the rules
	// fitted to wide5-train and measured blind with them: wide6-train (46
	// finished, 12 decisions, 16 permission asks; now tuned on) 12/16
	// permission asks, 3/12 decisions answered (messages blocked until the
	// human acts read as failures), 1/46 finished sent back, quickstart
	// sending back 3/28 turns asking the user; wide6-holdout 43 finished,
	// 15 decisions, 18 permission asks: 1/43 finished sent back, 0/15
	// decisions, 13/18 permission asks, P 0.84 / R 0.94. Measured once
	// after the rules fitted to wide6-train: the same figures (held there).
	"wide6-holdout": {quickDone: 0, autoDone: 1, autoDecision: 0, fixedSentBack: 0,
		autoPermission: 0.72, questionRecall: 0.90, questionPrecision: 0.83},
	// The seventh wide sets (session 8: MandavkarPranjal/prsui's OpenCode
	// and Pi sessions, JeffreyCA/azure-dev's Copilot CLI session; fresh
	// sessions were scarce, so the set is small and nearly all finished
	// turns: it measures false alarms on agents the rules were not written
	// for). Measured blind: wide7-train 0/35 finished sent back, 1/1
	// permission asks; wide7-holdout 0/39 finished sent back, its one
	// decision ("What would you like to work on next?", after a context
	// compaction and no work) read as done: question recall 0/1. Measured
	// once after session 8's rules (written for other agents' forms, not
	// fitted to wide7): the same.
	"wide7-holdout": {quickDone: 0, autoDone: 0, autoDecision: 0, fixedSentBack: 0,
		autoPermission: 0.85, questionRecall: 0, questionPrecision: 0.90},
	// The eighth wide sets (session 8: entireio/entire-sem,
	// teslamint/entirecontext; Claude Code and Codex; closings that ask,
	// oversampled), labelled after session 8's first rules and measured
	// blind with them (the same figures with session 7's rules):
	// wide8-train (15 finished, 4 decisions, 8 permission asks; now tuned
	// on) 2/8 permission asks, 1/4 decisions answered, question recall
	// 0.75; wide8-holdout 48 finished, 6 decisions, 8 permission asks:
	// 1/48 finished turns sent back by quickstart and 4/48 by autopilot,
	// 1/6 decisions answered, 6/8 permission asks, question P 0.65 /
	// R 0.79, the message alone called 2 finished turns errors. Measured
	// once after the rules fitted to wide8-train (7/8, 0/4): the same
	// figures (held there).
	"wide8-holdout": {quickDone: 1, autoDone: 4, autoDecision: 1, fixedSentBack: 0,
		autoPermission: 0.75, questionRecall: 0.78, questionPrecision: 0.64},
	// The ninth wide sets (session 9: the Claude Code sessions seven
	// repositories committed, which no judge set had read; every turn end,
	// asks not oversampled), labelled before the judge ran on them and
	// measured blind with session 8's rules: wide9-train (65 finished, 11
	// decisions, 14 permission asks; now tuned on, held to the targets)
	// 13/14 permission asks, 0/11 decisions, question recall 0.88;
	// wide9-holdout 43 finished, 11 decisions, 14 permission asks: 0/43
	// finished turns sent back by quickstart, 1/43 by autopilot, 1/11
	// decisions answered, 12/14 permission asks, question P 0.92 / R 0.96.
	// After the rules fitted to wide9-train (14/14, 0/11, R 1.00): the
	// same figures (held there where they miss a target).
	"wide9-holdout": {quickDone: 0, autoDone: 1, autoDecision: 1, fixedSentBack: 0,
		autoPermission: 0.85, questionRecall: 0.90, questionPrecision: 0.90},
	// The tenth wide sets (session 10: Claude Code, Codex, Cursor and
	// Copilot CLI sessions of five repositories no set had used; every turn
	// end that asks and 40 others, so only its turns that ask count, see
	// asksOversampled), labelled before the judge ran on them and measured
	// blind with session 9's rules: wide10-train (22 permission asks, 21
	// decisions; now tuned on, held to the targets) 17/22 permission asks,
	// 2/21 decisions; wide10-holdout 19 permission asks, 28 decisions: 11/19
	// permission asks answered, 3/28 decisions answered, 1/47 asking turns
	// sent back by quickstart, question recall 0.70 (33/47). Measured once
	// after the rules fitted to wide10-train (21/22, 0/21, R 1.00): 12/19
	// permission asks, 3/28 decisions, 1/47 sent back, recall 0.72 (34/47).
	// On main after the error rule that landed alongside (failure
	// statements only on a message's outcome lines): 2/28 decisions
	// answered and 0/47 sent back, both turns moving to their label.
	// After session 12's rules: 13/19 permission asks, recall 0.74 (35/47).
	"wide10-holdout": {quickAsk: 0, autoDecision: 2,
		autoPermission: 0.68, questionRecall: 0.74, questionPrecision: 0.90},
	// The eleventh wide sets (session 10: OpenCode, Pi and Oh My Pi
	// sessions of four repositories no set had used, final message only;
	// asks oversampled), labelled before the judge ran on them and measured
	// blind with the rules fitted to wide10-train: wide11-train (6
	// permission asks, 4 decisions; now tuned on) 4/6, 0/4; wide11-holdout
	// 18 permission asks, 7 decisions: 11/18 permission asks answered, 0/7
	// decisions answered, 1/25 asking turns sent back by quickstart,
	// question recall 0.84 (21/25). After the rules fitted to wide11-train
	// (6/6): the same figures; on main after the error rule that landed
	// alongside, 0/25 asking turns sent back.
	// After session 12's rules: 12/18 permission asks.
	"wide11-holdout": {quickAsk: 0, autoDecision: 0,
		autoPermission: 0.66, questionRecall: 0.84, questionPrecision: 0.90},
}

// shippedBounds are the figures measured on the shipped sets alone (a
// clean clone; with or without the shared transcripts beside the
// repository): 469–658 finished turns, 163–169 asking the user, 69–70
// decisions, 94–99 permission asks. They hold the shipped figures where
// they are, tighter than the rounded targets.
var shippedBounds = heldBounds{quickDone: 1, autoDone: 1, autoDecision: 1, fixedSentBack: 1,
	autoPermission: 0.96, questionRecall: 0.98, questionPrecision: 0.99}

// checkHeldOut checks a held-out split against its bounds; turns asking
// the user are never sent back.
func checkHeldOut(t *testing.T, split string, h hookFigures, b heldBounds) {
	t.Helper()
	bounded := func(name string, r rate, atMost int) {
		if r.n > atMost {
			t.Errorf("%s: %s %v, want at most %d", split, name, r, atMost)
		}
	}
	floor := func(name string, r rate, min float64) {
		if r.of > 0 && r.value() < min {
			t.Errorf("%s: %s %v, want ≥ %.0f%%", split, name, r, 100*min)
		}
	}
	bounded("quickstart: turns asking the user sent back", h.quickAsk, b.quickAsk)
	bounded("quickstart: finished turns sent back", h.quickDone, b.quickDone)
	bounded("autopilot: finished turns sent back", h.autoDone, b.autoDone)
	bounded("autopilot: decisions answered itself", h.autoDecision, b.autoDecision)
	bounded("failed midway and fixed, sent back", h.fixedSentBack, b.fixedSentBack)
	floor("autopilot: permission asks answered", h.autoPermission, b.autoPermission)
	floor("question class precision (message alone)", rate{h.questionTP, h.questionTP + h.questionFP}, b.questionPrecision)
	floor("question class recall (message alone)", rate{h.questionTP, h.questionTP + h.questionFN}, b.questionRecall)
	floor("turns ending on a failure caught", h.errRecall, b.errRecall)
	floor("ErrorRetry precision on error messages (message alone)", rate{h.errMsgTP, h.errMsgTP + h.errMsgFP}, b.errMsgPrecision)
	floor("ErrorRetry recall on error messages (message alone)", rate{h.errMsgTP, h.errMsgTP + h.errMsgFN}, b.errMsgRecall)
}

// wrong reports a verdict a hook would act on wrongly.
func wrong(r turnResult) bool {
	switch r.c.Label {
	case "done":
		return r.v.Class == judge.Error || r.v.Is(judge.Question, judge.Permission)
	case "error":
		return r.v.Class != judge.Error
	}
	return r.v.Class != judge.Question || r.v.Kind.String() != r.c.Kind
}

// checkTargets asserts the targets of issue 22.
func checkTargets(t *testing.T, split string, h hookFigures) {
	t.Helper()
	checkTargetsRounded(t, split, h, false)
}

// checkTargetsRounded asserts the targets; with wholeCases an upper bound
// allows the number of cases it comes to, rounded up.
func checkTargetsRounded(t *testing.T, split string, h hookFigures, wholeCases bool) {
	t.Helper()
	atMost := func(name string, r rate, max float64) {
		over := r.value() > max
		if wholeCases {
			over = float64(r.n) > math.Ceil(max*float64(r.of))
		}
		if r.of > 0 && over {
			t.Errorf("%s: %s %v, want ≤ %.0f%%", split, name, r, 100*max)
		}
	}
	atLeast := func(name string, r rate, min float64) {
		if r.of > 0 && r.value() < min {
			t.Errorf("%s: %s %v, want ≥ %.0f%%", split, name, r, 100*min)
		}
	}
	atMost("quickstart: finished turns sent back", h.quickDone, 0.01)
	atMost("quickstart: turns asking the user sent back", h.quickAsk, 0.01)
	atMost("autopilot: finished turns sent back", h.autoDone, 0.01)
	atMost("autopilot: decisions answered itself", h.autoDecision, 0.02)
	atLeast("autopilot: permission asks answered", h.autoPermission, 0.85)
	atLeast("turns ending on a failure caught", h.errRecall, 0.80)
	atMost("failed midway and fixed, sent back", h.fixedSentBack, 0.02)
	atLeast("question class precision (message alone)", rate{h.questionTP, h.questionTP + h.questionFP}, 0.90)
	atLeast("question class recall (message alone)", rate{h.questionTP, h.questionTP + h.questionFN}, 0.90)
	atLeast("ErrorRetry precision on error messages (message alone)", rate{h.errMsgTP, h.errMsgTP + h.errMsgFP}, 0.90)
	atLeast("ErrorRetry recall on error messages (message alone)", rate{h.errMsgTP, h.errMsgTP + h.errMsgFN}, 0.80)
}

// messageResults judges the final messages of testdata/labelled.jsonl
// alone (they come without transcripts) and returns them as results of
// the turn set: they add questions and error reports of more agents.
// Notes written mid-turn are left out; "blind" parts count as training
// data, since the rules have been fitted to them since.
func messageResults(t *testing.T) []turnResult {
	samples, _ := loadSamples(t)
	var out []turnResult
	for _, s := range samples {
		if s.Split == "midturn" {
			continue
		}
		c := turnCase{ID: s.ID, Split: "train", Agent: s.Src, Variant: "message"}
		if s.Split == "holdout" {
			c.Split = "holdout"
		}
		switch s.Label {
		case "permission", "decision":
			c.Label, c.Kind = "question", s.Label
		case "error":
			c.Label, c.Kind = "error", "failed"
		default:
			c.Label = "done"
		}
		v := judge.Classify(s.Text)
		out = append(out, turnResult{c: c, v: v, msg: v, final: s.Text})
	}
	return out
}
