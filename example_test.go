package stophook_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
)

// A custom policy in a few lines: send the agent back once when it stops
// without mentioning tests.
func ExamplePolicyFunc() {
	mentionTests := stophook.PolicyFunc(func(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
		if in.StopHookActive || strings.Contains(in.LastAssistantMessage, "test") {
			return stophook.PassOn("tests mentioned"), nil
		}
		return stophook.BlockWith("Run the tests before you stop."), nil
	})
	chain := stophook.NewChain(stophook.Named("mention-tests", mentionTests))

	d, _ := chain.Evaluate(context.Background(), stophook.Input{HookEventName: "Stop", LastAssistantMessage: "Done."})
	fmt.Println(d.Verdict, "by", d.Policy+":", d.Reason)
	// Output: block by mention-tests: Run the tests before you stop.
}

// Run is the whole command hook: stdin in, Claude Code's JSON out.
func ExampleRun() {
	chain := stophook.NewChain(stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.BlockWith("one more thing"), nil
	}))
	code := hook.Run(context.Background(), chain, hook.Options{
		Stdin:  strings.NewReader(`{"session_id":"s1","hook_event_name":"Stop","last_assistant_message":"done"}`),
		Stdout: os.Stdout,
	})
	fmt.Println("exit", code)
	// Output:
	// {"decision":"block","reason":"one more thing"}
	// exit 0
}

// A failing hook lets the session stop: exit 0, one line on stderr.
func ExampleRun_failOpen() {
	code := hook.Run(context.Background(), stophook.NewChain(), hook.Options{
		Stdin:  strings.NewReader("not json"),
		Stdout: os.Stdout,
		Stderr: os.Stdout,
	})
	fmt.Println("exit", code)
	// Output:
	// stophook: invalid hook input: not a JSON object; allowing stop
	// exit 0
}

// FileStore keeps per-session state in files, safe across processes.
func ExampleFileStore() {
	dir, _ := os.MkdirTemp("", "stophook-example")
	defer os.RemoveAll(dir)
	store := stophook.NewFileStore(dir)
	ctx := context.Background()
	for range 3 {
		store.Update(ctx, "visits/../../etc/passwd", func(old []byte) ([]byte, error) {
			return append(old, '+'), nil
		})
	}
	v, _ := store.Get(ctx, "visits/../../etc/passwd")
	fmt.Println(string(v))
	// Output: +++
}
