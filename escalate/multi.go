package escalate

import (
	"context"
	"errors"
	"sync"

	"github.com/stophook/stophook/escalate/internal/plain"
	"golang.org/x/sync/errgroup"
)

// Multi fans a request out to several notifiers at once.
type Multi struct {
	notifiers []Notifier
}

var _ Notifier = (*Multi)(nil)

// NewMulti returns a fan-out over ns; nil entries are skipped and the
// slice is copied.
func NewMulti(ns ...Notifier) *Multi {
	m := &Multi{}
	for _, n := range ns {
		if n != nil {
			m.notifiers = append(m.notifiers, n)
		}
	}
	return m
}

// Ask sends req to every notifier concurrently. The first decisive answer
// ([Reply] or [Continue]) or [LetStop] wins: the other notifiers' contexts
// are cancelled and Ask returns it with a nil error. Otherwise Ask returns
// [Timeout] if any notifier timed out, else [NoAnswer], together with the
// notifiers' errors joined by errors.Join (nil when none failed). All
// notifiers share one request ID.
func (m *Multi) Ask(ctx context.Context, req Request) (Answer, error) {
	if m == nil || len(m.notifiers) == 0 {
		return Answer{}, nil
	}
	if req.ID == "" {
		req.ID = plain.NewRequestID()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	var (
		g        errgroup.Group
		mu       sync.Mutex
		errs     []error
		timedOut bool
		winner   *Answer
	)
	for _, n := range m.notifiers {
		g.Go(func() error {
			a, err := n.Ask(ctx, req)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				errs = append(errs, err)
			case a.Kind == Reply, a.Kind == Continue, a.Kind == LetStop:
				if winner == nil {
					winner = &a
					cancel()
				}
			case a.Kind == Timeout:
				timedOut = true
			}
			return nil // a failed notifier must not cancel the others
		})
	}
	g.Wait()
	if winner != nil {
		return *winner, nil
	}
	if timedOut {
		return Answer{Kind: Timeout}, errors.Join(errs...)
	}
	return Answer{}, errors.Join(errs...)
}
