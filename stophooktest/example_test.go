package stophooktest_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/stophooktest"
)

// A fake notifier plays the human: it answers every stop with a reply.
func ExampleNotifier() {
	human := &stophooktest.Notifier{AskFunc: func(context.Context, escalate.Request) (escalate.Answer, error) {
		return escalate.Answer{Kind: escalate.Reply, Text: "add a changelog entry"}, nil
	}}
	t := &testing.T{}
	d := stophooktest.Run(t, stophooktest.Stop("All done."),
		policy.StopActive(&escalate.Escalation{Notifier: human}),
	)
	fmt.Println(d.Verdict, d.Reason)
	fmt.Println(len(human.Requests()), "request:", human.Requests()[0].LastMessage)
	// Output:
	// block User answered: add a changelog entry
	// 1 request: All done.
}
