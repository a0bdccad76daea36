package judge_test

import (
	"sync"
	"testing"
)

// The fifth harvested set (testdata/harvest5.jsonl, ids "hv5-…", session
// 11): every distinct assistant line with a failure word (outside code
// fences and tables; mid-turn lines cut at "Let me", "I'll", "Now let
// me", "Let's" after a sentence's end, lines that start with them left
// out) of the three repositories of the corpus whose sentences no error
// set had read: ivoba/dotfiles and MandavkarPranjal/www (Pi; no licence
// stated: referenced) and preloopdev/preloop (Oh My Pi; MIT: text shipped),
// whose turn ends were labelled for questions as wide11. Labelled and
// committed before the judge ran on them, and only ever held out. See
// testdata/README.md, "Fifth harvest".
var harvest5Set = sync.OnceValues(func() ([]harvested, error) { return readHarvest("harvest5.jsonl") })

// harvest5Bounds hold the fifth harvest at the figures measured blind,
// with session 11's rules, with the corpus (true): P 0.25 R 0.05 (1/19, 3
// of 146 other sentences sent back); and with the shipped sentences alone
// (false): P 0.33 R 0.12 (1/8, 2/105). Most of its failures are terse
// mid-turn states of Pi sessions, in words no rule was written for.
var harvest5Bounds = map[bool]map[string]harvestBound{
	true: {
		"hv5-fresh": {precision: 0.25, recall: 0.05, doneSent: 3},
	},
	false: {
		"hv5-fresh": {precision: 0.33, recall: 0.12, doneSent: 2},
	},
}

// TestHarvested5Set measures Classify, the message alone, on the fifth
// harvested set and holds it at harvest5Bounds.
func TestHarvested5Set(t *testing.T) {
	checkHarvest(t, "fifth harvest", harvest5Set, harvest5Bounds, []string{"hv5-fresh"}, allHeldOut)
}
