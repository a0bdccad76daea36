package policy_test

import (
	"context"
	"fmt"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/policy"
)

func ExampleWithTurnBudget() {
	always := stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.BlockWith("keep going"), nil
	})
	p := policy.WithTurnBudget(2, always)
	for n := range 3 {
		in := stophook.Input{HookEventName: stophook.EventStop, TurnBlocks: n}
		d, _ := p.Evaluate(context.Background(), in)
		fmt.Println(n, d.Verdict)
	}
	// Output:
	// 0 block
	// 1 block
	// 2 pass
}
