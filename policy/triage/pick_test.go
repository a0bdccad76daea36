package triage

import (
	"slices"
	"testing"

	"github.com/stophook/stophook/transcript"
)

// TestReadPick checks which prompts name one of the options offered.
func TestReadPick(t *testing.T) {
	t.Parallel()
	picks := []string{
		"option 3",
		"Option B, and keep the old flag",
		"go with 2",
		"C but that's way too many words in the feedback",
		"B",
		"2.",
		"all twelve",
		"both",
		"the second one",
		"let's go with approach A",
	}
	for _, p := range picks {
		if readPick(p) == "" {
			t.Errorf("%q: not read as a pick", p)
		}
	}
	others := []string{
		"all good",
		"a few more changes to the header",
		"1 more thing: rename the flag",
		"I think the second half of the file is wrong",
		"both tests fail on main",
		"options are fine, ship it",
		"",
	}
	for _, p := range others {
		if got := readPick(p); got != "" {
			t.Errorf("%q: read as the pick %q", p, got)
		}
	}
}

// TestScorePick checks that a prompt naming an option is a decision once
// the reply goes ahead with it, and not when the reply pushes back.
func TestScorePick(t *testing.T) {
	t.Parallel()
	s := mustScorer(t, Options{})
	tests := []struct {
		name   string
		prompt string
		reply  transcript.Message
		want   []string
	}{
		{"taken on", "option 3", assistant("Building it: the text output keeps the activity fresh."), []string{"DECISION"}},
		{"with a qualification", "C but shorter", assistant("Here are shorter lines for the tutorial."), []string{"DECISION"}},
		{"pushed back", "option 3", assistant("Hmm, option 3 breaks the stall detection; I'd go with 2."), nil},
		{"not a pick", "ok do it", assistant("Starting Phase 5: the welcome email."), nil},
	}
	for _, tc := range tests {
		res := s.score([]transcript.Message{user(tc.prompt), tc.reply})
		if got := cats(res); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v (findings %+v)", tc.name, got, tc.want, res.Findings)
		}
	}
}
