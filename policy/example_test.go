package policy_test

import (
	"context"
	"fmt"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/stophooktest"
)

// The quickstart chain: a guard against loops, then up to two retries when
// the agent stops on an error.
func Example() {
	chain := stophook.NewChain(
		policy.StopActive{},
		&policy.ErrorRetry{MaxRetries: 2, Store: stophook.NewMemoryStore()},
	)
	ctx := context.Background()

	d, _ := chain.Evaluate(ctx, stophooktest.Stop("Error: build failed"))
	fmt.Println(d.Verdict, "by", d.Policy+":", d.Reason)

	retry := stophooktest.Stop("Error: build failed again")
	retry.StopHookActive = true
	d, _ = chain.Evaluate(ctx, retry)
	fmt.Println(d.Verdict, "by", d.Policy)
	// Output:
	// block by ErrorRetry: The previous approach hit an error. Try a different approach to accomplish the task.
	// allow by StopActive
}
