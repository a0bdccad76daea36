package policy_test

import (
	"context"
	"fmt"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/stophooktest"
)

// The quickstart hook: up to two retries in a row within a turn when the
// agent stops on an error, inside a guard that never lets a turn go on
// more than twice. The runner counts the turn's continuations
// (Input.TurnBlocks); here the inputs say it themselves. A pass lets the
// session stop.
func Example() {
	p := policy.WithTurnBudget(2, &policy.ErrorRetry{MaxRetries: 2, Store: new(stophook.MemoryStore)})
	ctx := context.Background()
	for blocks := range 3 {
		in := stophooktest.Stop("Error: build failed")
		in.TurnBlocks, in.StopHookActive = blocks, blocks > 0
		d := stophook.Evaluate(ctx, p, in)
		fmt.Printf("%s (%s)\n", d.Verdict, d.Trace[0])
	}
	// Output:
	// block (ErrorRetry: block: turn judged error/failed: "Error: build failed": retry 1/2)
	// block (ErrorRetry: block: turn judged error/failed: "Error: build failed": retry 2/2)
	// pass (ErrorRetry: pass: turn budget: 2 continuations this turn (max 2))
}

// StopActive makes a nudge once per turn: on the first stop it asks the
// wrapped policy, on a stop of a turn already continued it passes without
// asking, so the session may stop (or a later policy decide).
func ExampleStopActive() {
	nudge := stophook.Named("ChangelogNudge", stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.BlockWith("Add a CHANGELOG entry, then stop."), nil
	}))
	p := policy.StopActive(nudge)
	for _, active := range []bool{false, true} {
		in := stophooktest.Stop("Done.")
		in.StopHookActive = active
		d := stophook.Evaluate(context.Background(), p, in)
		fmt.Printf("stop_hook_active=%v: %s %s\n", active, d.Verdict, d.Reason)
	}
	// Output:
	// stop_hook_active=false: block Add a CHANGELOG entry, then stop.
	// stop_hook_active=true: pass
}

// Retries counted per session, across turns, as the first Stop-hook scripts did. Every stop
// here is the first of its turn, yet the third error in a row gets no
// retry; the count then starts again.
func ExampleErrorRetry_acrossTurns() {
	p := &policy.ErrorRetry{MaxRetries: 2, AcrossTurns: true, Store: new(stophook.MemoryStore)}
	for range 4 {
		d, _ := p.Evaluate(context.Background(), stophooktest.Stop("Error: build failed"))
		fmt.Println(d.Verdict)
	}
	// Output:
	// block
	// block
	// pass
	// block
}
