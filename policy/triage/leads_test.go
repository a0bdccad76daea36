package triage

import (
	"path/filepath"
	"testing"

	"github.com/stophook/stophook/transcript"
)

// checkLeads fails when the lead index disagrees with a default cue's
// regexp on sentence: a match it marked impossible, or a literal match it
// reported where the regexp does not match.
func checkLeads(t *testing.T, s *Scorer, sentence string) {
	t.Helper()
	lower := lowerASCII(sentence, nil)
	marks := make([]mark, s.ncues)
	s.possible(lower, tokenStarts(lower, nil), marks)
	for _, r := range s.rules {
		for i, c := range r.Cues {
			m, re := marks[r.base+i], r.cues[i].MatchString(sentence)
			if re && m == none {
				t.Fatalf("cue %q matches %q but its leads %q were not found", c.Pattern, sentence, leadsFor(s, r.base+i))
			}
			if !re && m == matched {
				t.Fatalf("cue %q does not match %q but the index says it does (leads %q)", c.Pattern, sentence, leadsFor(s, r.base+i))
			}
		}
	}
}

func leadsFor(s *Scorer, id int) []string {
	var out []string
	add := func(es []leadEntry) {
		for _, e := range es {
			if e.id == id {
				out = append(out, e.lead)
			}
		}
	}
	for _, es := range s.words {
		add(es)
	}
	for _, es := range s.index1 {
		add(es)
	}
	for _, es := range s.index2 {
		add(es)
	}
	return out
}

func TestLeadsNeverHideAMatch(t *testing.T) {
	t.Parallel()
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "corpus", "*.jsonl"))
	for _, f := range files {
		msgs, err := transcript.Tail(f, 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			texts := []string{m.Text}
			for _, r := range m.ToolResults {
				texts = append(texts, r.Text)
			}
			for _, text := range texts {
				for _, sp := range sentences(text, nil) {
					checkLeads(t, s, text[sp.start:sp.end])
				}
			}
		}
	}
	for _, sentence := range []string{
		"CHOSE X OVER Y", "Let's go with it", "I'll do it", "TODO", "Todo list", "read-only", "v1.22", "100 MB",
		"heads up: no", "so the thing", "the repo always uses tabs", "Intl.Segmenter isn't supported", "x_chose y",
		"0'workAround", "\u212Aludge", "po\u017Ftponed",
	} {
		checkLeads(t, s, sentence)
	}
}

func FuzzLeads(f *testing.F) {
	f.Add("Chose command-type hooks over prompt-type hooks for reliability.")
	f.Add("TODO: later; it's a hard-coded workaround")
	f.Add("the codebase ALWAYS wraps errors, per the convention")
	s, err := New(Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, sentence string) {
		if len(sentence) > 512 {
			return
		}
		checkLeads(t, s, sentence)
	})
}
