package loopstate_test

import (
	"context"
	"fmt"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/loopstate"
	"github.com/stophook/stophook/stophooktest"
)

// A loop of three iterations. Every iteration's stop arrives with
// stop_hook_active set: the loop is not wrapped in policy.StopActive,
// which would end it at once.
func ExampleIterator() {
	store := new(stophook.MemoryStore)
	loops := &loopstate.Loops{Store: store}
	key, _ := loopstate.SessionKey(stophooktest.SessionID)
	loops.Push(context.Background(), key, loopstate.Frame{Mode: loopstate.ModeLoop, Max: 3, Prompt: "fix the build"}, stophooktest.T0)

	chain := stophook.NewChain(&loopstate.Iterator{Store: store})
	for i, reply := range []string{"Fixed one file.", "Fixed another.", "Still broken."} {
		in := stophooktest.Stop(reply)
		in.StopHookActive = i > 0
		d, _ := chain.Evaluate(context.Background(), in)
		fmt.Printf("%s by %s: %s\n", d.Verdict, d.Policy, d.Reason)
	}
	// Output:
	// block by LoopIterator: [ITERATION 2/3] Continue working on the task. Check your progress and either complete the task or keep iterating.
	// block by LoopIterator: [ITERATION 3/3] Continue working on the task. Check your progress and either complete the task or keep iterating.
	// allow by LoopIterator:
}
