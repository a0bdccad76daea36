package triage

import (
	"slices"
	"testing"

	"github.com/stophook/stophook/transcript"
)

// TestScoreAgentText checks that a plan Codex proposes in a
// <proposed_plan> block, which the user has not taken up, and a reply that
// is a JSON document a program asked for, are not read as the agent's
// account of the turn; the same words in prose are.
func TestScoreAgentText(t *testing.T) {
	t.Parallel()
	s := cueScorer(t)
	const limit = "Note that the API only accepts 100 requests per minute, a hard limit."
	tests := []struct {
		name  string
		reply string
		want  []string
	}{
		{"prose", limit, []string{"CONSTRAINT"}},
		{"proposed plan", "Here is the plan.\n<proposed_plan>\n# Plan\n" + limit + "\n</proposed_plan>", nil},
		{"a plan named in prose", "The <proposed_plan> tag is Codex's. " + limit, []string{"CONSTRAINT"}},
		{"JSON answer", `{"findings": [], "overall_explanation": "` + limit + `"}`, nil},
		{"JSON in a reply with prose", "Result:\n" + `{"findings": []}` + "\n" + limit, []string{"CONSTRAINT"}},
		{"braces that are not JSON", "{" + limit + "}", []string{"CONSTRAINT"}},
	}
	for _, tc := range tests {
		res := s.score([]transcript.Message{user("review the client"), assistant(tc.reply)})
		if got := cats(res); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v (findings %+v)", tc.name, got, tc.want, res.Findings)
		}
	}
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{`{"a":1}`, true}, {" [1, 2]\n", true}, {"{", false}, {"{not json}", false}, {"ok {\"a\":1}", false}, {"", false},
		{"```json\n[]\n```", true}, {"```\n{\"a\": 1}\n```\n", true}, {"```go\n{}\n```", false}, {"```json\n{\"a\": 1}", false},
		{"Empty diff: nothing changed.\n\n{\"verdict\":\"neutral\"}", true},
		{"Checked.\n\n```json\n{\"a\": 1}\n```", true},
		{"Two lines\nof prose.\n\n{\"a\": 1}", false},
		{"Intro.\n\n{\"a\": 1}\n\nAnd an account after it.", false},
	} {
		if got := machineAnswer(tc.in); got != tc.want {
			t.Errorf("machineAnswer(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestScoreProgramCall checks that a turn whose last reply is a machine
// answer is a program's call: its prompt (the program's input, a roadmap
// or a diff to assess) is no memory either, however it is worded.
func TestScoreProgramCall(t *testing.T) {
	t.Parallel()
	s := mustScorer(t, Options{})
	prompt := "Assess the change. We decided to use SQLite over Postgres because it needs no server. Respond with a JSON object."
	for _, tc := range []struct {
		name  string
		reply string
		want  []string
	}{
		{"JSON answer", `{"verdict": "expand"}`, nil},
		{"fenced JSON answer", "```json\n[]\n```", nil},
		{"introduced JSON answer", "All read.\n\n{\"verdict\": \"neutral\"}", nil},
		{"an account", "Done: the change keeps SQLite.", []string{"DECISION"}},
	} {
		res := s.score([]transcript.Message{user(prompt), assistant("Reading the diff first."), assistant(tc.reply)})
		if got := cats(res); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v (findings %+v)", tc.name, got, tc.want, res.Findings)
		}
	}
}
