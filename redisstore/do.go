package redisstore

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/reported"
)

// do runs one round trip under the store's timeout and its breaker.
func (s *Store) do(ctx context.Context, op func(ctx context.Context) error) error {
	if err := s.admit(ctx); err != nil {
		return err
	}
	octx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
	err := op(octx)
	cancel()
	return s.settle(ctx, err)
}

// batched runs cmd in the next shared round trip (see batcher) under the
// store's breaker and timeout (its wait for a sender included); a
// missing key is [stophook.ErrNotFound].
func (s *Store) batched(ctx context.Context, cmd redis.Cmder) error {
	if err := s.admit(ctx); err != nil {
		return err
	}
	// The timeout bounds the wait for a sender too: behind round trips
	// the server does not answer, a command would wait for them to time
	// out before its own began.
	octx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
	err := s.send(octx, cmd)
	cancel()
	if errors.Is(err, redis.Nil) {
		err = stophook.ErrNotFound
	}
	return s.settle(ctx, err)
}

// admit counts an operation and refuses it while the store fails fast.
func (s *Store) admit(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.stats.ops.Add(1)
	if !s.br.allow(time.Now()) {
		s.stats.fastFails.Add(1)
		return s.br.logged(ErrUnavailable)
	}
	return nil
}

// settle counts how an admitted operation went: a failure of the server
// or the network opens the breaker.
func (s *Store) settle(ctx context.Context, err error) error {
	switch {
	case err == nil, errors.Is(err, stophook.ErrNotFound):
		s.br.success()
		return err
	case ctx.Err() != nil:
		return ctx.Err() // the caller gave up: says nothing about the server
	}
	s.stats.errors.Add(1)
	err = s.failed(err)
	s.br.failure(time.Now(), err)
	return s.br.logged(err)
}

// failed returns err, a round trip's failure on the server or the
// network, as the one line a command prints should say it: the store, the
// server, and for a timeout the store's (go-redis's own says "context
// deadline exceeded", also for rediss:// to a server that speaks no TLS).
func (s *Store) failed(err error) error {
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return fmt.Errorf("redisstore: %s did not answer within %s (the store's timeout): %w", s.addr, s.opts.Timeout, err)
	}
	if strings.Contains(err.Error(), s.addr) {
		return fmt.Errorf("redisstore: %w", err) // a dial error names it
	}
	return fmt.Errorf("redisstore: %s: %w", s.addr, err)
}

// breaker fails operations at once for a cooldown after one failed, and
// logs once per outage. Asking it takes no lock.
type breaker struct {
	cooldown time.Duration
	log      *slog.Logger
	logs     bool // log writes lines at level Warn: an outage is reported there

	mu    sync.Mutex   // serialises failure and success
	until atomic.Int64 // fail fast before this (Unix nanoseconds)
	down  atomic.Bool  // an outage was logged and has not ended
}

func (b *breaker) allow(now time.Time) bool {
	return b.cooldown < 0 || now.UnixNano() >= b.until.Load()
}

func (b *breaker) failure(now time.Time, err error) {
	b.mu.Lock()
	if b.cooldown > 0 {
		b.until.Store(now.Add(b.cooldown).UnixNano())
	}
	logIt := !b.down.Load()
	b.down.Store(true)
	b.mu.Unlock()
	if logIt {
		b.log.LogAttrs(context.Background(), slog.LevelWarn, "redisstore: server not answering; stops are let through until it does",
			slog.String("error", err.Error()))
	}
}

// logged returns err, an operation's failure during an outage, marked as
// reported when the outage's line went to a log (see package reported): a
// hook server then counts the stop it lets through without logging it
// again. With a logger that writes nothing (a command hook's: the failed
// operation is its one line) err is returned as it is.
func (b *breaker) logged(err error) error {
	if !b.logs {
		return err
	}
	return reported.Mark(err)
}

func (b *breaker) success() {
	if !b.down.Load() {
		return // the common case: nothing to change
	}
	b.mu.Lock()
	wasDown := b.down.Load()
	b.down.Store(false)
	b.mu.Unlock()
	if wasDown {
		b.log.LogAttrs(context.Background(), slog.LevelWarn, "redisstore: server answering again")
	}
}

// Stats are the store's counters since it was made.
type Stats struct {
	Ops       uint64 // operations attempted (commands, and compare-and-set rounds), fast failures included
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
	down := s.br.down.Load()
	return Stats{
		Ops:       s.stats.ops.Load(),
		Errors:    s.stats.errors.Load(),
		FastFails: s.stats.fastFails.Load(),
		Conflicts: s.stats.conflicts.Load(),
		Down:      down,
	}
}
