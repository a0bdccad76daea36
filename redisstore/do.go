package redisstore

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/stophook/stophook"
)

// do runs one round trip under the store's timeout and its breaker.
func (s *Store) do(ctx context.Context, op func(ctx context.Context) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.stats.ops.Add(1)
	if !s.br.allow(time.Now()) {
		s.stats.fastFails.Add(1)
		return ErrUnavailable
	}
	octx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
	err := op(octx)
	cancel()
	switch {
	case err == nil, errors.Is(err, stophook.ErrNotFound):
		s.br.success()
		return err
	case ctx.Err() != nil:
		return ctx.Err() // the caller gave up: says nothing about the server
	}
	s.stats.errors.Add(1)
	s.br.failure(time.Now(), err)
	return err
}

// breaker fails operations at once for a cooldown after one failed, and
// logs once per outage.
type breaker struct {
	cooldown time.Duration
	log      *slog.Logger

	mu    sync.Mutex
	until time.Time // fail fast before this
	down  bool      // an outage was logged and has not ended
}

func (b *breaker) allow(now time.Time) bool {
	if b.cooldown < 0 {
		return true
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return !now.Before(b.until)
}

func (b *breaker) failure(now time.Time, err error) {
	b.mu.Lock()
	if b.cooldown > 0 {
		b.until = now.Add(b.cooldown)
	}
	logIt := !b.down
	b.down = true
	b.mu.Unlock()
	if logIt {
		b.log.LogAttrs(context.Background(), slog.LevelWarn, "redisstore: server not answering; stops are let through until it does",
			slog.String("error", err.Error()))
	}
}

func (b *breaker) success() {
	b.mu.Lock()
	wasDown := b.down
	b.down = false
	b.mu.Unlock()
	if wasDown {
		b.log.LogAttrs(context.Background(), slog.LevelWarn, "redisstore: server answering again")
	}
}

// Stats are the store's counters since it was made.
type Stats struct {
	Ops       uint64 // round trips attempted, fast failures included
	Errors    uint64 // round trips that failed on the server or the network
	FastFails uint64 // operations refused at once while the server was down
	Conflicts uint64 // compare-and-set rounds lost to another writer
	Down      bool   // the last round trip failed
}

type counters struct {
	ops, errors, fastFails, conflicts atomic.Uint64
}

// Stats returns the store's counters.
func (s *Store) Stats() Stats {
	s.br.mu.Lock()
	down := s.br.down
	s.br.mu.Unlock()
	return Stats{
		Ops:       s.stats.ops.Load(),
		Errors:    s.stats.errors.Load(),
		FastFails: s.stats.fastFails.Load(),
		Conflicts: s.stats.conflicts.Load(),
		Down:      down,
	}
}
