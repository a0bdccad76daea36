package judge_test

import (
	"bufio"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stophook/stophook/judge"
	"github.com/stophook/stophook/transcript"
)

// The harvested set of session 7 (testdata/harvest.jsonl, ids "hv-…"):
// real sentences from real agents' messages, in their own wording, each
// labelled by reading it: a statement that an outcome failed or is left
// broken (error), a claim that a check passed (claim, with the check's
// family), or neither (done: failure words as a topic, in a diagnosis, a
// design, a hypothetical, an explained or fixed failure; success words in a
// list of finished steps). See testdata/README.md, "Harvested sentences".
// Sentences of repositories whose licence lets them ship carry their text;
// the others a reference into $STOPHOOK_JUDGE_CORPUS (the transcript, the
// SHA-1 of the line and the byte span of the sentence in it).

// harvested is one line of testdata/harvest.jsonl.
type harvested struct {
	ID    string `json:"id"`
	Split string `json:"split"` // harvest-train or harvest-holdout (by repository)
	Label string `json:"label"` // error, claim or done
	// Family is the check a claim or a statement of failure names (test,
	// build, lint, push, ci, deploy, commit), if it names one.
	Family  string `json:"family"`
	Where   string `json:"where"`
	Repo    string `json:"repo"`
	Licence string `json:"licence"`
	Text    string `json:"text"`
	Corpus  string `json:"corpus"`
	LineSha string `json:"line_sha"`
	Span    [2]int `json:"span"`
	// Asks marks a sentence with a question mark: the rewritten endings
	// leave it out (the turn would end on a question).
	Asks bool `json:"asks"`
	// Relabelled says why a label was changed after the blind measurement.
	Relabelled string `json:"relabelled"`
}

// harvestSet reads testdata/harvest.jsonl once and resolves the references
// it can; see loadHarvest.
var harvestSet = sync.OnceValues(func() ([]harvested, error) { return readHarvest("harvest.jsonl") })

// readHarvest reads a set of harvested sentences in testdata and resolves
// the references it can.
func readHarvest(name string) ([]harvested, error) {
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []harvested
	lines := map[string]map[string]string{} // corpus file → line sha → line
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		var h harvested
		if err := json.Unmarshal(sc.Bytes(), &h); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		switch h.Label {
		case "error", "claim", "done":
		default:
			return nil, fmt.Errorf("%s: unknown label %q", h.ID, h.Label)
		}
		if h.Text == "" && h.Corpus != "" {
			h.Text = harvestedText(lines, h)
		}
		out = append(out, h)
	}
	return out, sc.Err()
}

// harvestedText resolves a reference: the line of an assistant message of
// the corpus transcript whose SHA-1 starts with h.LineSha, cut to h.Span.
// It returns "" when the corpus is not at hand or the line is not found.
func harvestedText(cache map[string]map[string]string, h harvested) string {
	p, err := corpusPath(h.Corpus)
	if err != nil {
		return ""
	}
	byLine, ok := cache[h.Corpus]
	if !ok {
		byLine = map[string]string{}
		cache[h.Corpus] = byLine
		var texts []string
		msgs, err := transcript.Options{MaxBytes: 1 << 30}.Tail(p, 1<<20)
		if err == nil {
			for _, m := range msgs {
				if m.Role == transcript.RoleAssistant {
					texts = append(texts, m.Text)
				}
			}
		}
		if len(texts) == 0 {
			texts = openCodeAssistantTexts(p) // an OpenCode session export, which package transcript does not read
		}
		for _, text := range texts {
			for l := range strings.Lines(text) {
				l = strings.TrimSpace(l)
				s := sha1.Sum([]byte(l))
				byLine[hex.EncodeToString(s[:])[:12]] = l
			}
		}
	}
	l := byLine[h.LineSha]
	if l == "" || h.Span[0] < 0 || h.Span[1] > len(l) || h.Span[0] >= h.Span[1] {
		return ""
	}
	return l[h.Span[0]:h.Span[1]]
}

// openCodeAssistantTexts returns the text parts of the assistant messages
// of the OpenCode session export at path, nil when it is not one.
func openCodeAssistantTexts(path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var doc openCodeDoc
	if json.Unmarshal(data, &doc) != nil {
		return nil
	}
	var out []string
	for _, m := range doc.Messages {
		if m.Info.Role != "assistant" {
			continue
		}
		for _, part := range m.Parts {
			if part.Type == "text" {
				out = append(out, part.Text)
			}
		}
	}
	return out
}

// loadHarvest returns the harvested sentences and how many references
// could not be resolved (left out of the result).
func loadHarvest(t testing.TB) (out []harvested, missing int) {
	t.Helper()
	return resolvedHarvest(t, harvestSet)
}

// resolvedHarvest returns the sentences of set whose text is at hand and
// how many are not.
func resolvedHarvest(t testing.TB, set func() ([]harvested, error)) (out []harvested, missing int) {
	t.Helper()
	all, err := set()
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range all {
		if h.Text == "" {
			missing++
			continue
		}
		out = append(out, h)
	}
	return out, missing
}

// harvestText returns the text of harvested sentence id, "" when it is not
// at hand.
func harvestText(id string) string {
	all, _ := harvestSet()
	for _, h := range all {
		if h.ID == id {
			return h.Text
		}
	}
	return ""
}

// harvestFigures are the error class of the message alone on a part of the
// harvested set: a statement of failure is an error, a success claim and
// everything else are not (the message alone cannot see a claim is false).
type harvestFigures struct {
	tp, fp, fn  int
	claimsSent  rate // success claims the message alone sends back
	doneSent    rate // done sentences sent back
	errorsFound rate
}

func harvestFiguresOf(hs []harvested, split string, log func(string)) harvestFigures {
	var f harvestFigures
	for _, h := range hs {
		if h.Split != split {
			continue
		}
		v := judge.Classify(h.Text)
		got := v.Class == judge.Error
		switch h.Label {
		case "error":
			f.errorsFound.of++
			if got {
				f.tp++
				f.errorsFound.n++
			} else {
				f.fn++
				log(fmt.Sprintf("  %s %s missed: %q (%v)", split, h.ID, h.Text, v))
			}
		case "claim":
			f.claimsSent.of++
			if got {
				f.fp++
				f.claimsSent.n++
				log(fmt.Sprintf("  %s %s claim sent back: %q (%q)", split, h.ID, h.Text, v.Why))
			}
		default:
			f.doneSent.of++
			if got {
				f.fp++
				f.doneSent.n++
				log(fmt.Sprintf("  %s %s done sent back: %q (%q)", split, h.ID, h.Text, v.Why))
			}
		}
	}
	return f
}

func (f harvestFigures) String() string {
	return fmt.Sprintf("error class, message alone: P=%.2f R=%.2f (tp %d fp %d fn %d); done sentences sent back %v, success claims sent back %v",
		ratio(f.tp, f.tp+f.fp), ratio(f.tp, f.tp+f.fn), f.tp, f.fp, f.fn, f.doneSent, f.claimsSent)
}

// harvestBounds are the figures each part is held at, with the corpus
// (true) and with the shipped sentences alone (false): precision and
// recall at least, sentences that state no failure sent back at most.
// Measured blind with session 6's rules (with the corpus; shipped alone in
// brackets): harvest-train P 0.53 R 0.19 (8/42), 7/265 other sentences sent
// back; harvest-holdout P 0.80 R 0.21 (8/39), 2/244. After the rules fitted
// to harvest-train (P 0.95 R 0.90, 2/265), harvest-holdout measured at the
// end: P 0.81 R 0.64 (25/39), 6/244 (P 0.82 R 0.61, 3/141). See
// testdata/README.md, "Harvested sentences".
var harvestBounds = map[bool]map[string]harvestBound{
	true: {
		"harvest-train":   {precision: 0.94, recall: 0.88, doneSent: 2},
		"harvest-holdout": {precision: 0.80, recall: 0.63, doneSent: 6},
	},
	false: {
		"harvest-train":   {precision: 0.83, recall: 0.83, doneSent: 2},
		"harvest-holdout": {precision: 0.82, recall: 0.60, doneSent: 3},
	},
}

// TestHarvestedSet measures Classify, the message alone, on the harvested
// sentences. Misjudged training sentences are logged; held-out ones only
// with JUDGE_SHOW_HOLDOUT=1.
func TestHarvestedSet(t *testing.T) {
	checkHarvest(t, "first harvest", harvestSet, harvestBounds, []string{"harvest-train", "harvest-holdout"}, func(split string) bool { return split == "harvest-train" })
}

// checkHarvest measures Classify on the parts splits of a harvested set
// and holds each at bounds (with the corpus when every sentence is at
// hand, shipped sentences alone otherwise). Misjudged sentences of the
// parts trained reports true for are logged; others only with
// JUDGE_SHOW_HOLDOUT=1.
func checkHarvest(t *testing.T, name string, set func() ([]harvested, error), bounds map[bool]map[string]harvestBound, splits []string, trained func(split string) bool) {
	t.Helper()
	hs, missing := resolvedHarvest(t, set)
	if missing > 0 {
		t.Logf("%d sentences of the %s not at hand (set STOPHOOK_JUDGE_CORPUS); the shipped ones are measured", missing, name)
	}
	for _, split := range splits {
		show := trained(split) || os.Getenv("JUDGE_SHOW_HOLDOUT") == "1"
		f := harvestFiguresOf(hs, split, func(s string) {
			if show {
				t.Log(s)
			}
		})
		t.Logf("%s: %v", split, f)
		bounds[missing == 0][split].check(t, split, f)
	}
}

// allHeldOut reports no part as trained: every part is held out.
func allHeldOut(string) bool { return false }

// harvestBound is what a part of a harvested set is held at: precision and
// recall at least, sentences that state no failure sent back at most.
type harvestBound struct {
	precision, recall float64
	doneSent          int
}

func (b harvestBound) check(t *testing.T, split string, f harvestFigures) {
	t.Helper()
	if p := ratio(f.tp, f.tp+f.fp); p < b.precision {
		t.Errorf("%s: precision %.2f, want ≥ %.2f", split, p, b.precision)
	}
	if r := ratio(f.tp, f.tp+f.fn); r < b.recall {
		t.Errorf("%s: recall %.2f, want ≥ %.2f", split, r, b.recall)
	}
	if f.doneSent.n > b.doneSent {
		t.Errorf("%s: done sentences sent back %v, want at most %d", split, f.doneSent, b.doneSent)
	}
}
