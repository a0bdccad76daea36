package policy_test

import (
	"context"
	"fmt"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/stophooktest"
)

// The quickstart chain: up to two retries in a row within a turn when the
// agent stops on an error, then StopActive lets any later stop of the turn
// through. The runner counts the turn's continuations (Input.TurnBlocks);
// here the inputs say it themselves.
func Example() {
	chain := stophook.NewChain(
		&policy.ErrorRetry{MaxRetries: 2, Store: new(stophook.MemoryStore)},
		policy.StopActive{},
	)
	ctx := context.Background()
	for blocks := range 3 {
		in := stophooktest.Stop("Error: build failed")
		in.TurnBlocks, in.StopHookActive = blocks, blocks > 0
		d := stophook.Evaluate(ctx, chain, in)
		fmt.Println(d.Verdict, "by", d.Policy)
	}
	// Output:
	// block by ErrorRetry
	// block by ErrorRetry
	// allow by StopActive
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
