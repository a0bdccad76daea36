package triage_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stophook/stophook/policy/triage"
	"github.com/stophook/stophook/transcript"
)

// realTurn is one labelled turn of testdata/real/turns.jsonl: a turn of a
// real agent session, from its prompt to its last reply, with the memories
// worth saving it holds. Turns of transcripts whose licence allows it carry
// their messages; the others are a reference into the shared transcripts
// kept beside the repository, read at test time.
type realTurn struct {
	ID      string            `json:"id"`
	Split   string            `json:"split"` // "tune" or "holdout", by a hash of the id, fixed before tuning
	Labels  []triage.Category `json:"labels"`
	Source  string            `json:"source"`
	Licence string            `json:"licence"`
	Msgs    []realMessage     `json:"messages"`
	Ref     *realRef          `json:"ref"`
}

// realRef names a turn of a shared transcript: the file and the SHA-256
// (first 16 hex digits) of the prompt that starts the turn.
type realRef struct {
	File   string `json:"file"`
	Prompt string `json:"prompt_sha256"`
}

type realMessage struct {
	Role        string   `json:"role"`
	Text        string   `json:"text"`
	ToolUses    []string `json:"tool_uses"`
	ToolResults []struct {
		Text    string `json:"text"`
		IsError bool   `json:"is_error"`
	} `json:"tool_results"`
}

func (m realMessage) message() transcript.Message {
	out := transcript.Message{Role: m.Role, Text: m.Text}
	for _, u := range m.ToolUses {
		out.ToolUses = append(out.ToolUses, transcript.ToolUse{Name: u})
	}
	for _, r := range m.ToolResults {
		out.ToolResults = append(out.ToolResults, transcript.ToolResult{Text: r.Text, IsError: r.IsError})
	}
	return out
}

// sharedTranscripts is where the shared real transcripts live: beside the
// repository, or where STOPHOOK_TRANSCRIPTS points.
func sharedTranscripts() string {
	if d := os.Getenv("STOPHOOK_TRANSCRIPTS"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "..", "shared", "data", "transcripts")
}

// loadReal reads the labelled real turns with their messages. Turns whose
// shared transcript is missing are counted in missing, not returned.
func loadReal(t testing.TB) (turns []realTurn, msgs [][]transcript.Message, missing int) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "real", "turns.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	cache := map[string][][]transcript.Message{}
	for sc.Scan() {
		var rt realTurn
		if err := json.Unmarshal(sc.Bytes(), &rt); err != nil {
			t.Fatalf("turns.jsonl: %v", err)
		}
		if rt.Split != "tune" && rt.Split != "holdout" || rt.Source == "" || rt.Licence == "" {
			t.Fatalf("%s: split %q, source %q, licence %q", rt.ID, rt.Split, rt.Source, rt.Licence)
		}
		for _, l := range rt.Labels {
			if !slices.Contains(triage.Categories, l) || l == triage.SessionSummary {
				t.Fatalf("%s: label %q", rt.ID, l)
			}
		}
		var turn []transcript.Message
		if rt.Ref == nil {
			for _, m := range rt.Msgs {
				turn = append(turn, m.message())
			}
		} else {
			ts, ok := cache[rt.Ref.File]
			if !ok {
				ts = turnsOf(filepath.Join(sharedTranscripts(), rt.Ref.File))
				cache[rt.Ref.File] = ts
			}
			for _, c := range ts {
				if sum := sha256.Sum256([]byte(c[0].Text)); hex.EncodeToString(sum[:])[:16] == rt.Ref.Prompt {
					turn = c
					break
				}
			}
			if turn == nil {
				missing++
				continue
			}
		}
		turns = append(turns, rt)
		msgs = append(msgs, turn)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return turns, msgs, missing
}

// turnsOf splits a transcript into turns: each starts at a prompt the user
// typed. Subagents' and meta messages are left out, as the labeller saw it.
func turnsOf(path string) [][]transcript.Message {
	all, err := transcript.Options{}.Tail(path, 1<<30)
	if err != nil {
		return nil
	}
	var turns [][]transcript.Message
	for _, m := range all {
		if m.Sidechain || m.IsMeta {
			continue
		}
		if triage.StartsTurn(m) {
			turns = append(turns, nil)
		}
		if n := len(turns); n > 0 {
			turns[n-1] = append(turns[n-1], m)
		}
	}
	return turns
}

// counts are true positives, false positives and false negatives of
// (turn, category) pairs.
type counts struct{ tp, fp, fn int }

func (c counts) precision() float64 { return float64(c.tp) / float64(max(c.tp+c.fp, 1)) }
func (c counts) recall() float64    { return float64(c.tp) / float64(max(c.tp+c.fn, 1)) }

// textCategories are the categories found in a turn's text (SESSION_SUMMARY
// comes from tool activity, not from what was written, and is not labelled).
func textCategories(res triage.Result) []triage.Category {
	var got []triage.Category
	for _, f := range res.Findings {
		if f.Category != triage.SessionSummary && !slices.Contains(got, f.Category) {
			got = append(got, f.Category)
		}
	}
	return got
}

// TestRealTurnsPrecisionRecall measures the default scorer on real turns,
// per (turn, category) pair; SESSION_SUMMARY is not labelled.
//
// The set (testdata/real/README.md says how it was made): 236 turns of
// real sessions, each labelled by reading the whole turn — its prompt and
// every reply. "tune" (111 turns, 72 labels) is what the cues were fitted
// to. "holdout" (125 turns, 92 labels) was labelled before the scorer was
// run on it and measured once, after tuning stopped.
//
// Measured: tune precision 0.976, recall 0.569; held-out precision 0.579,
// recall 0.239 (turns with any memory: 0.806 / 0.347). The scorer of the
// previous release measured 0.538 / 0.076 on the same held-out turns.
// The target of issue 22 (held-out precision >= 0.95, recall >= 0.85) is
// NOT met: weighted cues do not generalise to unseen sessions; the floors
// below only guard against regressions.
func TestRealTurnsPrecisionRecall(t *testing.T) {
	turns, msgs, missing := loadReal(t)
	if missing > 0 {
		t.Logf("%d turns of shared transcripts not found (STOPHOOK_TRANSCRIPTS)", missing)
	}
	s, err := triage.New(triage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	bySplit := map[string]*counts{"tune": {}, "holdout": {}}
	turnsBy := map[string]*counts{"tune": {}, "holdout": {}} // a turn with any memory vs none
	n := map[string]int{}
	for i, rt := range turns {
		got := textCategories(s.Score(msgs[i]))
		c := bySplit[rt.Split]
		n[rt.Split]++
		for _, g := range got {
			if slices.Contains(rt.Labels, g) {
				c.tp++
			} else {
				c.fp++
				if testing.Verbose() && (rt.Split == "tune" || os.Getenv("STOPHOOK_TUNE") == "") {
					t.Logf("%s %s: false %s: %q", rt.Split, rt.ID, g, findingText(s.Score(msgs[i]), g))
				}
			}
		}
		for _, w := range rt.Labels {
			if !slices.Contains(got, w) {
				c.fn++
				if testing.Verbose() && (rt.Split == "tune" || os.Getenv("STOPHOOK_TUNE") == "") {
					t.Logf("%s %s: missed %s", rt.Split, rt.ID, w)
				}
			}
		}
		tc := turnsBy[rt.Split]
		switch {
		case len(got) > 0 && len(rt.Labels) > 0:
			tc.tp++
		case len(got) > 0:
			tc.fp++
		case len(rt.Labels) > 0:
			tc.fn++
		}
	}
	splits := []string{"tune", "holdout"}
	if os.Getenv("STOPHOOK_TUNE") != "" {
		splits = splits[:1] // while tuning the held-out figures stay unseen
	}
	for _, sp := range splits {
		c, tc := bySplit[sp], turnsBy[sp]
		t.Logf("%-7s %3d turns: pairs tp=%d fp=%d fn=%d precision %.3f recall %.3f; turns with a memory: precision %.3f recall %.3f",
			sp, n[sp], c.tp, c.fp, c.fn, c.precision(), c.recall(), tc.precision(), tc.recall())
	}
	if missing > 0 {
		return // the floors were measured with the shared transcripts
	}
	floors := map[string][2]float64{"tune": {0.95, 0.55}, "holdout": {0.55, 0.22}}
	for _, sp := range splits {
		c, f := bySplit[sp], floors[sp]
		if c.precision() < f[0] || c.recall() < f[1] {
			t.Errorf("%s: precision %.3f recall %.3f, want >= %.2f and >= %.2f", sp, c.precision(), c.recall(), f[0], f[1])
		}
	}
}
