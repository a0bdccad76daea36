package stophook_test

import (
	"context"
	"os"
	"strconv"
	"strings"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/policy"
)

// The hook of the README: a loop guard, then two retries per session when
// the agent stops on an error. Here its input comes from a string, as
// Claude Code would send it on stdin, and stophook.Run stands in for
// stophook.Main (which exits the process).
func Example_readmeHook() {
	project, _ := os.MkdirTemp("", "readme-hook")
	defer os.RemoveAll(project)
	in := `{"hook_event_name":"Stop","session_id":"s1","cwd":` + strconv.Quote(project) +
		`,"last_assistant_message":"Error: the build failed."}`

	chain := stophook.NewChain(
		policy.StopActive{},               // a Stop hook already blocked this turn → stop
		&policy.ErrorRetry{MaxRetries: 2}, // ended on a failure → try again, at most twice in a row
	)
	stophook.Run(context.Background(), chain, stophook.RunOptions{Stdin: strings.NewReader(in), Stdout: os.Stdout})
	// Output:
	// {"decision":"block","reason":"The previous approach hit an error. Try a different approach to accomplish the task."}
}
