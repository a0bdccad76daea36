// Command alwaysblock is a turn-end hook built on stophook.Main whose only
// policy blocks every stop, for the e2e turn-budget scenarios: on hosts
// without a block cap of their own, the library's per-turn budget
// (STOPHOOK_MAX_TURN_BLOCKS) is the only thing that ends the turn.
//
//	alwaysblock [-reason TEXT]   # block every stop with TEXT
//	alwaysblock -halt TEXT       # halt the agent at every stop, TEXT shown to the user
package main

import (
	"context"
	"flag"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
)

func main() {
	reason := flag.String("reason", "Keep going: the task is not finished.", "the block reason")
	halt := flag.String("halt", "", "halt the agent with this stop reason instead of blocking")
	flag.Parse()
	p := stophook.PolicyFunc(func(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
		if *halt != "" {
			return stophook.Decision{Verdict: stophook.Allow, Halt: true, StopReason: *halt, Why: "halt"}, nil
		}
		return stophook.BlockWith(*reason), nil
	})
	hook.Main(stophook.Named("alwaysblock", p), hook.Options{})
}
