package queue_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/queue"
	"github.com/stophook/stophook/queue/gateway"
	"github.com/stophook/stophook/stophooktest"
)

// The queue hook: every Stop, SessionStart and UserPromptSubmit goes to
// the queue processor; the session always stops, and the brain is woken.
func ExampleAdvance() {
	dir, _ := os.MkdirTemp("", "queues")
	defer os.RemoveAll(dir)
	proc := &queue.Processor{
		Dir:    queue.NewDir(dir),
		Driver: queue.DriverFunc(func(context.Context, string, string) error { return nil }),
		Waker: queue.WakerFunc(func(_ context.Context, p queue.Payload) error {
			fmt.Println("wake:", p.Event, p.Summary)
			return nil
		}),
	}
	chain := stophook.NewChain(&queue.Advance{
		Processor: proc,
		Session:   func(context.Context, stophook.Input) (string, error) { return "main", nil },
	})
	proc.Drive(context.Background(), "main", []string{"run the tests"}, time.Now())

	d, _ := chain.Evaluate(context.Background(), stophooktest.Stop("All 12 tests pass."))
	fmt.Println(d.Verdict, "-", d.Trace[0])
	// Output:
	// wake: queue-complete 1/1 commands completed
	// pass - QueueAdvance: pass: queue completed: command 1 done on Stop
}

// In a Go hook, blocking policies go in Then, so the queue only advances
// on a Stop that really ends the turn. (This is the README's snippet.)
func ExampleAdvance_then() {
	url, token := "http://127.0.0.1:8700/wake", os.Getenv("STOPHOOK_WAKE_TOKEN")
	chain := stophook.NewChain(&queue.Advance{
		Processor: &queue.Processor{Dir: queue.NewDir(queue.DefaultPath("")), Driver: queue.Tmux{}, Waker: &gateway.Waker{URL: url, Token: token}},
		Then:      policy.StopActive(&policy.ErrorRetry{}),
	})
	hook.Main(chain, hook.Options{Events: []stophook.Event{"Stop", "SessionStart", "UserPromptSubmit"}})
}
