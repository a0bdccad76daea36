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
		// The final reply: a Stop hook has it from last_assistant_message.
		{Role: "assistant", Text: "Chose command-type hooks over prompt-type hooks for reliability.\n\n" +
			"Deferred multi-LLM consensus voting for future implementation.\n\n" +
			"```python\n# TODO: this comment is code, not a memory\n```"},
	}
	for _, f := range s.Score(turn) {
		fmt.Printf("[%s] %s\n", f.Category, f.Text)
	}
	// Output:
	// [DECISION] Chose command-type hooks over prompt-type hooks for reliability.
	// [TECH_DEBT] Deferred multi-LLM consensus voting for future implementation.
}

func ExampleRule() {
	rules := append(triage.DefaultRules(), triage.Rule{
		Category: "SECURITY",
		Cues:     []triage.Cue{{Pattern: `secrets?|credentials?|tokens?`, Weight: 0.4}, {Pattern: `never|must not`, Weight: 0.3}},
	})
	s, _ := triage.New(triage.Options{Rules: rules})
	for _, f := range s.Score([]transcript.Message{{Role: "assistant", Text: "Never log tokens, even at debug level."}}) {
		fmt.Printf("[%s] %s\n", f.Category, f.Text)
	}
	// Output: [SECURITY] Never log tokens, even at debug level.
}

// Evidence spread over a paragraph adds up; a negated cue does not count;
// a proposal the agent accepts is a decision, even when it agrees only
// after checking; a correction it owns is a preference.
func ExampleScorer_Score_wholeTurn() {
	s, _ := triage.New(triage.Options{})
	for _, msgs := range [][]transcript.Message{
		{{Role: "assistant", Text: "We went with SQLite. It needs no server, so that deploys stay a single binary."}},
		{{Role: "assistant", Text: "The service does not always use the cache."}},
		{{Role: "user", Text: "We don't need backward compatibility for the old layout."}, {Role: "assistant", Text: "I agree. I'll remove the old paths."}},
		{{Role: "user", Text: "I don't think we need the remote_name alias."}, {Role: "assistant", Text: "Checking the readers first."},
			{Role: "assistant", Text: "Nothing reads it. So I agree: no need to introduce it."}},
		{{Role: "user", Text: "Why are you writing TypeScript?"}, {Role: "assistant", Text: "Good catch. The project rules say Python. Starting over."}},
	} {
		var got []string
		for _, f := range s.Score(msgs) {
			got = append(got, f.Category)
		}
		fmt.Println(got)
	}
	// Output:
	// [DECISION]
	// []
	// [DECISION]
	// [DECISION]
	// [PREFERENCE]
}
