package judge_test

import (
	"sync"
	"testing"
)

// The fourth harvested set (testdata/harvest4.jsonl, ids "hv4-…", session
// 10): real sentences chosen and labelled as in harvest.jsonl, labelled and
// committed before the judge ran on any, and only ever held out
// (misjudged sentences are printed only with JUDGE_SHOW_HOLDOUT=1).
// "hv4-train" is a training part (misjudged sentences logged); "hv4-new"
// holds every line with a failure word (and 60 of the lines with
// a success word) of eight repositories of the corpus that no error set had
// read; "hv4-unread" two draws of lines with a failure word that no set
// had read, from the repositories of the earlier sets' held-out parts
// (harvest-holdout, hv2-unread); "hv4-fresh" lines with a failure word of six
// repositories that reached the corpus during session 10. See testdata/README.md, "Fourth harvest".
var harvest4Set = sync.OnceValues(func() ([]harvested, error) { return readHarvest("harvest4.jsonl") })

// harvest4Bounds hold the fourth harvest, with the corpus (true) and with
// the shipped sentences alone (false): precision and recall at least,
// other sentences sent back at most. Measured blind, with session 9's
// rules, before any rule changed (with the corpus): hv4-new P 0.00 R 0.00
// (0/1, 1 of 317 other sentences sent back), hv4-unread P 0.31 R 0.11
// (4/36, 8/695 and 1 of 66 success claims); shipped alone hv4-new 0/17
// sent back (no failure shipped), hv4-unread P 0.30 R 0.16 (3/19, 7/383).
// hv4-fresh, lines of six repositories added to the corpus during session
// 10, labelled after the first two parts were measured: P 0.40 R 0.33
// (6/18, 9/384), shipped alone P 0.20 R 0.50 (1/2, 4/71). hv4-train, 300
// unread lines of the harvest-train repositories (a training part), blind:
// 0/5 caught, 0/269 sent back; after session 10's rules, written from it
// and the other training parts: 4/5 (shipped alone 2/2), 0/269. The held-out
// parts, measured once after those rules: unchanged. Session 11's rules
// (a failure the agent says it repaired, one a later sentence puts down to
// a key the human must replace), written from the corpus's final messages
// the message alone called errors: hv4-unread P 0.33 (4/36, 7/695; shipped
// alone 3/19, 6/383), the other parts unchanged.
// Issue 22's targets (P 0.90, R 0.80) are missed on both parts. See
// testdata/README.md, "Fourth harvest".
var harvest4Bounds = map[bool]map[string]harvestBound{
	true: {
		"hv4-train":  {precision: 1.00, recall: 0.80, doneSent: 0},
		"hv4-new":    {precision: 0.00, recall: 0.00, doneSent: 1},
		"hv4-unread": {precision: 0.33, recall: 0.11, doneSent: 7},
		"hv4-fresh":  {precision: 0.40, recall: 0.33, doneSent: 9},
	},
	false: {
		"hv4-train":  {precision: 1.00, recall: 1.00, doneSent: 0},
		"hv4-new":    {precision: 1.00, recall: 1.00, doneSent: 0},
		"hv4-unread": {precision: 0.33, recall: 0.15, doneSent: 6},
		"hv4-fresh":  {precision: 0.20, recall: 0.50, doneSent: 4},
	},
}

// TestHarvested4Set measures Classify, the message alone, on the fourth
// harvested set and holds it at harvest4Bounds.
func TestHarvested4Set(t *testing.T) {
	checkHarvest(t, "fourth harvest", harvest4Set, harvest4Bounds, []string{"hv4-train", "hv4-new", "hv4-unread", "hv4-fresh"}, func(split string) bool { return split == "hv4-train" })
}
