package triage

import (
	"slices"
	"testing"

	"github.com/stophook/stophook/transcript"
)

// TestScoreEnvironmentFacts checks that a failure the agent puts down to
// the machine, right after the failed call, is a CONSTRAINT, and that the
// same words without a failure, a failure blamed on the code, or words
// written later in the turn are not.
func TestScoreEnvironmentFacts(t *testing.T) {
	t.Parallel()
	s := mustScorer(t, Options{})
	call := transcript.Message{Role: "assistant", ToolUses: []transcript.ToolUse{{ID: "t1", Name: "Bash"}}}
	failed := transcript.Message{Role: "user", ToolResults: []transcript.ToolResult{{ToolUseID: "t1", Text: "Exit code 49", IsError: true}}}
	ok := transcript.Message{Role: "user", ToolResults: []transcript.ToolResult{{ToolUseID: "t1", Text: "3 passed"}}}
	tests := []struct {
		name string
		msgs []transcript.Message
		want []string
	}{
		{"stub", []transcript.Message{user("compute the correlations"), call, failed, assistant("Python isn't actually installed here (the WindowsApps entry is a stub). I'll use Node."), assistant("Spearman 0.22.")}, []string{"CONSTRAINT"}},
		{"state between calls", []transcript.Message{user("compute the correlations"), call, failed, assistant("Shell state doesn't persist between calls, so I'll rebuild the data in one script."), assistant("Done.")}, []string{"CONSTRAINT"}},
		{"sandbox", []transcript.Message{user("run the tests"), call, failed, assistant("The LiveView runs in a separate process that can't access the test sandbox. I need to use auto mode."), assistant("All green.")}, []string{"CONSTRAINT"}},
		{"no failure", []transcript.Message{user("compute the correlations"), call, ok, assistant("Python isn't installed on PATH, so I used Node."), assistant("Done.")}, nil},
		{"blamed on the code", []transcript.Message{user("run the tests"), call, failed, assistant("The test fails because parseDate drops the zone. Fixing it."), assistant("Fixed.")}, nil},
		{"later in the turn", []transcript.Message{user("run the tests"), call, failed, assistant("The parser drops the zone; fixing it."), assistant("By the way, the shell state doesn't persist between calls.")}, nil},
		{"asked, not stated", []transcript.Message{user("run the tests"), call, failed, assistant("Is node not installed on PATH?"), assistant("Done.")}, nil},
	}
	for _, tc := range tests {
		res := s.score(tc.msgs)
		if got := cats(res); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v (findings %+v)", tc.name, got, tc.want, res.Findings)
		}
	}
}
