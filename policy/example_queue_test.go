package policy_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/queue"
	"github.com/stophook/stophook/stophooktest"
)

// The queue hook: every Stop, SessionStart and UserPromptSubmit goes to
// the queue processor; the session always stops, and the brain is woken.
func ExampleQueueAdvance() {
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
	chain := stophook.NewChain(&policy.QueueAdvance{
		Processor: proc,
		Session:   func(context.Context, stophook.Input) (string, error) { return "main", nil },
	})
	proc.Drive(context.Background(), "main", []string{"run the tests"}, time.Now())

	d := chain.Evaluate(context.Background(), stophooktest.Stop("All 12 tests pass."))
	fmt.Println(d.Verdict, "-", d.Trace[0])
	// Output:
	// wake: queue-complete 1/1 commands completed
	// pass - QueueAdvance: pass: queue completed: command 1 done on Stop
}
