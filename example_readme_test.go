package stophook_test

import (
	"context"
	"os"
	"strconv"
	"strings"

	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/policy"
)

// The hook of the README: two retries in a row within a turn when the
// agent stops on an error, inside a guard that never lets the turn go on
// more than twice. Here its input comes from a string, as Claude Code
// would send it on stdin, and hook.Run stands in for hook.Main (which
// exits the process).
func Example_readmeHook() {
	project, _ := os.MkdirTemp("", "readme-hook")
	defer os.RemoveAll(project)
	in := `{"hook_event_name":"Stop","session_id":"s1","cwd":` + strconv.Quote(project) +
		`,"last_assistant_message":"Error: the build failed."}`

	retry := &policy.ErrorRetry{MaxRetries: 2} // ended on a failure → try again, twice in a row per turn
	p := policy.WithTurnBudget(2, retry)       // a guard wraps what it guards: at most 2 continuations a turn
	hook.Run(context.Background(), p, hook.Options{Stdin: strings.NewReader(in), Stdout: os.Stdout})
	// Output:
	// {"decision":"block","reason":"The previous approach hit an error. Try a different approach to accomplish the task."}
}
