package loadgen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Bounds of a run.
const (
	MaxRequests    = 2_000_000
	MaxConcurrency = 1024
)

// Config describes a run.
type Config struct {
	// URL is the hook server's URL; its host must be a loopback address.
	URL string
	// Token, when set, is sent as "Authorization: Bearer <Token>".
	Token string
	// Concurrency is the number of workers, each with one request in
	// flight at a time.
	Concurrency int
	// Requests is the number of requests to send in all.
	Requests int
	// Body returns the body of request i; nil means "{}".
	Body func(i int) []byte
}

// Result is what a run measured.
type Result struct {
	Requests int           // answered, whatever the status
	Errors   int           // transport errors and non-2xx answers
	Elapsed  time.Duration // from the first request to the last answer
	P50, P99 time.Duration
	Max      time.Duration
}

// PerSecond returns answered requests per second.
func (r Result) PerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Requests) / r.Elapsed.Seconds()
}

func (r Result) String() string {
	return fmt.Sprintf("requests=%d errors=%d rate=%.0f/s p50=%s p99=%s max=%s",
		r.Requests, r.Errors, r.PerSecond(), r.P50.Round(time.Microsecond), r.P99.Round(time.Microsecond), r.Max.Round(time.Microsecond))
}

// ErrNotLoopback is returned for a URL whose host is not on this machine.
var ErrNotLoopback = errors.New("loadgen: only loopback addresses (127.0.0.0/8, ::1, localhost) may be loaded")

// CheckLoopback fails unless rawURL is http:// on a loopback address.
func CheckLoopback(rawURL string) error {
	u, err := url.Parse(rawURL)
	if err != nil {
		return fmt.Errorf("loadgen: %w", err)
	}
	if u.Scheme != "http" {
		return fmt.Errorf("loadgen: %q: want an http:// URL", rawURL)
	}
	return checkHost(u.Hostname())
}

func checkHost(host string) error {
	if strings.EqualFold(host, "localhost") {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("%w: %q", ErrNotLoopback, host)
}

// Run sends cfg.Requests requests from cfg.Concurrency workers and
// returns what it measured. It stops early, with what it has, when ctx
// ends.
func Run(ctx context.Context, cfg Config) (Result, error) {
	if err := CheckLoopback(cfg.URL); err != nil {
		return Result{}, err
	}
	if cfg.Concurrency < 1 || cfg.Concurrency > MaxConcurrency {
		return Result{}, fmt.Errorf("loadgen: concurrency %d: want 1 to %d", cfg.Concurrency, MaxConcurrency)
	}
	if cfg.Requests < 1 || cfg.Requests > MaxRequests {
		return Result{}, fmt.Errorf("loadgen: %d requests: want 1 to %d", cfg.Requests, MaxRequests)
	}
	body := cfg.Body
	if body == nil {
		body = func(int) []byte { return []byte("{}") }
	}
	u, _ := url.Parse(cfg.URL) // checked by CheckLoopback
	conns := make([]*conn, cfg.Concurrency)
	for w := range conns {
		conns[w] = newConn(u, cfg.Token)
	}
	// A request blocked in a read when ctx ends is freed by closing its
	// connection.
	var mu sync.Mutex
	stopped := false
	defer context.AfterFunc(ctx, func() {
		mu.Lock()
		defer mu.Unlock()
		stopped = true
		for _, c := range conns {
			if c.c != nil {
				c.c.Close()
			}
		}
	})()
	lat := make([]time.Duration, cfg.Requests)
	var next, errs atomic.Int64
	var answered atomic.Int64
	start := time.Now()
	var wg sync.WaitGroup
	for _, c := range conns {
		wg.Go(func() {
			defer func() {
				mu.Lock()
				c.close()
				mu.Unlock()
			}()
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= cfg.Requests {
					return
				}
				t0 := time.Now()
				mu.Lock()
				if stopped {
					mu.Unlock()
					return
				}
				if c.c == nil { // dial under mu, so that AfterFunc sees the connection
					var d net.Dialer
					nc, err := d.DialContext(ctx, "tcp", c.addr)
					if err != nil {
						mu.Unlock()
						lat[i] = time.Since(t0)
						answered.Add(1)
						errs.Add(1)
						continue
					}
					c.set(nc)
				}
				mu.Unlock()
				ok, keep, err := c.do(body(i))
				lat[i] = time.Since(t0)
				if !keep {
					mu.Lock()
					c.close()
					mu.Unlock()
				}
				answered.Add(1)
				if err != nil || !ok {
					errs.Add(1)
				}
			}
		})
	}
	wg.Wait()
	r := Result{Requests: int(answered.Load()), Errors: int(errs.Load()), Elapsed: time.Since(start)}
	got := slices.DeleteFunc(lat, func(d time.Duration) bool { return d == 0 })
	slices.Sort(got)
	if len(got) > 0 {
		r.P50 = got[len(got)/2]
		r.P99 = got[min(len(got)-1, len(got)*99/100)]
		r.Max = got[len(got)-1]
	}
	return r, ctx.Err()
}

// Bare is the baseline: a plain net/http handler answering {} to
// everything, as a hook server that decides nothing would.
var Bare = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Write([]byte("{}"))
})

// Floor answers {} as Bare does after the HTTP work every hook server
// does before it decides: it refuses anything but a JSON POST and reads
// the whole body through a size limit. Served with [FloorServer]'s
// timeouts, it measures what a decision costs beyond the HTTP a hook
// server cannot skip.
var Floor = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" {
		http.Error(w, "loadgen: POST application/json", http.StatusBadRequest)
		return
	}
	if _, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 8<<20)); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write([]byte("{}"))
})

// FloorServer returns a server for h with the read-header, read and idle
// timeouts of the stophook hook servers (httphook), which cost a timer
// update per request.
func FloorServer(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute}
}
