package triage

import (
	"slices"
	"strings"
	"testing"

	"github.com/stophook/stophook/transcript"
)

// TestScoreAnsweredQuestion checks that the user's answer to the agent's
// question tool is a decision, and that the same words in another tool's
// output are not.
func TestScoreAnsweredQuestion(t *testing.T) {
	t.Parallel()
	s := mustScorer(t, Options{})
	answer := `User has answered your questions: "Preserve git history via subtree, or copy the files fresh?"="Fresh copy (no history)". You can now continue with the user's answers in mind.`
	ask := func(name, id string) transcript.Message {
		return transcript.Message{Role: "assistant", ToolUses: []transcript.ToolUse{{ID: id, Name: name}}}
	}
	result := func(id, text string) transcript.Message {
		return transcript.Message{Role: "user", ToolResults: []transcript.ToolResult{{ToolUseID: id, Text: text}}}
	}
	done := assistant("Copied the four libraries into libs/.")
	tests := []struct {
		name string
		msgs []transcript.Message
		want []string
	}{
		{"answered", []transcript.Message{user("bring the libraries into this repo"), ask("AskUserQuestion", "t1"), result("t1", answer), done}, []string{"DECISION"}},
		{"ids not kept", []transcript.Message{user("bring the libraries into this repo"), ask("AskUserQuestion", ""), result("", answer), done}, []string{"DECISION"}},
		{"another tool's output", []transcript.Message{user("bring the libraries into this repo"), ask("AskUserQuestion", "t1"), ask("Bash", "t2"), result("t2", answer), done}, nil},
		{"no question asked", []transcript.Message{user("bring the libraries into this repo"), ask("Bash", "t2"), result("t2", answer), done}, nil},
		{"copilot", []transcript.Message{user("how should results sync?"), ask("ask_user", ""), result("", "User selected: Keep auto-merge for the append-only case; a temp branch and PR only on conflict"), done}, []string{"DECISION"}},
		{"codex", []transcript.Message{user("extract the broker"), ask("request_user_input", "c1"), result("c1", `{"answers":{"ingress_model":{"answers":["One public service"]}}}`), done}, []string{"DECISION"}},
		{"codex, nothing picked", []transcript.Message{user("extract the broker"), ask("request_user_input", "c1"), result("c1", `{"answers":{"ingress_model":{"answers":[]}}}`), done}, nil},
		{"codex JSON from another tool", []transcript.Message{user("extract the broker"), ask("exec_command", "c2"), result("c2", `{"answers":{"ingress_model":{"answers":["One public service"]}}}`), done}, nil},
		{"not an answer", []transcript.Message{user("bring the libraries into this repo"), ask("AskUserQuestion", "t1"), result("t1", "The user doesn't want to proceed with this tool use."), done}, nil},
	}
	for _, tc := range tests {
		res := s.score(tc.msgs)
		if got := cats(res); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v (findings %+v)", tc.name, got, tc.want, res.Findings)
		}
	}
	res := s.score(tests[0].msgs)
	if len(res.Findings) != 1 || !strings.Contains(res.Findings[0].Text, "Fresh copy (no history)") {
		t.Errorf("finding %+v: want the question and its answer", res.Findings)
	}
}

// TestAnsweredJSON checks the reading of Codex's answer to
// request_user_input: the first question by id, its first pick.
func TestAnsweredJSON(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{`{"answers":{"ingress_model":{"answers":["One public service"]}}}`, "ingress model — One public service"},
		{`{"answers":{"b_q":{"answers":["Second"]},"a_q":{"answers":["First","Other"]}}}`, "a q — First"},
		{`{"answers":{}}`, ""},
		{`{"answers":{"q":{"answers":["  "]}}}`, ""},
		{`{"answers": not json`, ""},
		{`{"other":{"q":{"answers":["x"]}}}`, ""},
	} {
		if got := answered(tc.in); got != tc.want {
			t.Errorf("answered(%s) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
