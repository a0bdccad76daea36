package redisstore

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/redis/go-redis/v9"
)

// The store's reads and deletes (GET, DEL: every Get and Delete, and the
// read that starts an Update) go to the server in pipelines: a few sender
// goroutines each take the commands waiting when they are free and send
// them in one round trip. One command alone goes at once, as before; under
// load, the commands of the decisions in flight share round trips — one
// write and one read on the connection for a batch instead of one each,
// and one event on the server — which is most of what a command costs a
// hook server and Redis on the same machine. The compare-and-set script
// of an Update, whose result the next step needs, goes alone.

// Batching bounds.
const (
	senders  = 2   // round trips under way at once
	maxBatch = 128 // commands in one round trip
	queued   = 512 // commands waiting for a sender
)

// queuedCmd is a command waiting for its reply; done is closed when it is
// in (the command's Err).
type queuedCmd struct {
	cmd  redis.Cmder
	done chan struct{}
}

// batcher holds the queue and the senders of a Store.
type batcher struct {
	start sync.Once
	stop  sync.Once
	queue chan *queuedCmd
	quit  chan struct{} // closed by Store.Close
	wg    sync.WaitGroup
	added atomic.Int64 // commands queued so far (for tests)
}

// send runs cmd in the next round trip and waits for its reply, or for ctx.
func (s *Store) send(ctx context.Context, cmd redis.Cmder) error {
	b := &s.batch
	b.start.Do(func() {
		for range senders {
			b.wg.Go(func() { s.sender() })
		}
	})
	q := &queuedCmd{cmd: cmd, done: make(chan struct{})}
	select {
	case b.queue <- q:
		b.added.Add(1)
	case <-ctx.Done():
		return ctx.Err()
	case <-b.quit:
		return redis.ErrClosed
	}
	select {
	case <-q.done:
		return cmd.Err()
	case <-ctx.Done():
		return ctx.Err() // the reply, when it comes, goes nowhere
	case <-b.quit:
		return redis.ErrClosed
	}
}

// sender sends the queued commands, as many at once as are waiting, until
// the store is closed.
func (s *Store) sender() {
	b := &s.batch
	batch := make([]*queuedCmd, 0, maxBatch)
	for {
		select {
		case q := <-b.queue:
			batch = append(batch[:0], q)
		case <-b.quit:
			return
		}
	more:
		for len(batch) < maxBatch {
			select {
			case q := <-b.queue:
				batch = append(batch, q)
			default:
				break more
			}
		}
		s.roundTrip(batch)
		for i, q := range batch {
			close(q.done)
			batch[i] = nil
		}
	}
}

// roundTrip sends batch in one pipeline under the store's timeout; each
// command's Err says how it went.
func (s *Store) roundTrip(batch []*queuedCmd) {
	ctx, cancel := context.WithTimeout(context.Background(), s.opts.Timeout)
	defer cancel()
	if len(batch) == 1 {
		s.c.Process(ctx, batch[0].cmd)
		return
	}
	pipe := s.c.Pipeline()
	for _, q := range batch {
		pipe.Process(ctx, q.cmd)
	}
	pipe.Exec(ctx) // each command's error is its own
}
