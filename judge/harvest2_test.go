package judge_test

import (
	"sync"
	"testing"
)

// The second harvested set (testdata/harvest2.jsonl, ids "hv2-…", session
// 8): real sentences chosen and labelled as in harvest.jsonl, from
// repositories whose sentences no rule was written from, labelled and
// committed before any rule changed and measured blind once. It is only
// ever held out: misjudged sentences are not printed unless
// JUDGE_SHOW_HOLDOUT=1. "hv2-fresh" holds two repositories this project
// had not used before this session (MandavkarPranjal/prsui: OpenCode and Pi;
// computermode/test-repo: Claude Code, Gemini CLI, Copilot CLI, Cursor,
// Droid, Kiro, Pi); "hv2-unread" the repositories whose turns were labelled
// for questions (the wide4–wide6 splits and a few others) but whose
// sentences were never read for errors. See testdata/README.md, "Second
// harvest".
var harvest2Set = sync.OnceValues(func() ([]harvested, error) { return readHarvest("harvest2.jsonl") })

// harvest2Bounds hold the second harvest at the figures measured once
// after session 8's rules, with the corpus (true) and with the shipped
// sentences alone (false): precision and recall at least, other sentences
// sent back at most. Measured blind, before any rule changed (with the
// corpus): hv2-fresh P 0.00 R 0.00 (0/8, 1 of 78 other sentences sent
// back), hv2-unread P 0.33 R 0.25 (2/8, 4/353). After (once, at the end):
// hv2-fresh P 0.88 R 0.88 (7/8, 1/78), hv2-unread P 0.50 R 0.50 (4/8,
// 4/353); shipped alone P 0.86 R 0.86 (6/7, 1/63) and P 0.50 R 1.00 (2/2,
// 2/89). Issue 22's targets (P 0.90, R 0.80) are missed on hv2-unread and,
// by one sentence, on the precision of hv2-fresh. See testdata/README.md,
// "Second harvest".
var harvest2Bounds = map[bool]map[string]harvestBound{
	true: {
		"hv2-fresh":  {precision: 0.87, recall: 0.87, doneSent: 1},
		"hv2-unread": {precision: 0.50, recall: 0.50, doneSent: 4},
	},
	false: {
		"hv2-fresh":  {precision: 0.85, recall: 0.85, doneSent: 1},
		"hv2-unread": {precision: 0.50, recall: 1.00, doneSent: 2},
	},
}

// TestHarvested2Set measures Classify, the message alone, on the second
// harvested set and holds it at harvest2Bounds.
func TestHarvested2Set(t *testing.T) {
	checkHarvest(t, "second harvest", harvest2Set, harvest2Bounds, []string{"hv2-fresh", "hv2-unread"}, allHeldOut)
}
