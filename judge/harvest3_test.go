package judge_test

import (
	"strings"
	"sync"
	"testing"
)

// The third harvested set (testdata/harvest3.jsonl, ids "hv3-…", session
// 9): real sentences chosen and labelled as in harvest.jsonl, from
// repositories whose sentences no error set had read (entireio/entire-sem
// and teslamint/entirecontext, labelled for questions as wide8 but never
// read for errors, and five small ones no set had used), labelled and
// committed before any rule changed. entire-sem is split by session into
// "hv3-train" (read case by case to write rules) and "hv3-holdout"; the
// other repositories are "hv3-other", held out whole. "hv3-train2" holds
// more training sentences: mid-turn lines of harvest-train's repositories
// that no set had read. Held-out misjudged
// sentences are printed only with JUDGE_SHOW_HOLDOUT=1. See
// testdata/README.md, "Third harvest".
var harvest3Set = sync.OnceValues(func() ([]harvested, error) { return readHarvest("harvest3.jsonl") })

// harvest3Bounds hold the third harvest at the figures measured, with the
// corpus (true) and with the shipped sentences alone (false): precision and
// recall at least, other sentences sent back at most. Measured blind, with
// session 8's rules, before any rule changed (with the corpus):
// hv3-train P 1.00 R 0.60 (3/5, 0 of 207 other sentences sent back),
// hv3-holdout P 0.33 R 0.14 (2/14, 4/171), hv3-other P 1.00 R 1.00 (1/1,
// 0/87). hv3-train2, mid-turn lines of the harvest-train repositories
// that no set had read, in two draws, each labelled after the rules
// before it and measured with them before any further change: the first
// P 1.00 R 0.40 (4/10, 0/172), the second (after the rules the first led
// to) P 0.50 R 0.10 (1/10, 1/168); both together then P 0.88 R 0.35
// (7/20, 1/340). After the rules written from both training parts, the
// held-out parts measured once at the end: hv3-train 1.00 / 1.00 (5/5),
// hv3-train2 1.00 / 0.75 (15/20, 0/340); hv3-holdout P 0.33 R 0.14 (2/14,
// 4/171) and hv3-other 1/1 (0/87), unchanged from blind: the rules did not
// carry over. Shipped sentences alone: hv3-train2 1.00 / 0.60 (3/5, 0/62),
// the held-out parts as with the corpus. Session 10's rules (see
// harvest4Bounds): hv3-train2 16/20 (one removal still used), hv3-holdout
// 3/171 sent back (a denied noun phrase). See testdata/README.md, "Third
// harvest".
var harvest3Bounds = map[bool]map[string]harvestBound{
	true: {
		"hv3-train":   {precision: 1.00, recall: 1.00, doneSent: 0},
		"hv3-train2":  {precision: 1.00, recall: 0.80, doneSent: 0},
		"hv3-holdout": {precision: 0.40, recall: 0.14, doneSent: 3},
		"hv3-other":   {precision: 1.00, recall: 1.00, doneSent: 0},
	},
	false: {
		"hv3-train":   {precision: 1.00, recall: 1.00, doneSent: 0},
		"hv3-train2":  {precision: 1.00, recall: 0.60, doneSent: 0},
		"hv3-holdout": {precision: 0.40, recall: 0.14, doneSent: 3},
		"hv3-other":   {precision: 1.00, recall: 1.00, doneSent: 0},
	},
}

// TestHarvested3Set measures Classify, the message alone, on the third
// harvested set and holds it at harvest3Bounds.
func TestHarvested3Set(t *testing.T) {
	checkHarvest(t, "third harvest", harvest3Set, harvest3Bounds, []string{"hv3-train", "hv3-train2", "hv3-holdout", "hv3-other"}, func(split string) bool { return strings.HasPrefix(split, "hv3-train") })
}
