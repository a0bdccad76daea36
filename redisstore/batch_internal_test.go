package redisstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/redistest"
)

// roundTrips counts the GET and DEL round trips of a client: commands
// alone and pipelines.
type roundTrips struct{ single, pipelines, piped atomic.Int64 }

func (r *roundTrips) DialHook(next redis.DialHook) redis.DialHook { return next }
func (r *roundTrips) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if cmd.Name() == "get" || cmd.Name() == "del" {
			r.single.Add(1)
		}
		return next(ctx, cmd)
	}
}
func (r *roundTrips) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		r.pipelines.Add(1)
		r.piped.Add(int64(len(cmds)))
		return next(ctx, cmds)
	}
}

// TestBatchedRoundTrips holds the server still while 100 Gets and 100
// Deletes are asked at once: when it answers again, they go in a few
// shared round trips, and each gets its own answer.
func TestBatchedRoundTrips(t *testing.T) {
	srv := redistest.Start(t)
	ro, err := redis.ParseURL(srv.URL(0))
	if err != nil {
		t.Fatal(err)
	}
	clientOptions(ro, 30*time.Second)
	c := redis.NewClient(ro)
	var rt roundTrips
	c.AddHook(&rt)
	s := New(c, Options{Prefix: "batch:", Timeout: 30 * time.Second, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	defer s.Close()
	ctx := context.Background()
	const n = 100
	for i := range n {
		if i%2 == 0 {
			v := fmt.Appendf(nil, "v%d", i)
			if err := s.Update(ctx, fmt.Sprint("k", i), func([]byte) ([]byte, error) { return v, nil }); err != nil {
				t.Fatal(err)
			}
		}
	}
	before := rt.single.Load() + rt.pipelines.Load()
	queuedBefore := s.batch.added.Load()

	srv.Pause()
	var wg sync.WaitGroup
	errs := make(chan error, 2*n)
	for i := range n {
		key := fmt.Sprint("k", i)
		wg.Go(func() {
			v, err := s.Get(ctx, key)
			switch {
			case i%2 == 0 && (err != nil || string(v) != fmt.Sprint("v", i)):
				errs <- fmt.Errorf("Get(%s) = %q, %v; want v%d", key, v, err, i)
			case i%2 == 1 && !errors.Is(err, stophook.ErrNotFound):
				errs <- fmt.Errorf("Get(%s) = %q, %v; want ErrNotFound", key, v, err)
			}
		})
		wg.Go(func() {
			if err := s.Delete(ctx, "gone"+key); err != nil {
				errs <- fmt.Errorf("Delete: %v", err)
			}
		})
	}
	// Some commands are on their way to the stopped server; the rest wait.
	for s.batch.added.Load() < queuedBefore+2*n {
		time.Sleep(time.Millisecond)
	}
	srv.Resume()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	trips := rt.single.Load() + rt.pipelines.Load() - before
	if trips > 2*senders+2*n/maxBatch+1 {
		t.Errorf("%d commands took %d round trips (%d alone, %d pipelines of %d)", 2*n, trips,
			rt.single.Load(), rt.pipelines.Load(), rt.piped.Load())
	}
	if st := s.Stats(); st.Errors != 0 || st.Down {
		t.Errorf("stats %+v", st)
	}
}

// TestBatchedAfterClose: an operation on a closed store fails.
func TestBatchedAfterClose(t *testing.T) {
	srv := redistest.Start(t)
	s, err := Open(srv.URL(0), Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := s.Delete(ctx, "k"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := s.Get(ctx, "k"); err == nil || errors.Is(err, stophook.ErrNotFound) {
		t.Errorf("Get after Close: %v, want an error", err)
	}
}

// stuckHook holds every GET in its round trip, whatever the round trip's
// deadline, until release is closed: both senders busy with a server that
// does not answer.
type stuckHook struct{ entered, release chan struct{} }

func (h stuckHook) DialHook(next redis.DialHook) redis.DialHook { return next }
func (h stuckHook) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		select {
		case h.entered <- struct{}{}:
			<-h.release
		case <-h.release: // the test is over
		}
		cmd.SetErr(io.ErrUnexpectedEOF)
		return cmd.Err()
	}
}
func (h stuckHook) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

// TestQueuedCommandTimesOut: a read waiting for a sender while both are
// in round trips the server does not answer fails within the store's
// timeout, as one round trip would: it used to wait for a round trip
// ahead of it to time out first, then for its own, so a stop behind a
// hung server was let through after twice the timeout or more.
func TestQueuedCommandTimesOut(t *testing.T) {
	hook := stuckHook{make(chan struct{}), make(chan struct{})}
	c := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1"})
	c.AddHook(hook)
	s := New(c, Options{Timeout: 10 * time.Millisecond, Cooldown: -1, Logger: slog.New(slog.DiscardHandler)})
	defer s.Close()
	defer close(hook.release)
	ctx := context.Background()
	for range senders {
		go s.Get(ctx, "k")
		<-hook.entered // a sender holds it, in a round trip that does not end
	}
	done := make(chan error, 1)
	go func() {
		_, err := s.Get(ctx, "k")
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("the queued read: %v, want its timeout", err)
		}
	case <-time.After(time.Minute): // a guard against hanging: the timeout is 10 ms
		t.Fatal("a read waiting for a sender did not time out while the round trips ahead of it went on")
	}
}
