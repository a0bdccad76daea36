package llm_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/stophook/stophook/llm"
)

// A Func stands in for a model: here one that shouts the prompt back.
// Any Model plugs into memory triage (triage.MemoryTriage.Model) and the
// escalation summary (escalate.LLMSummarizer).
func ExampleFunc() {
	var m llm.Model = llm.Func(func(_ context.Context, system, prompt string) (string, error) {
		return strings.ToUpper(prompt), nil
	})
	out, err := m.Complete(context.Background(), "You echo.", "hello")
	fmt.Println(out, err)
	// Output:
	// HELLO <nil>
}
