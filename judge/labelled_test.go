package judge_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stophook/stophook/judge"
)

// sample is one labelled final message of testdata/labelled.jsonl.
// Messages from real Claude Code transcripts, which are kept outside the
// repository, are stored as a reference (Src and UUID) and read from the
// transcripts at test time; other messages carry their Text.
type sample struct {
	ID string `json:"id"`
	// Split is "tune" (the rules were fitted to these), "holdout" (set
	// aside by a hash before tuning) or "blind" (collected and labelled
	// after tuning, then measured once).
	Split string `json:"split"`
	Label string `json:"label"`
	Tag   string `json:"tag"` // "real" or "written"
	Src   string `json:"src"`
	UUID  string `json:"uuid"`
	Text  string `json:"text"`
}

// transcriptsDir is where the shared real transcripts live: beside the
// repository, or where STOPHOOK_TRANSCRIPTS points.
func transcriptsDir() string {
	if d := os.Getenv("STOPHOOK_TRANSCRIPTS"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared", "data", "transcripts")
}

// loadSamples reads the labelled set, resolving transcript references. It
// returns how many references could not be resolved.
func loadSamples(t testing.TB) (samples []sample, missing int) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "labelled.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	texts := map[string]map[string]string{} // src → uuid → text
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var s sample
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			t.Fatalf("labelled.jsonl: %v", err)
		}
		if !validLabel(s.Label) {
			t.Fatalf("%s: unknown label %q", s.ID, s.Label)
		}
		if s.UUID != "" {
			byUUID, ok := texts[s.Src]
			if !ok {
				byUUID = assistantTexts(filepath.Join(transcriptsDir(), strings.TrimPrefix(s.Src, "transcripts/")))
				texts[s.Src] = byUUID
			}
			if s.Text, ok = byUUID[s.UUID]; !ok {
				missing++
				continue
			}
		}
		samples = append(samples, s)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return samples, missing
}

// assistantTexts maps the uuid of each assistant record of a Claude Code
// transcript to its text blocks joined by newlines. A missing file gives
// an empty map.
func assistantTexts(path string) map[string]string {
	out := map[string]string{}
	f, err := os.Open(path)
	if err != nil {
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var rec struct {
			Type    string `json:"type"`
			UUID    string `json:"uuid"`
			Message struct {
				Content json.RawMessage `json:"content"`
			} `json:"message"`
		}
		if json.Unmarshal(sc.Bytes(), &rec) != nil || rec.Type != "assistant" || rec.UUID == "" {
			continue
		}
		var blocks []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		if json.Unmarshal(rec.Message.Content, &blocks) != nil {
			continue
		}
		var parts []string
		for _, b := range blocks {
			if b.Type == "text" {
				parts = append(parts, b.Text)
			}
		}
		if len(parts) > 0 {
			out[rec.UUID] = strings.Join(parts, "\n")
		}
	}
	return out
}

// scores holds the confusion counts of one part of the set.
type scores struct {
	n               int
	tp, fp, fn, sup map[string]int
}

func score(samples []sample, keep func(sample) bool) (scores, []string) {
	s := scores{tp: map[string]int{}, fp: map[string]int{}, fn: map[string]int{}, sup: map[string]int{}}
	var wrong []string
	for _, smp := range samples {
		if !keep(smp) {
			continue
		}
		want := smp.Label
		v := judge.Classify(smp.Text)
		got, why := labelOf(v), v.Why
		s.n++
		s.sup[want]++
		if got == want {
			s.tp[got]++
			continue
		}
		s.fp[got]++
		s.fn[want]++
		wrong = append(wrong, fmt.Sprintf("%s (%s, %s): got %v, want %v (%q)", smp.ID, smp.Tag, smp.Src, got, want, why))
	}
	return s, wrong
}

func (s scores) precision(c string) float64 { return ratio(s.tp[c], s.tp[c]+s.fp[c]) }
func (s scores) recall(c string) float64    { return ratio(s.tp[c], s.tp[c]+s.fn[c]) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

func (s scores) table() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d messages\n", s.n)
	for _, c := range labels {
		fmt.Fprintf(&b, "  %-10s n=%3d  P=%.2f (%d/%d)  R=%.2f (%d/%d)\n", c, s.sup[c],
			s.precision(c), s.tp[c], s.tp[c]+s.fp[c], s.recall(c), s.tp[c], s.sup[c])
	}
	return b.String()
}

// floors are the precision and recall Classify must reach on each part of
// the labelled set. Permission precision matters most: a false permission
// makes the agent go on with "Yes, go ahead." when nobody asked.
var floors = map[string]map[string][2]float64{ // split → class → {P, R}
	"tune": {
		"permission": {0.95, 0.9},
		"decision":   {0.9, 0.9},
		"error":      {0.85, 0.8},
		"done":       {0.95, 0.95},
	},
	"holdout": {
		"permission": {0.9, 0.8},
		"decision":   {0.85, 0.85},
		"error":      {0.6, 0.6},
		"done":       {0.9, 0.9},
	},
}

// storedFloors apply when the shared transcripts are not at hand (as in CI
// on a fresh clone): only the messages stored in testdata are scored, and
// the floors are those of that smaller set, so the test can still fail.
var storedFloors = map[string]map[string][2]float64{
	"tune": {
		"permission": {0.95, 0.9},
		"decision":   {0.9, 0.9},
		"error":      {0.9, 0.9},
		"done":       {0.85, 0.95},
	},
	"holdout": {
		"permission": {0.9, 0.9},
		"decision":   {0.9, 0.9},
		"error":      {0.9, 0.9},
		"done":       {0.9, 0.9},
	},
}

// TestLabelledSet measures Classify on the labelled set of final messages
// and checks the floors. Misclassified messages of the tuning part are
// logged; those of the held-out part only with JUDGE_SHOW_HOLDOUT=1, so
// that the held-out figures stay a measure of messages the rules were not
// fitted to.
func TestLabelledSet(t *testing.T) {
	samples, missing := loadSamples(t)
	limits := floors
	if missing > 0 {
		limits = storedFloors
		t.Logf("%d real messages not found: the Claude Code transcripts are not at %s (set STOPHOOK_TRANSCRIPTS); the stored messages are checked against their own floors", missing, transcriptsDir())
	}
	for _, split := range []string{"tune", "holdout", "blind", "blind2", "blind3", "blind4"} {
		s, wrong := score(samples, func(smp sample) bool { return smp.Split == split })
		t.Logf("%s: %s", split, s.table())
		if split == "tune" || os.Getenv("JUDGE_SHOW_HOLDOUT") == "1" {
			for _, w := range wrong {
				t.Logf("  %s", w)
			}
		}
		for c, f := range limits[split] {
			if p := s.precision(c); p < f[0] {
				t.Errorf("%s %v: precision %.2f, want ≥ %.2f", split, c, p, f[0])
			}
			if r := s.recall(c); r < f[1] {
				t.Errorf("%s %v: recall %.2f, want ≥ %.2f", split, c, r, f[1])
			}
		}
	}
	// Notes written mid-turn are no turn end: they are left out here too.
	real, _ := score(samples, func(smp sample) bool { return smp.Tag == "real" && smp.Split != "midturn" })
	t.Logf("real turn-end messages only: %s", real.table())

	// The keyword heuristic (judge.Keywords), on the same messages, for comparison.
	var tp, fp, fn int
	for _, smp := range samples {
		want := smp.Label == "error"
		switch got := (judge.Keywords{}).Match(smp.Text); {
		case got && want:
			tp++
		case got:
			fp++
		case want:
			fn++
		}
	}
	t.Logf("judge.Keywords as an error detector on all %d messages: P=%.2f (%d/%d) R=%.2f (%d/%d)",
		len(samples), ratio(tp, tp+fp), tp, tp+fp, ratio(tp, tp+fn), tp, tp+fn)
}

// labels are the labels of the message set.
var labels = []string{"done", "error", "permission", "decision"}

func validLabel(l string) bool {
	for _, x := range labels {
		if x == l {
			return true
		}
	}
	return false
}

// labelOf names a verdict as the message set labels it: a question by its
// kind, otherwise by its class.
func labelOf(v judge.Verdict) string {
	if v.Class == judge.Question {
		return v.Kind.String()
	}
	return v.Class.String()
}
