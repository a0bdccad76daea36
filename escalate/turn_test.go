package escalate_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/stophooktest"
)

// TestEscalationWithinOneTurn plays the retry-and-escalate chain over the
// stops of one turn, each carrying the continuations counted before it:
// the retries go first, then the human is asked in the same turn, and
// asked again after a reply or Continue, until Let stop. A stop after a
// retry that fixed the problem is not paged.
func TestEscalationWithinOneTurn(t *testing.T) {
	t.Parallel()
	reply := escalate.Answer{Kind: escalate.Reply, Text: "skip the flaky test"}
	cont := escalate.Answer{Kind: escalate.Continue}
	letStop := escalate.Answer{Kind: escalate.LetStop}
	type stop struct {
		last    string
		answer  *escalate.Answer // nil: the human must not be asked
		verdict stophook.Verdict
		reason  string
	}
	tests := []struct {
		name  string
		turn  string // prompt_id; "" for hosts that name no turn
		stops []stop
	}{
		{"retries, then reply, then let stop", "p1", []stop{
			{"Error: build failed", nil, stophook.Block, policy.DefaultRetryReason},
			{"Error: still failing", nil, stophook.Block, policy.DefaultRetryReason},
			{"Error: cannot reach the database", &reply, stophook.Block, escalate.AnsweredPrefix + reply.Text},
			{"Done: skipped it, the build passes.", &letStop, stophook.Allow, ""},
		}},
		{"a retry that fixed it is not paged", "p1", []stop{
			{"Error: build failed", nil, stophook.Block, policy.DefaultRetryReason},
			{"Fixed: the build passes now.", nil, stophook.Pass, ""},
		}},
		{"continue, then asked again", "", []stop{
			{"All done. Shall I update the docs?", &cont, stophook.Block, escalate.ContinueReason},
			{"Docs updated.", &reply, stophook.Block, escalate.AnsweredPrefix + reply.Text},
			{"Skipped the test too.", &letStop, stophook.Allow, ""},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			store := stophook.NewMemoryStore()
			var next *escalate.Answer
			human := &stophooktest.Notifier{AskFunc: func(context.Context, escalate.Request) (escalate.Answer, error) {
				if next == nil {
					t.Error("the human was asked")
					return escalate.Answer{}, nil
				}
				return *next, nil
			}}
			isError := func(_ context.Context, in stophook.Input) bool {
				return strings.HasPrefix(in.LastAssistantMessage, "Error")
			}
			chain := stophook.NewChain(
				&policy.ErrorRetry{Store: store, MaxRetries: 2, Matcher: policy.MatcherFunc(func(s string) bool { return strings.HasPrefix(s, "Error") })},
				&escalate.Escalation{Notifier: human, Store: store, Continued: isError},
			)
			blocks, asked := 0, 0
			for i, s := range tt.stops {
				if s.answer != nil {
					asked++
				}
				in := stophooktest.Stop(s.last)
				in.PromptID, in.TurnBlocks, in.StopHookActive = tt.turn, blocks, blocks > 0
				next = s.answer
				d, _ := chain.Evaluate(context.Background(), in)
				if d.Verdict != s.verdict || d.Reason != s.reason {
					t.Fatalf("stop %d (%q): got %s %q, want %s %q (%s)", i+1, s.last, d.Verdict, d.Reason, s.verdict, s.reason, d.Why)
				}
				if d.Blocks() {
					blocks++
				}
			}
			if len(human.Requests()) != asked {
				t.Errorf("human asked %d times, want %d", len(human.Requests()), asked)
			}
		})
	}
}
