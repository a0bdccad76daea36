package stophook_test

import (
	"context"
	"strconv"
	"sync"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/stophooktest"
)

// TestEvaluateKeptGoroutines runs many evaluations at once, in rounds, on
// the goroutines Evaluate keeps between evaluations: each gets its own
// policy's decision, never another's, and one whose policy outlives the
// deadline gets the deadline's answer while the late decision reaches no
// later evaluation: the stuck policies of a round return during the next.
func TestEvaluateKeptGoroutines(t *testing.T) {
	t.Parallel()
	var late sync.WaitGroup
	previous := make(chan struct{})
	for round := range 6 {
		release := make(chan struct{})
		var wg sync.WaitGroup
		wg.Go(func() { close(previous) })
		for i := range 64 {
			want := strconv.Itoa(round) + "/" + strconv.Itoa(i)
			stuck := i%8 == 0
			wg.Go(func() {
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				if stuck {
					late.Add(1)
				}
				p := stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
					if stuck {
						defer late.Done()
						cancel() // the deadline passes, and the policy ignores it
						<-release
						return stophook.BlockWith("late " + want), nil
					}
					return stophook.BlockWith(want), nil
				})
				d := stophook.Evaluate(ctx, p, stophooktest.Stop(""))
				switch {
				case stuck && (d.Blocks() || d.Policy != "stophook.deadline"):
					t.Errorf("%s: got %v %q by %q, want the deadline's allow", want, d.Verdict, d.Reason, d.Policy)
				case !stuck && d.Reason != want:
					t.Errorf("%s: got %v %q, want block %q", want, d.Verdict, d.Reason, want)
				}
			})
		}
		wg.Wait()
		previous = release
	}
	close(previous)
	late.Wait()
}
