package queue_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/queue"
	"github.com/stophook/stophook/stophooktest"
)

type typed []string

func newQueuePolicy(t *testing.T, then *stophook.Chain) (*queue.Advance, *queue.Processor, *typed, *[]queue.Payload) {
	t.Helper()
	var ty typed
	var wakes []queue.Payload
	proc := &queue.Processor{
		Dir: queue.NewDir(t.TempDir()),
		Driver: queue.DriverFunc(func(_ context.Context, _, text string) error {
			ty = append(ty, text)
			return nil
		}),
		Waker: queue.WakerFunc(func(_ context.Context, p queue.Payload) error {
			wakes = append(wakes, p)
			return nil
		}),
	}
	p := &queue.Advance{
		Processor: proc,
		Session:   func(context.Context, stophook.Input) (string, error) { return "main", nil },
		Then:      then,
	}
	return p, proc, &ty, &wakes
}

func TestQueueAdvanceNeverBlocks(t *testing.T) {
	t.Parallel()
	p, proc, ty, wakes := newQueuePolicy(t, nil)
	if _, err := proc.Drive(context.Background(), "main", []string{"one", "two"}, stophooktest.T0); err != nil {
		t.Fatal(err)
	}
	for _, in := range []stophook.Input{
		stophooktest.UserPromptSubmit("one"),
		stophooktest.Stop("r1"),
		stophooktest.UserPromptSubmit("two"),
		stophooktest.Stop("r2"),
		stophooktest.Stop("r3"),
	} {
		d := stophooktest.Run(t, in, p)
		if d.Verdict != stophook.Pass {
			t.Errorf("%s: got %s, want pass", in.HookEventName, d.Verdict)
		}
	}
	if got := len(*ty); got != 2 {
		t.Errorf("typed %v, want one and two", *ty)
	}
	if len(*wakes) != 2 || (*wakes)[0].Event != queue.WakeComplete || (*wakes)[1].Event != queue.WakeStop {
		t.Errorf("got wakes %+v, want queue-complete then stop", *wakes)
	}
}

func TestQueueAdvanceLeavesQueueWhenThenBlocks(t *testing.T) {
	t.Parallel()
	blocker := stophook.NewChain(&policy.ErrorRetry{Store: new(stophook.MemoryStore)})
	p, proc, ty, _ := newQueuePolicy(t, blocker)
	if _, err := proc.Drive(context.Background(), "main", []string{"one", "two"}, stophooktest.T0); err != nil {
		t.Fatal(err)
	}
	d := stophooktest.Run(t, stophooktest.Stop("Error: build failed"), p)
	stophooktest.AssertBlocks(t, d, policy.DefaultRetryReason)
	if len(*ty) != 1 {
		t.Errorf("typed %v after a blocked stop, want only the first command", *ty)
	}
	d = stophooktest.Run(t, stophooktest.Stop("All good now."), p)
	stophooktest.AssertStops(t, d)
	if len(*ty) != 2 {
		t.Errorf("typed %v, want the second command after the turn ended", *ty)
	}
}

func TestQueueAdvanceFailsOpen(t *testing.T) {
	t.Parallel()
	p, _, _, _ := newQueuePolicy(t, nil)
	p.Session = func(context.Context, stophook.Input) (string, error) { return "", errors.New("not in tmux") }
	d := stophooktest.Run(t, stophooktest.Stop("r"), p)
	stophooktest.AssertStops(t, d)
	if len(d.Trace) != 1 || d.Trace[0].Err == nil {
		t.Errorf("got trace %v, want the error recorded", d.Trace)
	}
	d = stophooktest.Run(t, stophooktest.Stop("r"), &queue.Advance{})
	stophooktest.AssertStops(t, d)
}
