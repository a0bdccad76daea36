package httphook

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"sync/atomic"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/internal/decided"
	"github.com/stophook/stophook/internal/inputstore"
	"github.com/stophook/stophook/internal/statedir"
)

// Paths served besides the hook. Every other path is the hook (Claude
// Code's settings usually name /stop).
const (
	healthPath  = "/healthz"
	metricsPath = "/metrics"
)

// defaultMaxConcurrent is the default cap on hook requests answered at
// once.
const defaultMaxConcurrent = 512

// ServeOptions configure [Serve]. The zero value means every default.
type ServeOptions struct {
	// Token, when set, is required on GET /metrics as on hook requests;
	// /healthz is open, for load balancers.
	Token string
	// MaxConcurrent caps the hook requests answered at once; more are
	// answered 503 at once (Claude Code then lets the session stop).
	// Default 512. A request keeps its place until its policy returned,
	// even when the answer left at the deadline before.
	MaxConcurrent int
	// Health is asked by GET /healthz, which answers 503 when it fails
	// (say, the shared store is unreachable); nil means always healthy.
	Health func(ctx context.Context) error
	// Drain bounds the wait for requests in flight at shutdown. Default
	// hook.DefaultBudget: a decision cannot take longer.
	Drain time.Duration
	// Logger defaults to slog.Default().
	Logger *slog.Logger

	metrics *metrics // nil: new, unshared metrics
	// inputStore, when set, wraps the store the runner makes for each
	// input when it was given none (see package inputstore).
	inputStore func(stophook.Store) stophook.Store
}

// mux returns the server's handler: GET /healthz, GET /metrics, and hook
// on every other path, behind the concurrency cap and the metrics.
func mux(hook http.Handler, opts ServeOptions) http.Handler {
	opts = opts.withDefaults()
	var active atomic.Int64 // hook requests past the cap, until they return
	limit := int64(opts.MaxConcurrent)
	answer := answerOf(hook)
	auth := &authLog{log: opts.Logger}
	timed := opts.metrics.timed(func(w http.ResponseWriter, r *http.Request) int {
		if !admit(&active, limit) {
			opts.metrics.rejected.Add(1)
			w.Header().Set("Retry-After", "1")
			return refuse(w, "stophook: server busy", http.StatusServiceUnavailable)
		}
		defer active.Add(-1)
		return answer(w, r)
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if (r.URL.Path == healthPath || r.URL.Path == metricsPath) && r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "stophook: "+r.URL.Path+" answers GET; POST hook inputs to another path such as /stop", http.StatusMethodNotAllowed)
			return
		}
		switch r.URL.Path {
		case healthPath:
			if opts.Health != nil {
				if err := opts.Health(r.Context()); err != nil {
					http.Error(w, "unhealthy: "+err.Error(), http.StatusServiceUnavailable)
					return
				}
			}
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Write([]byte("ok\n"))
		case metricsPath:
			if opts.Token != "" && !validBearer(r.Header.Get("Authorization"), opts.Token) {
				auth.refused(r)
				w.Header().Set("WWW-Authenticate", `Bearer realm="stophook"`)
				http.Error(w, "stophook: missing or wrong bearer token", http.StatusUnauthorized)
				return
			}
			opts.metrics.ServeHTTP(w, r)
		default:
			timed(w, r)
		}
	})
}

// admit takes a place under the cap of limit requests counted by active,
// and reports whether there was one.
func admit(active *atomic.Int64, limit int64) bool {
	for {
		n := active.Load()
		if n >= limit {
			return false
		}
		if active.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

// answerOf returns a function that serves a request with h and returns
// the status code of the answer: a [*Handler] says it, any other handler's
// is recorded from what it writes.
func answerOf(h http.Handler) func(http.ResponseWriter, *http.Request) int {
	if h, ok := h.(*Handler); ok {
		return h.answer
	}
	return func(w http.ResponseWriter, r *http.Request) int {
		rec := &statusRecorder{ResponseWriter: w, code: http.StatusOK}
		h.ServeHTTP(rec, r)
		return rec.code
	}
}

func (o ServeOptions) withDefaults() ServeOptions {
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = defaultMaxConcurrent
	}
	if o.metrics == nil {
		o.metrics = newMetrics()
	}
	if o.Drain <= 0 {
		o.Drain = hook.DefaultBudget
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// Serve serves a hook handler on ln until ctx is done (wire it to SIGTERM
// with signal.NotifyContext); then it stops accepting, waits up to
// opts.Drain for the requests in flight, and returns nil — also when the
// drain ran past opts.Drain: it then closes the connections left and logs
// one line (level Warn) saying how many requests it cut. It returns the
// error when serving fails.
//
// Every path but two is hook (settings usually name /stop); GET /healthz
// answers "ok" (503 when opts.Health fails) and GET /metrics the server's
// counts in the Prometheus text format. At most opts.MaxConcurrent hook
// requests are answered at once, more get 503 at once. Read, header and
// idle timeouts (30 s, 5 s, 2 min) keep slow or idle clients from holding
// connections open.
func Serve(ctx context.Context, ln net.Listener, hook http.Handler, opts ServeOptions) error {
	opts = opts.withDefaults()
	srv := newServer(mux(hook, opts))
	// The decisions the runner makes without the policy (a turn's budget
	// used) are counted as the policy's are.
	base := decided.With(context.Background(), opts.metrics.runnerDecision)
	if opts.inputStore != nil {
		base = inputstore.With(base, opts.inputStore)
	}
	srv.BaseContext = func(net.Listener) context.Context { return base }
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
	if errors.Is(err, context.DeadlineExceeded) {
		// The drain ran past its budget: still the orderly shutdown the
		// operator asked for, so no error; say how many requests it cut.
		cut := opts.metrics.inFlight.Load() // hook requests still being answered
		err = srv.Close()
		opts.Logger.Warn(fmt.Sprintf("httphook: drain budget %s passed: cut %d requests in flight", opts.Drain, cut))
	}
	if serr := <-errc; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}

// ListenAndServe is what a hook binary's -http ADDR does: [Listen] on addr
// (refused off loopback without token; messages on log), run p
// through a [Handler] with token and opts, counted on /metrics
// (the failures of opts.Store, or of the store each input gets without
// one, too), and [Serve] until ctx is done. Without sopts.Health, a file
// store given (opts.Store, or $STOPHOOK_STATE_DIR) is checked by /healthz:
// 503 while its directory cannot be written. Unless the
// environment sets GOGC, it sets the process's GC target to
// 400: a server allocates much and keeps little (see serverGCPercent).
func ListenAndServe(ctx context.Context, addr string, p stophook.Policy, token string, opts hook.Options, sopts ServeOptions, log io.Writer) error {
	ln, err := Listen(addr, token, log)
	if err != nil {
		return err
	}
	tuneGC(os.Getenv)
	if sopts.metrics == nil {
		sopts.metrics = newMetrics()
	}
	sopts.Token = token
	if dir := os.Getenv(hook.StateDirEnv); opts.Store == nil && dir != "" {
		opts.Store = stophook.NewFileStore(dir) // what the runner would make, made here to be counted
	}
	if fs, ok := opts.Store.(*stophook.FileStore); ok && sopts.Health == nil {
		// Stops fail open while the directory cannot be written: say so.
		sopts.Health = func(context.Context) error { return statedir.Writable(fs.Dir()) }
	}
	if opts.Store != nil {
		opts.Store = sopts.metrics.store(opts.Store)
	} else {
		sopts.inputStore = sopts.metrics.store // each input's own FileStore, counted too
	}
	return Serve(ctx, ln, New(sopts.metrics.policy(p), token, opts), sopts)
}
