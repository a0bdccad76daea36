package redisstore

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// emptyHook answers every command at once as for a missing key, without
// the network.
type emptyHook struct{}

func (emptyHook) DialHook(next redis.DialHook) redis.DialHook { return next }
func (emptyHook) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		cmd.SetErr(redis.Nil)
		return redis.Nil
	}
}
func (emptyHook) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

// TestQueuedUpdateTimesOut: an update of a key waiting for the update
// ahead of it fails within the store's timeout when that one holds the
// key longer. Behind a slow server (each round trip answered within the
// timeout) updates of one key used to queue one after another, each
// waiting for all the round trips ahead of it, past a hook's budget. Here
// the update ahead holds the key in its fn, until the test ends.
func TestQueuedUpdateTimesOut(t *testing.T) {
	c := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1"})
	c.AddHook(emptyHook{})
	s := New(c, Options{Timeout: 10 * time.Millisecond, Cooldown: -1, Logger: slog.New(slog.DiscardHandler)})
	defer s.Close()
	ctx := context.Background()
	holding, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	go s.Update(ctx, "k", func([]byte) ([]byte, error) {
		close(holding)
		<-release
		return nil, errors.New("the test is over")
	})
	<-holding
	done := make(chan error, 1)
	go func() {
		done <- s.Update(ctx, "k", func([]byte) ([]byte, error) { return []byte("v"), nil })
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("the queued update: %v, want its timeout", err)
		}
	case <-time.After(time.Minute): // a guard against hanging: the timeout is 10 ms
		t.Fatal("an update waiting for the key's lock did not time out while the update ahead of it went on")
	}
}

// TestUpdateTimeoutIsServerFailure: an update whose round trip the server
// does not answer within the store's timeout, which bounds the whole
// update, fails as a server failure (counted, the store marked down), not
// as a caller that gave up.
func TestUpdateTimeoutIsServerFailure(t *testing.T) {
	hook := stuckHook{make(chan struct{}), make(chan struct{})}
	c := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1"})
	c.AddHook(hook)
	s := New(c, Options{Timeout: 10 * time.Millisecond, Cooldown: -1, Logger: slog.New(slog.DiscardHandler)})
	defer s.Close()
	defer close(hook.release)
	err := s.Update(context.Background(), "k", func([]byte) ([]byte, error) { return []byte("v"), nil })
	if err == nil {
		t.Fatal("Update with a server that does not answer: got nil error")
	}
	if st := s.Stats(); st.Errors != 1 || !st.Down {
		t.Errorf("stats %+v: want 1 error, down", st)
	}
}
