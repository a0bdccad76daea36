package loopstate_test

import (
	"context"
	"fmt"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/loopstate"
)

// A loop of three iterations: two stops are blocked, the completion
// signal on its own line ends it.
func ExampleLoops() {
	ctx := context.Background()
	loops := &loopstate.Loops{Store: new(stophook.MemoryStore)}
	key, _ := loopstate.SessionKey("session-1")
	now := time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)

	loops.Push(ctx, key, loopstate.Frame{Mode: loopstate.ModeLoop, Max: 5, Prompt: "make the tests pass"}, now)
	for _, reply := range []string{
		"Fixed two tests.",
		"To finish I will print:\n```\n<loop-done>COMPLETE</loop-done>\n```",
		"All tests pass.\n\n<loop-done>COMPLETE</loop-done>",
		"Anything else?",
	} {
		now = now.Add(time.Minute)
		res, _ := loops.Step(ctx, key, reply, now, nil)
		if res.Block {
			fmt.Println(res.Phase, res.Reason)
		} else {
			fmt.Println(res.Phase)
		}
	}
	// Output:
	// ACTIVE [ITERATION 2/5] Continue working on the task. Check your progress and either complete the task or keep iterating.
	// ACTIVE [ITERATION 3/5] Continue working on the task. Check your progress and either complete the task or keep iterating.
	// COMPLETING
	// IDLE
}

// The machine is pure: a stored record and a reply in, a result out.
func ExampleMachine_Step() {
	old := []byte(`{"schema":1,"event":"STATE","updated_at":"2026-01-02T10:00:00+00:00",` +
		`"stack":[{"mode":"issue","iter":4,"max":4,"prompt":"issue 12"}]}`)
	now := time.Date(2026, 1, 2, 10, 5, 0, 0, time.UTC)
	res := loopstate.Machine{}.Step(old, "Still failing.", now, nil)
	fmt.Println(res.Phase, res.Next.Event, res.Next.Reason)
	res = loopstate.Machine{}.Step(old, "Still failing.", now.Add(3*time.Hour), nil)
	fmt.Println(res.Phase, res.Next.Event, res.Next.Reason)
	res = loopstate.Machine{}.Step([]byte(`{"schema":1,"event":"STATE","updated_at":"2026-01-02T10:00:00Z","stack":[{"iter":"two","max":4}]}`), "", now, nil)
	fmt.Println(res.Phase, res.Next.Event)
	// Output:
	// STUCK DONE MAX_ITERATIONS
	// STUCK DONE STALE
	// ABORTED ABORT
}
