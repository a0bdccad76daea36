package triage_test

import (
	"fmt"

	"github.com/stophook/stophook/policy/triage"
	"github.com/stophook/stophook/transcript"
)

func Example() {
	s, err := triage.New(triage.Options{}) // default cues, threshold 0.6
	if err != nil {
		panic(err)
	}
	turn := []transcript.Message{
		{Role: "user", Text: "Make the stop hooks reliable."},
		{Role: "assistant", Text: "I decided to run the tests first."},
	}
	// The final reply comes from last_assistant_message: the transcript lags.
	turn = triage.WithLast(turn, "Chose command-type hooks over prompt-type hooks for reliability.\n\n"+
		"Deferred multi-LLM consensus voting for future implementation.\n\n"+
		"```python\n# TODO: this comment is code, not a memory\n```")
	res := s.Score(turn)
	fmt.Println(triage.Reason(res.Findings))
	// Output:
	// Save the following memories before stopping:
	// - [DECISION] Chose command-type hooks over prompt-type hooks for reliability.
	// - [TECH_DEBT] Deferred multi-LLM consensus voting for future implementation.
	//
	// Use the memory-management skill to save each item.
	// After saving, you may stop.
}

func ExampleParseAnswer() {
	fs, err := triage.ParseAnswer("```json\n{\"memories\":[{\"category\":\"decision\",\"text\":\"Use SQLite for the queue\"}]}\n```")
	fmt.Println(fs[0].Category, fs[0].Text, err)
	// Output: DECISION Use SQLite for the queue <nil>
}

func ExampleRule() {
	rules := append(triage.DefaultRules(), triage.Rule{
		Category: "SECURITY",
		Cues:     []triage.Cue{{Pattern: `secrets?|credentials?|tokens?`, Weight: 0.4}, {Pattern: `never|must not`, Weight: 0.3}},
	})
	s, _ := triage.New(triage.Options{Rules: rules})
	res := s.Score([]transcript.Message{{Role: "assistant", Text: "Never log tokens, even at debug level."}})
	for _, f := range res.Findings {
		fmt.Printf("[%s] %s\n", f.Category, f.Text)
	}
	// Output: [SECURITY] Never log tokens, even at debug level.
}

func ExampleStartsTurn() {
	msgs := []transcript.Message{
		{Role: "user", Text: "Fix the flaky test."},
		{Role: "assistant", Text: "Looking.", ToolUses: []transcript.ToolUse{{ID: "t1", Name: "Bash"}}},
		{Role: "user", ToolResults: []transcript.ToolResult{{ToolUseID: "t1", Text: "ok"}}},
		{Role: "assistant", Text: "Fixed by waiting for the server."},
	}
	for i := len(msgs) - 1; i >= 0; i-- { // newest first, as transcript.Backward reads
		if triage.StartsTurn(msgs[i]) {
			fmt.Println("the turn starts at message", i, "and has", len(triage.Turn(msgs)), "messages")
			break
		}
	}
	// Output: the turn starts at message 0 and has 4 messages
}

// Evidence spread over a paragraph adds up; a negated cue does not count;
// a proposal the agent accepts is a decision.
func ExampleScorer_Score_paragraphs() {
	s, _ := triage.New(triage.Options{})
	for _, msgs := range [][]transcript.Message{
		{{Role: "assistant", Text: "We went with SQLite. It needs no server, so that deploys stay a single binary."}},
		{{Role: "assistant", Text: "The service does not always use the cache."}},
		{{Role: "user", Text: "We don't need backward compatibility for the old layout."}, {Role: "assistant", Text: "I agree. I'll remove the old paths."}},
	} {
		var got []string
		for _, f := range s.Score(msgs).Findings {
			got = append(got, string(f.Category))
		}
		fmt.Println(got)
	}
	// Output:
	// [DECISION]
	// []
	// [DECISION]
}
