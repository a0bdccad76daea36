package httphook

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/stophook/stophook"
)

// Paths served besides the hook. Every other path is the hook (Claude
// Code's settings usually name /stop).
const (
	HealthPath  = "/healthz"
	MetricsPath = "/metrics"
)

// DefaultMaxConcurrent is the default cap on hook requests answered at
// once.
const DefaultMaxConcurrent = 512

// ServeOptions configure [Serve]. The zero value means every default.
type ServeOptions struct {
	// Token, when set, is required on GET /metrics as on hook requests;
	// /healthz is open, for load balancers.
	Token string
	// MaxConcurrent caps the hook requests answered at once; more are
	// answered 503 at once (Claude Code then lets the session stop).
	// Default DefaultMaxConcurrent.
	MaxConcurrent int
	// Metrics receives the request counts and serves /metrics; nil means
	// new, unshared metrics.
	Metrics *Metrics
	// Health is asked by GET /healthz, which answers 503 when it fails
	// (say, the shared store is unreachable); nil means always healthy.
	Health func(ctx context.Context) error
	// Drain bounds the wait for requests in flight at shutdown. Default
	// stophook.DefaultBudget: a decision cannot take longer.
	Drain time.Duration
	// Logger defaults to slog.Default().
	Logger *slog.Logger
}

// Mux returns the server's handler: GET /healthz, GET /metrics, and hook
// on every other path, behind the concurrency cap and the metrics.
func Mux(hook http.Handler, opts ServeOptions) http.Handler {
	opts = opts.withDefaults()
	sem := make(chan struct{}, opts.MaxConcurrent)
	capped := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case sem <- struct{}{}:
			defer func() { <-sem }()
			hook.ServeHTTP(w, r)
		default:
			opts.Metrics.rejected.Add(1)
			w.Header().Set("Retry-After", "1")
			http.Error(w, "stophook: server busy", http.StatusServiceUnavailable)
		}
	})
	timed := opts.Metrics.Handler(capped)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if (r.URL.Path == HealthPath || r.URL.Path == MetricsPath) && r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "stophook: "+r.URL.Path+" answers GET; POST hook inputs to another path such as /stop", http.StatusMethodNotAllowed)
			return
		}
		switch r.URL.Path {
		case HealthPath:
			if opts.Health != nil {
				if err := opts.Health(r.Context()); err != nil {
					http.Error(w, "unhealthy: "+err.Error(), http.StatusServiceUnavailable)
					return
				}
			}
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Write([]byte("ok\n"))
		case MetricsPath:
			if opts.Token != "" && !validBearer(r.Header.Get("Authorization"), opts.Token) {
				w.Header().Set("WWW-Authenticate", `Bearer realm="stophook"`)
				http.Error(w, "stophook: missing or wrong bearer token", http.StatusUnauthorized)
				return
			}
			opts.Metrics.ServeHTTP(w, r)
		default:
			timed.ServeHTTP(w, r)
		}
	})
}

func (o ServeOptions) withDefaults() ServeOptions {
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = DefaultMaxConcurrent
	}
	if o.Metrics == nil {
		o.Metrics = NewMetrics()
	}
	if o.Drain <= 0 {
		o.Drain = stophook.DefaultBudget
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// Serve serves [Mux] on ln, with the timeouts of [NewServer], until ctx is
// done (wire it to SIGTERM with signal.NotifyContext); then it stops
// accepting, waits up to opts.Drain for the requests in flight, and
// returns nil. It returns the error when serving fails.
func Serve(ctx context.Context, ln net.Listener, hook http.Handler, opts ServeOptions) error {
	opts = opts.withDefaults()
	srv := NewServer(Mux(hook, opts))
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	opts.Logger.Info("httphook: shutting down: draining requests in flight")
	dctx, cancel := context.WithTimeout(context.Background(), opts.Drain)
	defer cancel()
	err := srv.Shutdown(dctx)
	if serr := <-errc; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}

// ListenAndServe is what a hook binary's -http ADDR does: [Listen] on addr
// (refused off loopback without opts.Token; messages on log), run p
// through a [Handler] with opts, counted by sopts.Metrics (opts.Store's
// failures too), and [Serve] until ctx is done.
func ListenAndServe(ctx context.Context, addr string, p stophook.Policy, opts Options, sopts ServeOptions, log io.Writer) error {
	ln, err := Listen(addr, opts.Token, log)
	if err != nil {
		return err
	}
	if sopts.Metrics == nil {
		sopts.Metrics = NewMetrics()
	}
	sopts.Token = opts.Token
	if opts.Store != nil {
		opts.Store = sopts.Metrics.Store(opts.Store)
	}
	return Serve(ctx, ln, New(sopts.Metrics.Policy(p), opts), sopts)
}
