package escalate_test

import (
	"context"
	"fmt"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/judge"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/stophooktest"
)

// A stop handler: register, retry errors twice within the turn, then ask
// a human, in the same turn. Here a stand-in notifier answers; a real
// hook uses telegram.FromEnv() (package escalate/telegram).
func ExampleEscalation() {
	human := escalate.NotifierFunc(func(_ context.Context, req escalate.Request) (escalate.Answer, error) {
		fmt.Printf("asked about %q\n", req.LastMessage)
		return escalate.Answer{Kind: escalate.Reply, Text: "Yes, deploy to staging."}, nil
	})
	store := new(stophook.MemoryStore)
	turnJudge := &policy.Judge{}
	chain := stophook.NewChain(
		&escalate.Register{Store: store},
		&policy.ErrorRetry{Store: store, MaxRetries: 2, Judge: turnJudge},
		&escalate.Escalation{
			Notifier: human, Store: store, // Summarizer: &escalate.LLMSummarizer{Model: model}
			// After a retry, ask only if the turn still ends on an error.
			Continued: func(ctx context.Context, in stophook.Input) bool {
				return turnJudge.Verdict(ctx, in).Class == judge.Error
			},
		},
	)
	d, _ := chain.Evaluate(context.Background(), stophooktest.Stop("Done. Shall I deploy?"))
	fmt.Println(d.Verdict, "by", d.Policy+":", d.Reason)
	// Output:
	// asked about "Done. Shall I deploy?"
	// block by Escalation: User answered: Yes, deploy to staging.
}
