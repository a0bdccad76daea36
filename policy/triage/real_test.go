package triage

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stophook/stophook/transcript"
)

// realTurn is one labelled turn of testdata/real/turns.jsonl: a turn of a
// real agent session, from its prompt to its last reply, with the memories
// worth saving it holds. Turns of transcripts whose licence allows it carry
// their messages; the others are a reference into the shared transcripts
// kept beside the repository, read at test time.
type realTurn struct {
	ID      string         `json:"id"`
	Split   string         `json:"split"` // "tune" or "holdout", by a hash of the id, fixed before tuning
	Labels  []categoryName `json:"labels"`
	Source  string         `json:"source"`
	Licence string         `json:"licence"`
	Msgs    []realMessage  `json:"messages"`
	Ref     *realRef       `json:"ref"`
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
		if !slices.Contains([]string{"tune", "holdout", "unseen", "blind", "blind2", "blind3", "blind4-train", "blind4-holdout", "blind5", "blind6", "blind7", "blind8", "blind9", "blind10"}, rt.Split) || rt.Source == "" || rt.Licence == "" {
			t.Fatalf("%s: split %q, source %q, licence %q", rt.ID, rt.Split, rt.Source, rt.Licence)
		}
		for _, l := range rt.Labels {
			if !slices.Contains(allCategories, l) || l == catSessionSummary {
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
		if m.Sidechain || skipped(m) {
			continue
		}
		if startsTurn(m) {
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

func (c counts) recall() float64 { return float64(c.tp) / float64(max(c.tp+c.fn, 1)) }

// addTurn counts one turn by the policy's decision: sent back (blocked)
// with a memory is a true positive, without one a false alarm, and a turn
// with a memory let go a miss.
func (c *counts) addTurn(blocked, memory bool) {
	switch {
	case blocked && memory:
		c.tp++
	case blocked:
		c.fp++
	case memory:
		c.fn++
	}
}

// textCategories are the categories found in a turn's text (SESSION_SUMMARY
// comes from tool activity, not from what was written, and is not labelled).
func textCategories(res scoreResult) []categoryName {
	var got []categoryName
	for _, f := range res.Findings {
		if f.Category != catSessionSummary && !slices.Contains(got, f.Category) {
			got = append(got, f.Category)
		}
	}
	return got
}

// TestRealTurnsPrecisionRecall measures the default scorer on real turns
// (testdata/real/README.md says how the set was made and labelled), in two
// units:
//
//   - per turn, the policy's own decision: a turn with any finding is sent
//     back to save memories, one with none may stop. A turn labelled with
//     any memory is a positive. This is the unit that matters to a user.
//   - per (turn, category) pair: whether the block reason names the right
//     kinds of memory.
//
// Splits: "tune" (cues fitted to it), "holdout" (agentv turns labelled
// blind and measured once in wave 2, then read for the label audit and
// seen while the scorer was changed in wave 3: no longer unseen), "unseen"
// (15 turns of another project, labelled before scoring; read from the
// shared transcripts, skipped when they are absent; seen once before the
// changes stopped) and "blind" (39 turns of a third project, sampled at
// random, labelled before scoring and measured after the changes stopped).
//
// The floors are the figures measured, rounded down: they fail the test
// when the scorer gets worse, and they are stated in the README and in
// docs/memory-triage.md. "blind2" (48 more turns of the third project,
// drawn at random and labelled before any scorer ran on them, wave 4) was
// measured with the scorer of wave 3 and again after the first changes of
// wave 4; its misses were then read to write more cues, so it is no longer
// blind. "blind3" (33 turns of three other projects, labelled before any
// scorer ran on them, after the wave 4 changes were written; 32 of them
// are read from STOPHOOK_TRANSCRIPTS, so it is checked only where those
// transcripts are) was measured once: 0.600 / 0.273 per turn, the same as
// the scorer of wave 3; its misses were then read to write the last cues
// (a short prompt the reply takes as the user's call, loose ends), so it
// is no longer blind either. "blind4-train" and "blind4-holdout" (wave 5:
// 66 turns of four more projects, split by project, labelled before any
// scorer ran on them) were measured once with the scorer of wave 4; the
// scorer was then changed for precision on the other splits and
// blind4-train only (heavy activity alone no longer sends back; a named
// root cause, or "the fix is complete", is no lesson on its own), and
// blind4-holdout, never read case by case, measured once more at the end.
// "blind5" (wave 6: 49 turns of eight more projects, Claude Code, Copilot
// and Codex sessions, labelled before any scorer ran on them) is held out
// as a whole: measured once before the changes of wave 6 (a prompt that
// names an offered option, the answer to the agent's question tool) and
// after them (twice: the last change moved no figure). "blind6" (wave 7:
// 57 turns of five more projects, Claude Code) is held out the same way;
// blind5 is a tuning split since wave 7. "blind7" (wave 8: 39 turns of five
// more projects, Claude Code and Codex) is held out the same way, and so is
// "blind9" (session 10: 30 turns of six more projects, Claude Code, Codex
// and Gemini CLI) and "blind10" (session 10, drawn after the grounding
// change: 35 turns of seven more projects). Issue 22's target (unseen turns: precision >= 0.95,
// recall >= 0.85) is NOT met.
func TestRealTurnsPrecisionRecall(t *testing.T) {
	turns, msgs, missing := loadReal(t)
	if missing > 0 {
		t.Logf("%d turns of shared transcripts not found (STOPHOOK_TRANSCRIPTS): their splits are not checked", missing)
	}
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	splits := []string{"tune", "holdout", "unseen", "blind", "blind2", "blind3", "blind4-train", "blind4-holdout", "blind5", "blind6", "blind7", "blind8", "blind9", "blind10"}
	pairs, byTurn, n := map[string]*counts{}, map[string]*counts{}, map[string]int{}
	incomplete := map[string]bool{}
	for _, sp := range splits {
		pairs[sp], byTurn[sp] = &counts{}, &counts{}
	}
	for _, rt := range turnsMissing(t, turns, missing) {
		incomplete[rt] = true
	}
	tuning := os.Getenv("STOPHOOK_TUNE") != "" // while tuning only the tune split is shown
	for i, rt := range turns {
		res := s.score(msgs[i])
		got := textCategories(res)
		// A held-out split's cases are never printed: reading them would
		// make it a tuning split (blind8's were, by this test, before this
		// line was written).
		show := testing.Verbose() && (!tuning || rt.Split == "tune") && !slices.Contains(heldOut, rt.Split)
		c := pairs[rt.Split]
		n[rt.Split]++
		for _, g := range got {
			if slices.Contains(rt.Labels, g) {
				c.tp++
				continue
			}
			c.fp++
			if show {
				t.Logf("%s %s: false %s: %q", rt.Split, rt.ID, g, findingText(res, g))
			}
		}
		for _, w := range rt.Labels {
			if !slices.Contains(got, w) {
				c.fn++
				if show {
					t.Logf("%s %s: missed %s", rt.Split, rt.ID, w)
				}
			}
		}
		byTurn[rt.Split].addTurn(len(res.Findings) > 0, len(rt.Labels) > 0)
	}
	if tuning {
		splits = splits[:1]
	}
	for _, sp := range splits {
		c, tc := pairs[sp], byTurn[sp]
		t.Logf("%-7s %3d turns: per turn tp=%d fp=%d fn=%d precision %.3f recall %.3f; per pair tp=%d fp=%d fn=%d precision %.3f recall %.3f",
			sp, n[sp], tc.tp, tc.fp, tc.fn, tc.precision(), tc.recall(), c.tp, c.fp, c.fn, c.precision(), c.recall())
	}
	// Floors: {turn precision, turn recall, pair precision, pair recall}.
	floors := map[string][4]float64{
		// Session 10 turned grounding on by default (grounded.go): a limit,
		// a lesson or a convention read from the agent's prose alone no
		// longer sent a turn back. Precision rose on the projects the cues
		// were not written from, recall fell everywhere (tune 0.963 0.531
		// 0.789 0.417, holdout 0.926 0.338 0.758 0.266, blind 1.000 0.130,
		// blind2 1.000 0.107; the five held-out splits pooled 0.692 / 0.290
		// per turn). Session 11 made it an option (Options.Grounded) and
		// restored this reading by default: issue 22 asks for recall too,
		// and its own figures come from labels like the two authors'.
		"tune":    {0.97, 0.85, 0.86, 0.69}, // measured 0.977 0.857 0.862 0.694 (111 turns)
		"holdout": {0.95, 0.55, 0.71, 0.39}, // measured 0.953 0.554 0.712 0.394 (125 turns)
		"unseen":  {0.66, 0.66, 0.50, 0.66}, // measured 0.667 0.667 0.500 0.667 (15 turns, read from STOPHOOK_TRANSCRIPTS)
		"blind":   {0.87, 0.60, 0.60, 0.48}, // measured 0.875 0.609 0.600 0.480 (39 turns)
		"blind2":  {1.00, 0.67, 0.67, 0.35}, // measured 1.000 0.679 0.679 0.358 (48 turns)
		"blind3":  {0.85, 0.54, 0.66, 0.34}, // measured 0.857 0.545 0.667 0.345 (33 turns, 32 read from STOPHOOK_TRANSCRIPTS)
		// Wave 5: four projects nobody here had read, labelled before any
		// scorer ran on them. Measured once, blind, with the scorer of wave
		// 4 (train 0.400 0.200 0.400 0.133, holdout 0.778 0.700 0.273
		// 0.214); the holdout was then measured at the end of each wave
		// (0.857 0.600 0.273 0.214 from wave 5 to session 9; 1.000 0.100
		// 0.000 0.000 with session 10's grounding).
		"blind4-train":   {0.60, 0.30, 0.66, 0.26}, // measured 0.600 0.300 0.667 0.267 (30 turns, all read from STOPHOOK_TRANSCRIPTS)
		"blind4-holdout": {0.85, 0.60, 0.27, 0.21}, // measured 0.857 0.600 0.273 0.214 (36 turns, 18 read from STOPHOOK_TRANSCRIPTS)
		// Wave 6: eight more projects (Claude Code, Copilot, Codex), labelled
		// and committed before any scorer ran on them, held out in wave 6.
		// Measured blind with the scorer of wave 5: 0.529 0.474 0.333 0.233.
		// A tuning split since wave 7.
		"blind5": {0.84, 0.57, 0.56, 0.30}, // measured 0.846 0.579 0.562 0.300 (49 turns, 26 read from STOPHOOK_TRANSCRIPTS)
		// Wave 7: five more projects (Claude Code), labelled and committed
		// before any scorer ran on them, held out as a whole. Measured once,
		// blind, with the scorer of wave 6: 0.615 0.364 0.467 0.250; at the
		// end of each wave since (session 10, grounded: 1.000 0.364 0.545
		// 0.214).
		"blind6": {0.69, 0.40, 0.43, 0.25}, // measured 0.692 0.409 0.438 0.250 (57 turns, all read from STOPHOOK_TRANSCRIPTS)
		// Wave 8: five more projects (Claude Code, Codex), session files no
		// labelled set had used, labelled and committed before any scorer ran
		// on them, held out as a whole. Measured once, blind, with the scorer
		// of wave 8's first change: 0.429 0.750 0.111 0.250; session 10,
		// grounded: 0.400 0.500 0.143 0.250.
		"blind7": {0.46, 0.75, 0.11, 0.25}, // measured 0.462 0.750 0.118 0.250 (39 turns, all read from STOPHOOK_TRANSCRIPTS)
		// Session 9: six more projects (Codex 25, Claude Code 10), measured
		// once, blind, with the scorer of session 8: 0.077 0.143 0.037 0.143;
		// a tuning split since (its cases were printed).
		"blind8": {0.16, 0.14, 0.12, 0.14}, // measured 0.167 0.143 0.125 0.143 (35 turns, all read from STOPHOOK_TRANSCRIPTS)
		// Session 10: six more projects (Claude Code 18, Codex 8, Gemini
		// CLI 4), labelled and committed before any scorer ran on them, held
		// out as a whole. Measured blind with the scorer of session 9:
		// 0.500 0.500 0.154 0.154 (4 found, 4 false alarms, 4 missed);
		// grounded, 0.667 0.500 0.200 0.154.
		"blind9": {0.50, 0.50, 0.15, 0.15}, // measured 0.500 0.500 0.154 0.154 (30 turns, all read from STOPHOOK_TRANSCRIPTS)
		// Session 10, after grounding: seven more projects (Claude Code,
		// Codex, Cursor, Copilot CLI), labelled and committed before any
		// scorer ran on them, held out as a whole. Measured once grounded
		// (1.000 0.071 1.000 0.048: 1 found, 13 missed) and once with the
		// scorer of session 9, which is this reading.
		"blind10": {0.55, 0.35, 0.36, 0.19}, // measured 0.556 0.357 0.364 0.190 (35 turns, all read from STOPHOOK_TRANSCRIPTS): 5 found, 4 false alarms, 9 missed
	}
	for _, sp := range splits {
		if incomplete[sp] {
			continue
		}
		c, tc, f := pairs[sp], byTurn[sp], floors[sp]
		if tc.precision() < f[0] || tc.recall() < f[1] || c.precision() < f[2] || c.recall() < f[3] {
			t.Errorf("%s: per turn precision %.3f recall %.3f, per pair precision %.3f recall %.3f; want at least %v",
				sp, tc.precision(), tc.recall(), c.precision(), c.recall(), f)
		}
	}
}

// turnsMissing returns the splits that have turns whose shared transcript
// was not found, read again from the labelled set.
func turnsMissing(t *testing.T, loaded []realTurn, missing int) []string {
	t.Helper()
	if missing == 0 {
		return nil
	}
	f, err := os.Open(filepath.Join("testdata", "real", "turns.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	have := map[string]bool{}
	for _, rt := range loaded {
		have[rt.ID] = true
	}
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var rt realTurn
		if json.Unmarshal(sc.Bytes(), &rt) == nil && !have[rt.ID] && !slices.Contains(out, rt.Split) {
			out = append(out, rt.Split)
		}
	}
	return out
}
