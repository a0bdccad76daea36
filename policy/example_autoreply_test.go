package policy_test

import (
	"context"
	"fmt"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/judge"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/stophooktest"
)

// An unattended chain: retry errors, answer a permission question once per
// turn, and let a real decision (no human configured here) or finished work
// stop.
func ExampleAutoReply() {
	j := &policy.Judge{} // judges each stop once for both policies
	chain := stophook.NewChain(
		&policy.ErrorRetry{Store: new(stophook.MemoryStore), Judge: j},
		&policy.AutoReply{Judge: j},
	)
	ctx := context.Background()
	for _, msg := range []string{
		"The migration failed: relation \"users\" does not exist.",
		"The plan is in docs/plan.md. Shall I proceed?",
		"Which database do you prefer, Postgres or SQLite?",
		"Done: all 42 tests pass.",
	} {
		d, _ := chain.Evaluate(ctx, stophooktest.Stop(msg))
		if d.Blocks() {
			fmt.Printf("continue (%s): %s\n", d.Policy, d.Reason)
		} else {
			fmt.Println("stop")
		}
	}
	// Output:
	// continue (ErrorRetry): The previous approach hit an error. Try a different approach to accomplish the task.
	// continue (AutoReply): Yes, go ahead.
	// stop
	// stop
}

// IfMessage puts a policy only on the stops whose last message matches:
// here a policy that would page a human runs only for real decisions.
func ExampleIfMessage() {
	page := stophook.Named("Page", stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.AllowStop("paged the human"), nil
	}))
	p := policy.IfMessage(policy.MatcherFunc(judge.Is(judge.Question, judge.Decision)), page)
	ctx := context.Background()
	for _, msg := range []string{
		"Which database do you prefer, Postgres or SQLite?",
		"Done: all 42 tests pass.",
	} {
		d, _ := p.Evaluate(ctx, stophooktest.Stop(msg))
		fmt.Printf("%s: %s\n", d.Verdict, d.Why)
	}
	// Output:
	// allow: paged the human
	// pass: last message does not match
}
