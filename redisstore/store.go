package redisstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stophook/stophook"
)

// Defaults of [Options].
const (
	defaultPrefix   = "stophook:"
	defaultTTL      = 30 * 24 * time.Hour
	defaultTimeout  = 500 * time.Millisecond
	defaultCooldown = 2 * time.Second
)

// maxValueSize bounds a value written to the server.
const maxValueSize = 16 << 20

// maxAttempts bounds the compare-and-set rounds of one Update: only other
// replicas can win a round, and each loser backs off a random while, so
// running out means the key is hammered by many replicas at once; the
// update then fails (open) rather than wait longer. The caller's context
// bounds the rounds too.
const maxAttempts = 1000

// ErrUnavailable is returned, at once, while the store fails fast after
// the server did not answer.
var ErrUnavailable = errors.New("redisstore: server unavailable")

// Options configure a [Store]. The zero value means every default.
type Options struct {
	// Prefix goes before every key: one per deployment sharing a server.
	// Default "stophook:".
	Prefix string
	// TTL is how long a value lives after its last update. Default
	// 30 days; negative means values never expire.
	TTL time.Duration
	// Timeout bounds each round trip to the server (and dialling). Default
	// 500 ms.
	Timeout time.Duration
	// Cooldown is how long operations fail at once after one failed on the
	// server. Default 2 s; negative disables failing fast.
	Cooldown time.Duration
	// Logger receives one line when the server stops answering and one when
	// it answers again. Nil means slog.Default().
	Logger *slog.Logger
}

func (o Options) withDefaults() Options {
	if o.Prefix == "" {
		o.Prefix = defaultPrefix
	}
	if o.TTL == 0 {
		o.TTL = defaultTTL
	}
	if o.Timeout <= 0 {
		o.Timeout = defaultTimeout
	}
	if o.Cooldown == 0 {
		o.Cooldown = defaultCooldown
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// Store is a [stophook.Store] in Redis. It is safe for concurrent use by
// goroutines and by processes sharing the server.
type Store struct {
	c     redis.UniversalClient
	opts  Options
	cas   *redis.Script
	locks keyLocks
	br    breaker
	stats counters
	batch batcher
	addr  string // the server's, for errors ("server" when unknown)
}

var _ stophook.Store = (*Store)(nil)

// New returns a Store using c, which the caller configures (timeouts
// included) and [Store.Close] closes.
func New(c redis.UniversalClient, opts Options) *Store {
	opts = opts.withDefaults()
	s := &Store{c: c, opts: opts, cas: redis.NewScript(casSource),
		batch: batcher{queue: make(chan *queuedCmd, queued), quit: make(chan struct{})}}
	s.br.cooldown = opts.Cooldown
	s.br.log = opts.Logger
	s.br.logs = opts.Logger.Enabled(context.Background(), slog.LevelWarn)
	s.addr = "server"
	if o, ok := c.(interface{ Options() *redis.Options }); ok && o.Options().Addr != "" {
		s.addr = o.Options().Addr
	}
	return s
}

// Close stops the store's senders and closes the client. Operations
// still waiting for a sender fail.
func (s *Store) Close() error {
	s.batch.stop.Do(func() { close(s.batch.quit) })
	s.batch.wg.Wait()
	return s.c.Close()
}

func (s *Store) key(k string) string { return s.opts.Prefix + k }

// Ping checks that the server answers, for a health check; it counts and
// fails fast like any operation.
func (s *Store) Ping(ctx context.Context) error {
	return s.do(ctx, func(ctx context.Context) error { return s.c.Ping(ctx).Err() })
}

// Get implements [stophook.Store].
func (s *Store) Get(ctx context.Context, key string) ([]byte, error) {
	cmd := redis.NewStringCmd(ctx, "get", s.key(key))
	if err := s.batched(ctx, cmd); err != nil {
		return nil, err
	}
	return cmd.Bytes()
}

// Delete implements [stophook.Store].
func (s *Store) Delete(ctx context.Context, key string) error {
	return s.batched(ctx, redis.NewIntCmd(ctx, "del", s.key(key)))
}

// Update implements [stophook.Store]. fn may run more than once: when
// another process wrote the key between the read and the write, the write
// is refused and fn runs again on the newer value.
func (s *Store) Update(ctx context.Context, key string, fn func(old []byte) ([]byte, error)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	unlock, err := s.locks.lock(ctx, key)
	if err != nil {
		return err
	}
	defer unlock()
	k := s.key(key)
	get := redis.NewStringCmd(ctx, "get", k)
	var old []byte
	switch err := s.batched(ctx, get); {
	case err == nil:
		old, _ = get.Bytes()
	case !errors.Is(err, stophook.ErrNotFound):
		return err
	}
	for attempt := 0; ; attempt++ {
		nv, err := fn(old)
		if err != nil {
			return err
		}
		if len(nv) > maxValueSize {
			return fmt.Errorf("redisstore: value of %d bytes, limit %d", len(nv), maxValueSize)
		}
		var done bool
		err = s.do(ctx, func(ctx context.Context) error {
			var err error
			done, old, err = s.compareAndSet(ctx, k, old, nv)
			return err
		})
		if err != nil || done {
			return err
		}
		s.stats.conflicts.Add(1)
		if attempt == maxAttempts {
			return fmt.Errorf("redisstore: %q changed under %d updates in a row", key, maxAttempts)
		}
		if err := backoff(ctx, attempt); err != nil {
			return err
		}
	}
}

// compareAndSet writes nv (deletes the key when nv is nil) if the key
// still holds old (nothing when old is nil). When it does not, it returns
// the current value.
func (s *Store) compareAndSet(ctx context.Context, k string, old, nv []byte) (done bool, cur []byte, err error) {
	had, op := "0", "set"
	if old != nil {
		had = "1"
	}
	if nv == nil {
		op = "del"
	}
	ttl := int64(0)
	if s.opts.TTL > 0 {
		ttl = max(s.opts.TTL.Milliseconds(), 1)
	}
	res, err := s.cas.Run(ctx, s.c, []string{k}, had, old, op, nv, strconv.FormatInt(ttl, 10)).Slice()
	if err != nil {
		return false, nil, err
	}
	if len(res) == 0 {
		return false, nil, errors.New("redisstore: empty reply from the update script")
	}
	if ok, _ := res[0].(int64); ok == 1 {
		return true, nil, nil
	}
	if len(res) < 2 || res[1] == nil {
		return false, nil, nil
	}
	switch v := res[1].(type) {
	case string:
		return false, []byte(v), nil
	case []byte:
		return false, bytes.Clone(v), nil
	}
	return false, nil, fmt.Errorf("redisstore: unexpected reply %T from the update script", res[1])
}

// casSource sets or deletes KEYS[1] when it holds ARGV[2] (ARGV[1] = "1")
// or nothing (ARGV[1] = "0"), and returns {1}; otherwise it returns {0}
// and the current value.
const casSource = `
local cur = redis.call('GET', KEYS[1])
local match
if ARGV[1] == '0' then match = (cur == false) else match = (cur == ARGV[2]) end
if not match then
  if cur == false then return {0} end
  return {0, cur}
end
if ARGV[3] == 'del' then
  redis.call('DEL', KEYS[1])
elseif tonumber(ARGV[5]) > 0 then
  redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[5])
else
  redis.call('SET', KEYS[1], ARGV[4])
end
return {1}
`

// backoff waits a short random while before the next compare-and-set, so
// that two replicas racing for a key do not collide again at once.
func backoff(ctx context.Context, attempt int) error {
	d := time.Duration(rand.Int64N(int64(100*time.Microsecond) << min(attempt, 4)))
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
