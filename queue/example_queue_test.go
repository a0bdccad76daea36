package queue_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/queue"
)

// A queue of two commands: /clear completes on SessionStart(clear), the
// prompt on the Stop that ends its turn; then the brain hears that the
// queue is complete.
func Example() {
	dir, _ := os.MkdirTemp("", "queues")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

	p := &queue.Processor{
		Dir: queue.NewDir(dir),
		Driver: queue.DriverFunc(func(_ context.Context, session, text string) error {
			fmt.Printf("type into %s: %s\n", session, text)
			return nil
		}),
		Waker: queue.WakerFunc(func(_ context.Context, pl queue.Payload) error {
			fmt.Printf("wake: %s %s, result of 2: %q\n", pl.Event, pl.Summary, *pl.Commands[1].Result)
			return nil
		}),
	}
	if _, err := p.Drive(ctx, "warden-main-4", []string{"/clear", "/gsd:plan-phase 3"}, t0); err != nil {
		fmt.Println(err)
		return
	}
	// The hook of every event: Advance hands it to the processor.
	hook := &queue.Advance{Processor: p, Session: func(context.Context, stophook.Input) (string, error) {
		return "warden-main-4", nil
	}}
	for _, in := range []stophook.Input{
		{HookEventName: "SessionStart", Source: "clear", Now: t0.Add(time.Second)},
		{HookEventName: "UserPromptSubmit", Prompt: "/gsd:plan-phase 3", Now: t0.Add(2 * time.Second)},
		{HookEventName: "Stop", LastAssistantMessage: "Plan created.", Now: t0.Add(time.Minute)},
	} {
		d, _ := hook.Evaluate(ctx, in)
		fmt.Println(in.HookEventName, "→", d.Why)
	}
	// Output:
	// type into warden-main-4: /clear
	// type into warden-main-4: /gsd:plan-phase 3
	// SessionStart → queue advanced: command 1 done on SessionStart(clear); typing command 2
	// UserPromptSubmit → queue own-prompt: prompt of command 2 submitted
	// wake: queue-complete 2/2 commands completed, result of 2: "Plan created."
	// Stop → queue completed: command 2 done on Stop
}

// Manual input while a queue runs cancels it; the brain is told what was left.
func ExampleAdvance_cancel() {
	dir, _ := os.MkdirTemp("", "queues")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	p := &queue.Processor{
		Dir:    queue.NewDir(dir),
		Driver: queue.DriverFunc(func(context.Context, string, string) error { return nil }),
		Waker: queue.WakerFunc(func(_ context.Context, pl queue.Payload) error {
			fmt.Println(pl.Message)
			return nil
		}),
	}
	hook := &queue.Advance{Processor: p, Session: func(context.Context, stophook.Input) (string, error) { return "s", nil }}
	p.Drive(ctx, "s", []string{"first task", "second task"}, time.Now())
	hook.Evaluate(ctx, stophook.Input{HookEventName: "UserPromptSubmit", Prompt: "first task"})
	hook.Evaluate(ctx, stophook.Input{HookEventName: "UserPromptSubmit", Prompt: "what time is it?"})
	// Output:
	// Queue cancelled by manual input. Completed: 0/2. Remaining: ["first task","second task"]
}

func ExampleMapping() {
	m := queue.Mapping{Rules: append(slices.Clone(queue.DefaultRules),
		queue.Rule{Pattern: "/compact", Awaits: queue.Awaits{Hook: "SessionStart", Sub: "compact"}})}
	for _, c := range []string{"/clear", "/compact", "/gsd:plan-phase 3", "fix the tests"} {
		fmt.Println(c, "→", m.Awaits(c))
	}
	// Output:
	// /clear → SessionStart(clear)
	// /compact → SessionStart(compact)
	// /gsd:plan-phase 3 → Stop
	// fix the tests → Stop
}
