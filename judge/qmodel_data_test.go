package judge_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// trainingTurn is a labelled final message of a training split, as the
// question model learns from it: the text a Stop hook receives, its label
// and the repository it comes from (the group of leave-one-repository-out
// cross-validation).
type trainingTurn struct {
	ID    string `json:"id"`
	Split string `json:"split"`
	Label string `json:"label"` // "done", "error" or "question"
	Kind  string `json:"kind"`  // "permission" or "decision" for a question
	Group string `json:"group"` // the source repository
	Text  string `json:"text"`
}

// heldOutSplit reports whether split is a held-out half: never read for
// training, only measured as totals by TestTurnTargets.
func heldOutSplit(split string) bool { return strings.Contains(split, "holdout") }

// trainingTurns rebuilds the final messages of the training splits of
// testdata/turns.jsonl as TestTurnTargets does (the transcript cut at the
// turn's end) and adds the training messages of testdata/labelled.jsonl.
// Rewritten endings (written failure messages) are left out, and so are
// the cases whose session is not at hand; it returns how many were.
func trainingTurns(t *testing.T) (out []trainingTurn, skipped int) {
	t.Helper()
	var cases []turnCase
	for _, c := range loadTurnCases(t) {
		if c.Split == "" || heldOutSplit(c.Split) || c.Base != "" || c.FinalOf != "" {
			continue
		}
		cases = append(cases, c)
	}
	for _, r := range judgeTurns(t, cases) {
		if r.skipped != "" {
			skipped++
			continue
		}
		out = append(out, trainingTurn{ID: r.c.ID, Split: r.c.Split, Label: r.c.Label, Kind: r.c.Kind, Group: repoOf(r.c.Src), Text: r.final})
	}
	samples, missing := loadSamples(t)
	skipped += missing
	for _, s := range samples {
		if s.Split == "midturn" || heldOutSplit(s.Split) {
			continue
		}
		tt := trainingTurn{ID: s.ID, Split: "labelled-" + s.Split, Group: repoOf(s.Src), Text: s.Text}
		switch s.Label {
		case "permission", "decision":
			tt.Label, tt.Kind = "question", s.Label
		case "error":
			tt.Label = "error"
		default:
			tt.Label = "done"
		}
		out = append(out, tt)
	}
	return out, skipped
}

// repoOf names the repository of a case's source: "owner/name" of
// "owner/name@commit …", the directory of a shared transcript
// ("transcripts/spotter/…"), or the source itself.
func repoOf(src string) string {
	if i := strings.IndexByte(src, '@'); i > 0 && !strings.ContainsAny(src[:i], " ") {
		return src[:i]
	}
	if strings.HasPrefix(src, "transcripts/") {
		parts := strings.SplitN(src, "/", 3)
		if len(parts) >= 2 {
			return parts[0] + "/" + parts[1]
		}
	}
	if i := strings.IndexAny(src, " ("); i > 0 {
		return src[:i]
	}
	return src
}

// TestDumpTrainingTurns writes the training turns to the file
// STOPHOOK_QMODEL_DUMP names, one JSON object a line, for studies of the
// question model outside the tests (cross-validation). Skipped unless
// both it and STOPHOOK_JUDGE_CORPUS are set; the file holds transcript
// text and must stay outside the repository.
func TestDumpTrainingTurns(t *testing.T) {
	path := os.Getenv("STOPHOOK_QMODEL_DUMP")
	if path == "" || os.Getenv("STOPHOOK_JUDGE_CORPUS") == "" {
		t.Skip("STOPHOOK_QMODEL_DUMP and STOPHOOK_JUDGE_CORPUS not set")
	}
	turns, skipped := trainingTurns(t)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	enc := json.NewEncoder(f)
	for _, tt := range turns {
		if err := enc.Encode(tt); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d training turns written, %d skipped", len(turns), skipped)
}
