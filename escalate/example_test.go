package escalate_test

import (
	"context"
	"fmt"

	"github.com/stophook/stophook/escalate"
)

func ExampleFormat() {
	fmt.Println(escalate.Format(escalate.Request{
		Label:       "myapp · 1b2c3d4e",
		Summary:     "Fixed the parser; one test still fails.",
		LastMessage: "Should I skip the flaky test?",
		RecentTools: []string{"Edit(src/foo.ts)", "Bash(npm test)"},
	}, escalate.Footer))
	// Output:
	// 🛑 Agent stopped — myapp · 1b2c3d4e
	//
	// 📋 Summary:
	// Fixed the parser; one test still fails.
	//
	// Last message:
	// Should I skip the flaky test?
	//
	// Recent tools: Edit(src/foo.ts), Bash(npm test)
	//
	// Reply to send instructions. Buttons to continue or let stop.
}

func ExampleMulti() {
	ask := escalate.NewMulti(
		escalate.Null{}, // e.g. a Webhook that only notifies
		escalate.NotifierFunc(func(context.Context, escalate.Request) (escalate.Answer, error) {
			return escalate.Answer{Kind: escalate.Continue}, nil
		}),
	)
	ans, err := ask.Ask(context.Background(), escalate.Request{LastMessage: "done"})
	fmt.Println(ans.Kind, err)
	// Output: continue <nil>
}
