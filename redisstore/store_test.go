package redisstore_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/redistest"
	"github.com/stophook/stophook/redisstore"
	"github.com/stophook/stophook/stophooktest/storetest"
)

// open returns a store on srv with a prefix of its own, so tests sharing a
// server do not see each other's keys. Unless a test sets its own, the
// round-trip timeout is generous: the default 500 ms is a production
// budget, and a round trip on a loaded machine under the race detector
// can outlast it, trip the breaker and fail a test that is not about
// timeouts (TestFourReplicasOneKey once did: "server unavailable").
func open(t *testing.T, srv *redistest.Server, opts redisstore.Options) *redisstore.Store {
	t.Helper()
	if opts.Prefix == "" {
		opts.Prefix = fmt.Sprintf("test:%s:%d:", t.Name(), prefixSeq.Add(1))
	}
	if opts.Timeout == 0 {
		opts.Timeout = testTimeout
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s, err := redisstore.Open(srv.URL(0), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

var prefixSeq atomic.Int64

// testTimeout is the round-trip timeout of the tests' stores.
const testTimeout = 30 * time.Second

func TestConformance(t *testing.T) {
	srv := redistest.Start(t)
	storetest.Run(t, func(t *testing.T) stophook.Store { return open(t, srv, redisstore.Options{}) })
}

// TestReplicasShareCounts runs 1000 concurrent increments of one key split
// across two stores (two replicas) on one server: none may be lost.
func TestReplicasShareCounts(t *testing.T) {
	srv := redistest.Start(t)
	a := open(t, srv, redisstore.Options{Prefix: "fleet:"})
	b := open(t, srv, redisstore.Options{Prefix: "fleet:"})
	ctx := context.Background()
	const n = 1000
	var wg sync.WaitGroup
	for i := range n {
		s := a
		if i%2 == 1 {
			s = b
		}
		wg.Go(func() {
			if err := storetest.Increment(ctx, s, "retry/s1"); err != nil {
				t.Errorf("Increment: %v", err)
			}
		})
	}
	wg.Wait()
	if got, err := storetest.Count(ctx, a, "retry/s1"); err != nil || got != n {
		t.Errorf("count: got %d, %v, want %d", got, err, n)
	}
	t.Logf("conflicts: %d + %d", a.Stats().Conflicts, b.Stats().Conflicts)
}

func TestPrefixSeparatesDeployments(t *testing.T) {
	srv := redistest.Start(t)
	a := open(t, srv, redisstore.Options{Prefix: "team-a:"})
	b := open(t, srv, redisstore.Options{Prefix: "team-b:"})
	ctx := context.Background()
	if err := a.Update(ctx, "k", func([]byte) ([]byte, error) { return []byte("a"), nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Get(ctx, "k"); !errors.Is(err, stophook.ErrNotFound) {
		t.Errorf("team-b sees team-a's key: %v", err)
	}
}

// TestFailsOpenWhenKilled kills the server: operations fail (a hook lets
// the stop through), then fail at once without a round trip, with one log
// line for the outage and one when the server is back.
func TestFailsOpenWhenKilled(t *testing.T) {
	srv := redistest.Start(t)
	var logs strings.Builder
	var mu sync.Mutex
	s := open(t, srv, redisstore.Options{Logger: slog.New(slog.NewTextHandler(lockedWriter{&mu, &logs}, nil))})
	ctx := context.Background()
	inc := func() error { return storetest.Increment(ctx, s, "k") }
	if err := inc(); err != nil {
		t.Fatal(err)
	}
	srv.Kill()
	if err := inc(); err == nil || !strings.HasPrefix(err.Error(), "redisstore: ") || strings.Count(err.Error(), srv.Addr) != 1 {
		t.Fatalf("Update with the server killed: got %v, want an error of redisstore naming the server once", err)
	}
	for range 10 {
		if err := inc(); !errors.Is(err, redisstore.ErrUnavailable) {
			t.Fatalf("Update during the cooldown: got %v, want ErrUnavailable", err)
		}
	}
	st := s.Stats()
	if st.FastFails < 10 || !st.Down || st.Errors == 0 {
		t.Errorf("stats %+v: want ≥ 10 fast failures, errors, down", st)
	}
	mu.Lock()
	if n := strings.Count(logs.String(), "\n"); n != 1 {
		t.Errorf("%d log lines for one outage, want 1:\n%s", n, logs.String())
	}
	mu.Unlock()
}

// TestRecovers brings a killed server back: with no cooldown the next
// operation reaches it, and one line says so.
func TestRecovers(t *testing.T) {
	srv := redistest.Start(t)
	var logs strings.Builder
	var mu sync.Mutex
	s := open(t, srv, redisstore.Options{Cooldown: -1, Logger: slog.New(slog.NewTextHandler(lockedWriter{&mu, &logs}, nil))})
	ctx := context.Background()
	srv.Kill()
	if err := storetest.Increment(ctx, s, "k"); err == nil {
		t.Fatal("Update with the server killed: got nil error")
	}
	srv.Restart()
	if err := storetest.Increment(ctx, s, "k"); err != nil {
		t.Fatalf("Update after restart: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if got := logs.String(); strings.Count(got, "\n") != 2 || !strings.Contains(got, "answering again") {
		t.Errorf("logs: got\n%s\nwant one line for the outage and one for the recovery", got)
	}
}

// TestFailsOpenWhenHung pauses the server: connections stay open and
// nothing answers. The store's own timeout ends the operation; the caller's
// context has no deadline.
func TestFailsOpenWhenHung(t *testing.T) {
	srv := redistest.Start(t)
	// The store's own timeout is what this test is about: short, so that
	// the hung server ends the operation soon, yet long enough for a round
	// trip to a server that answers.
	s := open(t, srv, redisstore.Options{Timeout: 2 * time.Second})
	ctx := context.Background()
	if err := storetest.Increment(ctx, s, "k"); err != nil {
		t.Fatal(err)
	}
	srv.Pause()
	defer srv.Resume()
	_, err := s.Get(ctx, "k")
	if err == nil {
		t.Fatal("Get from a hung server: got nil error")
	}
	// The one line a command prints says which store and why: it said
	// "context deadline exceeded" (also for rediss:// to a plain server).
	if msg := err.Error(); !strings.HasPrefix(msg, "redisstore: "+srv.Addr) || !strings.Contains(msg, "within 2s") {
		t.Errorf("Get from a hung server: %q, want it to name the server and the store's timeout", msg)
	}
	if err := storetest.Increment(ctx, s, "k"); !errors.Is(err, redisstore.ErrUnavailable) {
		t.Errorf("Update after a timeout: got %v, want ErrUnavailable at once", err)
	}
}

func TestTTL(t *testing.T) {
	srv := redistest.Start(t)
	s := open(t, srv, redisstore.Options{Prefix: "ttl:"})
	ctx := context.Background()
	if err := storetest.Increment(ctx, s, "k"); err != nil {
		t.Fatal(err)
	}
	c := redis.NewClient(&redis.Options{Addr: srv.Addr})
	defer c.Close()
	if ttl := c.PTTL(ctx, "ttl:k").Val(); ttl <= 0 || ttl > redisstore.DefaultTTL {
		t.Errorf("PTTL: got %v, want in (0, %v]", ttl, redisstore.DefaultTTL)
	}
	n := open(t, srv, redisstore.Options{Prefix: "nottl:", TTL: -1})
	if err := storetest.Increment(ctx, n, "k"); err != nil {
		t.Fatal(err)
	}
	if ttl := c.PTTL(ctx, "nottl:k").Val(); ttl != -1 {
		t.Errorf("PTTL with TTL -1: got %v, want -1 (no expiry)", ttl)
	}
}

func TestOpenURL(t *testing.T) {
	t.Parallel()
	tests := []struct {
		url     string
		wantErr bool
		prefix  string
	}{
		{"redis://127.0.0.1:1/0", false, redisstore.DefaultPrefix},
		{"rediss://127.0.0.1:1/3?prefix=a:", false, "a:"},
		{"redis://127.0.0.1:1/0?ttl=1h&timeout=50ms&dial_timeout=1s", false, redisstore.DefaultPrefix},
		{"redis://127.0.0.1:1/0?ttl=forever", true, ""},
		{"http://127.0.0.1:1/0", true, ""},
		{"redis://127.0.0.1:1/notadb", true, ""},
		{"redis://127.0.0.1:1/0?nosuchoption=1", true, ""},
	}
	for _, tt := range tests {
		s, err := redisstore.Open(tt.url, redisstore.Options{})
		if (err != nil) != tt.wantErr {
			t.Errorf("Open(%q): error %v, want error %v", tt.url, err, tt.wantErr)
			continue
		}
		if err == nil {
			if s.Prefix() != tt.prefix {
				t.Errorf("Open(%q): prefix %q, want %q", tt.url, s.Prefix(), tt.prefix)
			}
			s.Close()
		}
	}
}

// TestOpenDurations: ttl and timeout take a bare number of seconds, as
// go-redis's own dial_timeout does, and ttl=-1 keeps values for ever
// (Options.TTL's negative): both were refused for a missing unit.
func TestOpenDurations(t *testing.T) {
	t.Parallel()
	tests := []struct {
		query        string
		ttl, timeout time.Duration
	}{
		{"ttl=-1", -time.Second, 500 * time.Millisecond},
		{"ttl=3600&timeout=2", time.Hour, 2 * time.Second},
		{"ttl=90m&timeout=250ms", 90 * time.Minute, 250 * time.Millisecond},
		{"ttl=-1s", -time.Second, 500 * time.Millisecond},
		{"ttl=0&timeout=0", redisstore.DefaultTTL, 500 * time.Millisecond},
	}
	for _, tt := range tests {
		s, err := redisstore.Open("redis://127.0.0.1:1/0?"+tt.query, redisstore.Options{})
		if err != nil {
			t.Errorf("Open(?%s): %v", tt.query, err)
			continue
		}
		if s.TTL() != tt.ttl || s.Timeout() != tt.timeout {
			t.Errorf("Open(?%s): ttl %v timeout %v, want %v and %v", tt.query, s.TTL(), s.Timeout(), tt.ttl, tt.timeout)
		}
		s.Close()
	}
	for _, q := range []string{"ttl=1.5", "timeout=soon", "ttl=1e3"} {
		if s, err := redisstore.Open("redis://127.0.0.1:1/0?"+q, redisstore.Options{}); err == nil {
			s.Close()
			t.Errorf("Open(?%s): no error", q)
		}
	}
}

// TestOpenHidesPassword: a URL that does not parse, for a password with
// a character it should have percent-encoded, is refused without the
// password, which url.Parse's error quotes.
func TestOpenHidesPassword(t *testing.T) {
	t.Parallel()
	const pw = "s3cret-pw"
	for _, u := range []string{"redis://:" + pw + "/x@127.0.0.1:1/0", "redis://u:" + pw + "#x@127.0.0.1:1/0", "redis://:" + pw + "%zz@127.0.0.1:1/0"} {
		s, err := redisstore.Open(u, redisstore.Options{})
		if err == nil {
			s.Close()
			t.Errorf("Open(%q): no error", u)
		} else if strings.Contains(err.Error(), pw) {
			t.Errorf("Open(%q): %v shows the password", u, err)
		}
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Write(p)
}

// TestKill9 kills processes updating the store (the server survives):
// every acknowledged update is there, intact.
func TestKill9(t *testing.T) {
	const env = "REDISSTORE_TEST_KILL9_URL"
	url := os.Getenv(env) // set in the children
	if url == "" {
		url = redistest.Start(t).URL(0)
		t.Setenv(env, url)
	}
	storetest.Crash(t, 20, func(t testing.TB, state string) stophook.Store {
		s, err := redisstore.Open(url, redisstore.Options{Prefix: "kill9:" + filepath.Base(state) + ":"})
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}
