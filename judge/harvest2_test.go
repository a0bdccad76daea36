package judge_test

import (
	"os"
	"sync"
	"testing"
)

// The second harvested set (testdata/harvest2.jsonl, ids "hv2-…", session
// 8): real sentences chosen and labelled as in harvest.jsonl, from
// repositories whose sentences no rule was written from, labelled and
// committed before any rule changed and measured blind once. It is only
// ever held out: misjudged sentences are not printed unless
// JUDGE_SHOW_HOLDOUT=1. "hv2-fresh" holds two repositories this project
// had never used (MandavkarPranjal/prsui: OpenCode and Pi;
// computermode/test-repo: Claude Code, Gemini CLI, Copilot CLI, Cursor,
// Droid, Kiro, Pi); "hv2-unread" the repositories whose turns were labelled
// for questions (the wide4–wide6 splits and a few others) but whose
// sentences were never read for errors. See testdata/README.md, "Second
// harvest".
var harvest2Set = sync.OnceValues(func() ([]harvested, error) { return readHarvest("harvest2.jsonl") })

// TestHarvested2Set measures Classify, the message alone, on the second
// harvested set.
func TestHarvested2Set(t *testing.T) {
	hs, missing := resolvedHarvest(t, harvest2Set)
	if missing > 0 {
		t.Logf("%d sentences of the second harvest not at hand (set STOPHOOK_JUDGE_CORPUS); the shipped ones are measured", missing)
	}
	show := os.Getenv("JUDGE_SHOW_HOLDOUT") == "1"
	for _, split := range []string{"hv2-fresh", "hv2-unread"} {
		f := harvestFiguresOf(hs, split, func(s string) {
			if show {
				t.Log(s)
			}
		})
		t.Logf("%s: %v", split, f)
	}
}
