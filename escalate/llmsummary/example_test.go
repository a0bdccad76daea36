package llmsummary_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"

	"github.com/stophook/stophook/escalate/llmsummary"
	"github.com/stophook/stophook/transcript"
)

func ExampleAnthropicFromEnv() {
	// A stand-in for the Messages API; a hook inherits the real
	// ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL from Claude Code.
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("content-type", "application/json")
		io.WriteString(w, `{"type":"message","role":"assistant","content":[{"type":"text","text":"The agent fixed the parser and asks whether to deploy."}],"stop_reason":"end_turn"}`)
	}))
	defer api.Close()
	os.Setenv("ANTHROPIC_API_KEY", "example-key")
	os.Setenv("ANTHROPIC_BASE_URL", api.URL)
	defer os.Unsetenv("ANTHROPIC_API_KEY")
	defer os.Unsetenv("ANTHROPIC_BASE_URL")

	s, ok := llmsummary.AnthropicFromEnv()
	if !ok {
		return // no key: the message goes without a summary
	}
	summary, err := s.Summarize(context.Background(), []transcript.Message{
		{Role: "user", Text: "Fix the parser."},
		{Role: "assistant", Text: "Fixed. Shall I deploy?"},
	})
	fmt.Println(summary, err)
	// Output: The agent fixed the parser and asks whether to deploy. <nil>
}
