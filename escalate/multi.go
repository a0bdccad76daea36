package escalate

import (
	"context"
	"errors"
	"sync"
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
		req.ID = NewRequestID()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type result struct {
		a   Answer
		err error
	}
	results := make(chan result, len(m.notifiers))
	var wg sync.WaitGroup
	for _, n := range m.notifiers {
		wg.Go(func() {
			a, err := n.Ask(ctx, req)
			results <- result{a, err}
		})
	}
	go func() { wg.Wait(); close(results) }()

	var (
		errs     []error
		timedOut bool
		winner   *Answer
	)
	for r := range results {
		if r.err != nil {
			errs = append(errs, r.err)
			continue
		}
		switch r.a.Kind {
		case Reply, Continue, LetStop:
			if winner == nil {
				a := r.a
				winner = &a
				cancel()
			}
		case Timeout:
			timedOut = true
		}
	}
	if winner != nil {
		return *winner, nil
	}
	if timedOut {
		return Answer{Kind: Timeout}, errors.Join(errs...)
	}
	return Answer{}, errors.Join(errs...)
}
