package redisstore

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/redis/go-redis/v9/logging"
	"github.com/redis/go-redis/v9/maintnotifications"
)

// Open connects to the server named by a redis:// or rediss:// URL
// (redis://[user:password@]host:port/db). Besides go-redis's own query
// parameters (dial_timeout, pool_size, …) it takes prefix, ttl and
// timeout, which set the fields of opts of the same names; opts' fields
// win over the URL's when set. ttl and timeout are Go durations (720h,
// 250ms) or whole seconds; ttl=-1 keeps values for ever. Nothing is
// dialled until the first operation.
//
// Open turns go-redis's own logger off, a process-wide setting: it would
// print a line per failed dial, where the store logs one per outage.
func Open(rawURL string, opts Options) (*Store, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		if strings.Contains(rawURL, "@") {
			// url.Parse quotes the URL, and the part of it it cannot
			// read: a password with a / ? or # in it, not encoded.
			return nil, errors.New("redisstore: the URL does not parse (its user info is not shown): a password's / ? # % and @ are written %2F %3F %23 %25 and %40")
		}
		return nil, fmt.Errorf("redisstore: %w", err)
	}
	if u.Scheme != "redis" && u.Scheme != "rediss" {
		return nil, fmt.Errorf("redisstore: scheme %q: want redis:// or rediss://", u.Scheme)
	}
	q := u.Query()
	if v := q.Get("prefix"); v != "" && opts.Prefix == "" {
		opts.Prefix = v
	}
	for _, p := range []struct {
		name string
		dst  *time.Duration
	}{{"ttl", &opts.TTL}, {"timeout", &opts.Timeout}} {
		v := q.Get(p.name)
		if v == "" {
			continue
		}
		d, err := parseDuration(v)
		if err != nil {
			return nil, fmt.Errorf("redisstore: %s=%q: %w", p.name, v, err)
		}
		if *p.dst == 0 {
			*p.dst = d
		}
	}
	q.Del("prefix")
	q.Del("ttl")
	q.Del("timeout")
	u.RawQuery = q.Encode()
	ro, err := redis.ParseURL(u.String())
	if err != nil {
		return nil, fmt.Errorf("redisstore: %w", err)
	}
	opts = opts.withDefaults()
	clientOptions(ro, opts.Timeout)
	redis.SetLogger(&logging.VoidLogger{})
	return New(redis.NewClient(ro), opts), nil
}

// parseDuration reads a URL's ttl or timeout: a Go duration (90s, 720h),
// or a bare whole number of seconds as go-redis reads its own
// dial_timeout and Redis its EXPIRE (ttl=-1: never expire).
func parseDuration(v string) (time.Duration, error) {
	if n, err := strconv.ParseInt(v, 10, 32); err == nil {
		return time.Duration(n) * time.Second, nil
	}
	return time.ParseDuration(v)
}

// clientOptions sets what failing open needs on go-redis options left at
// their defaults: dial, read and write timeouts of timeout, context
// deadlines honoured, one retry, one dial attempt, and no handshake
// extras (client identity, maintenance notifications).
func clientOptions(o *redis.Options, timeout time.Duration) {
	if o.DialTimeout == 0 {
		o.DialTimeout = timeout
	}
	if o.ReadTimeout == 0 {
		o.ReadTimeout = timeout
	}
	if o.WriteTimeout == 0 {
		o.WriteTimeout = timeout
	}
	if o.PoolTimeout == 0 {
		o.PoolTimeout = timeout
	}
	if o.MaxRetries == 0 {
		o.MaxRetries = 1
	}
	if o.DialerRetries == 0 {
		o.DialerRetries = 1
	}
	o.ContextTimeoutEnabled = true
	o.DisableIdentity = true
	if o.MaintNotificationsConfig == nil {
		o.MaintNotificationsConfig = &maintnotifications.Config{Mode: maintnotifications.ModeDisabled}
	}
}
