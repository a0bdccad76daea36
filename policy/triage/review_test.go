package triage

import (
	"slices"
	"testing"

	"github.com/stophook/stophook/transcript"
)

// TestScoreReviewRequest checks that a turn asked to review a change keeps
// nothing of what it finds, while the same reply to another prompt does.
func TestScoreReviewRequest(t *testing.T) {
	t.Parallel()
	s := cueScorer(t)
	const reply = "Note that the API only accepts 100 requests per minute, a hard limit."
	for _, tc := range []struct {
		prompt string
		want   []string
	}{
		{"Review the current code changes (staged, unstaged, and untracked files) and provide prioritized findings.", nil},
		{"Re-review only the current staged diff after fixes. Return CLEAN if all prior findings are resolved.", nil},
		{"Independently verify only two follow-up corrections in the current uncommitted diff. Do not edit files.", nil},
		{"review this PR: https://github.com/o/r/pull/7369", nil},
		{"Review the code changes against the base branch 'main'.", nil},
		{"review the remote repo sync schema. I see people using the below", []string{"CONSTRAINT"}},
		{"review this proposal with Fable and have it fill in the gaps and report back.", []string{"CONSTRAINT"}},
		{"Fix the flaky test, then review what changed in the retry logic.", []string{"CONSTRAINT"}},
		{"Verify the deploy works with the new changes and fix anything broken.", []string{"CONSTRAINT"}},
	} {
		res := s.score([]transcript.Message{user(tc.prompt), assistant(reply)})
		if got := cats(res); !slices.Equal(got, tc.want) {
			t.Errorf("%q: got %v, want %v (findings %+v)", tc.prompt, got, tc.want, res.Findings)
		}
	}
}
