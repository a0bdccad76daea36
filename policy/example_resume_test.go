package policy_test

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/stophooktest"
)

// A StopFailure for a rate limit is held for the first wait, then blocked:
// the runner exits 2 with the reason on stderr, and Claude Code (with the
// hook registered as async with asyncRewake) resends the request.
func ExampleResumeAfterAPIError() {
	p := &policy.ResumeAfterAPIError{Store: new(stophook.MemoryStore), FirstWait: time.Millisecond}
	in := stophooktest.Stop("API Error: Request rejected (429)")
	in.HookEventName, in.Error = stophook.EventStopFailure, "rate_limit"
	d, _ := p.Evaluate(context.Background(), in)
	fmt.Println(d.Verdict, "|", d.Reason)
	in.Error = "authentication_failed"
	d, _ = p.Evaluate(context.Background(), in)
	fmt.Println(d.Verdict, "|", d.Why)
	// Output:
	// block | The API request failed (rate_limit). Waited 1ms; resending (attempt 1/5).
	// pass | API error "authentication_failed" is not resumed
}

// A stop while a background task runs is a pause: the wrapped policy is
// not asked, and the trace says why.
func ExamplePauseOnBackgroundTasks() {
	keepGoing := stophook.Named("KeepGoing", stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.BlockWith("continue"), nil
	}))
	chain := stophook.NewChain(policy.PauseOnBackgroundTasks(keepGoing))
	in := stophooktest.Stop("The build runs in the background.")
	in.BackgroundTasks = []json.RawMessage{json.RawMessage(`{"id":"b1","type":"shell","status":"running","description":"make"}`)}
	d, _ := chain.Evaluate(context.Background(), in)
	fmt.Println(d.Verdict, "|", d.Trace[0])
	// Output:
	// pass | KeepGoing: pass: paused: 1 background task running (b1 "make"); Claude Code starts the next turn when it ends
}
