package httphook

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/waits"
)

// latencyBuckets are the upper bounds, in seconds, of the request
// latency histogram: from a memory-store decision to a human's answer.
var latencyBuckets = [...]float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60}

// metrics counts what a hook server does and writes it in the Prometheus
// text format ([metrics.ServeHTTP]): decisions by verdict and policy
// ([metrics.policy]), the latency of hook requests and their status codes
// ([metrics.handler]), requests refused over the concurrency cap, and
// failed Store operations ([metrics.store]). The counters are atomic: it
// is safe for concurrent use and cheap on the request path: counting takes
// no lock.
type metrics struct {
	decisions counters[[2]string] // {verdict, policy}
	// lastDecision holds, for allow and block, the counter of the last
	// decision's policy.
	lastDecision [2]atomic.Pointer[decisionCounter]
	codes        counters[int]

	buckets     [len(latencyBuckets) + 1]atomic.Uint64 // the last is +Inf
	sumNanos    atomic.Uint64
	count       atomic.Uint64
	inFlight    atomic.Int64
	rejected    atomic.Uint64
	storeErrors atomic.Uint64
}

// newMetrics returns empty metrics.
func newMetrics() *metrics { return new(metrics) }

// decision counts d, made by the policy named name, as "block" or "allow"
// (the decision log's verdicts).
func (m *metrics) decision(d stophook.Decision, name string) {
	policy := d.Policy
	switch {
	case policy == "" && len(d.Trace) == 0:
		policy = name // one policy's own decision
	case policy == "":
		policy = "none" // a chain in which every policy passed
	}
	v := 0 // allow: what the host is told; a pass lets the session stop too
	if d.Blocks() {
		v = 1
	}
	if e := m.lastDecision[v].Load(); e != nil && e.policy == policy {
		e.n.Add(1) // most decisions: the policy of the last one of their verdict
		return
	}
	n := m.decisions.get([2]string{verdicts[v], policy})
	n.Add(1)
	m.lastDecision[v].Store(&decisionCounter{policy: policy, n: n})
}

// verdicts are the decisions' verdict labels, by the index of
// metrics.lastDecision.
var verdicts = [2]string{"allow", "block"}

// decisionCounter is the counter of the decisions of one verdict made by
// policy: metrics.decisions' entry, kept at hand for the next decision
// (a look-up by two strings is hashed).
type decisionCounter struct {
	policy string
	n      *atomic.Uint64
}

// runnerDecision counts a decision the runner made without the policy
// (see package decided); its Policy names the runner's rule.
func (m *metrics) runnerDecision(d stophook.Decision) { m.decision(d, d.Policy) }

// policy returns p counting each decision it makes.
func (m *metrics) policy(p stophook.Policy) stophook.Policy {
	byPtr, _ := p.(evaluatorFor)
	return &countingPolicy{p: p, name: stophook.PolicyName(p), m: m, says: waits.Of[stophook.Input](p),
		saysFor: waits.PtrOf[stophook.Input](p), byPtr: byPtr}
}

// countingPolicy is p, named name, counting its decisions in m.
type countingPolicy struct {
	p    stophook.Policy
	name string
	m    *metrics
	says waits.Sayer[stophook.Input] // p's Waits, nil when it has none
	// p's WaitsFor and EvaluateFor, nil when it has none (see WaitsFor
	// and EvaluateFor)
	saysFor waits.PtrSayer[stophook.Input]
	byPtr   evaluatorFor
}

// evaluatorFor is a policy of this module that also runs with the input
// by pointer (see stophook's evaluatorFor).
type evaluatorFor interface {
	EvaluateFor(ctx context.Context, in *stophook.Input) (stophook.Decision, error)
}

func (c *countingPolicy) Name() string { return c.name }

func (c *countingPolicy) Evaluate(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
	d, err := c.p.Evaluate(ctx, in)
	return c.count(d, err)
}

// EvaluateFor is Evaluate with the input by pointer, as a chain calls it
// from package hook (see stophook's evaluatorFor); in escapes.
func (c *countingPolicy) EvaluateFor(ctx context.Context, in *stophook.Input) (stophook.Decision, error) {
	if c.byPtr == nil {
		return c.evaluateCopy(ctx, in)
	}
	d, err := c.byPtr.EvaluateFor(ctx, in)
	return c.count(d, err)
}

// evaluateCopy is c.Evaluate(ctx, *in), in a function of its own so that
// EvaluateFor's frame on the decision's path holds no room for the copy
// (see package hook's chainWaits).
//
//go:noinline
func (c *countingPolicy) evaluateCopy(ctx context.Context, in *stophook.Input) (stophook.Decision, error) {
	return c.Evaluate(ctx, *in)
}

// count counts the decision d, err of p.
func (c *countingPolicy) count(d stophook.Decision, err error) (stophook.Decision, error) {
	if err != nil {
		d = stophook.Decision{Policy: d.Policy}
	}
	c.m.decision(d, c.name)
	return d, err
}

// Waits is p's (see [stophook.Evaluate]).
func (c *countingPolicy) Waits(in stophook.Input) bool { return c.p != nil && waits.Ask(c.says, &in) }

// WaitsFor is Waits with the input by pointer (see [waits.PtrSayer]).
func (c *countingPolicy) WaitsFor(in *stophook.Input) bool {
	return c.p != nil && waits.AskFor(c.saysFor, c.says, in)
}

// store returns s counting its failed operations (a missing key and a
// caller's cancelled context are not failures).
func (m *metrics) store(s stophook.Store) stophook.Store {
	return &countingStore{Store: s, m: m, says: waits.Of[stophook.Input](s)}
}

type countingStore struct {
	stophook.Store
	m    *metrics
	says waits.Sayer[stophook.Input] // Store's Waits, nil when it has none
}

func (c *countingStore) count(ctx context.Context, err error) error {
	if err != nil && !errors.Is(err, stophook.ErrNotFound) && ctx.Err() == nil {
		c.m.storeErrors.Add(1)
	}
	return err
}

func (c *countingStore) Get(ctx context.Context, key string) ([]byte, error) {
	v, err := c.Store.Get(ctx, key)
	return v, c.count(ctx, err)
}

func (c *countingStore) Update(ctx context.Context, key string, fn func([]byte) ([]byte, error)) error {
	var fnErr error
	err := c.Store.Update(ctx, key, func(old []byte) ([]byte, error) {
		v, err := fn(old)
		fnErr = err
		return v, err
	})
	if err != nil && errors.Is(err, fnErr) {
		return err // fn's own error: the store did nothing wrong
	}
	return c.count(ctx, err)
}

// Unwrap returns the store counted: a policy that needs a FileStore's
// directory (escalate/deferred) finds it behind the count.
func (c *countingStore) Unwrap() stophook.Store { return c.Store }

// Waits is the store's (see [stophook.Evaluate]).
func (c *countingStore) Waits(in stophook.Input) bool { return waits.Ask(c.says, &in) }

// WaitsFor is Waits with the input by pointer (see [waits.PtrSayer]),
// which [waits.May] asks: the input is copied once, into the store's
// Waits, not twice.
func (c *countingStore) WaitsFor(in *stophook.Input) bool { return waits.Ask(c.says, in) }

func (c *countingStore) Delete(ctx context.Context, key string) error {
	return c.count(ctx, c.Store.Delete(ctx, key))
}

// timed returns serve timing each request and counting the status code it
// returns.
func (m *metrics) timed(serve func(http.ResponseWriter, *http.Request) int) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		m.inFlight.Add(1)
		start := time.Now()
		code := http.StatusOK // a panic's: what a handler that wrote nothing answers
		defer func() {
			m.observe(time.Since(start), code)
			m.inFlight.Add(-1)
		}()
		code = serve(w, r)
	}
}

func (m *metrics) observe(d time.Duration, code int) {
	secs := d.Seconds()
	i := 0
	for i < len(latencyBuckets) && secs > latencyBuckets[i] {
		i++
	}
	m.buckets[i].Add(1)
	m.sumNanos.Add(uint64(d.Nanoseconds()))
	m.count.Add(1)
	m.codes.get(code).Add(1)
}

type statusRecorder struct {
	http.ResponseWriter
	code  int
	wrote bool
}

func (s *statusRecorder) WriteHeader(code int) {
	if !s.wrote {
		s.code, s.wrote = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	s.wrote = true
	return s.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the writer's Flush.
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// ServeHTTP writes the metrics in the Prometheus text format.
func (m *metrics) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	m.WriteTo(w)
}

// WriteTo writes the metrics in the Prometheus text format.
func (m *metrics) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	metric := func(name, typ, help string) {
		fmt.Fprintf(&b, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, typ)
	}
	metric("stophook_decisions_total", "counter", "Decisions made, by verdict (block or allow) and by the policy that made them.")
	decisions, codes := m.decisions.load(), m.codes.load()
	keys := slices.SortedFunc(maps.Keys(decisions), func(a, b [2]string) int {
		return strings.Compare(a[0]+"\x00"+a[1], b[0]+"\x00"+b[1])
	})
	for _, k := range keys {
		fmt.Fprintf(&b, "stophook_decisions_total{verdict=\"%s\",policy=\"%s\"} %d\n", escapeLabel(k[0]), escapeLabel(k[1]), decisions[k])
	}
	metric("stophook_requests_total", "counter", "Hook requests answered, by HTTP status code.")
	for _, c := range slices.Sorted(maps.Keys(codes)) {
		fmt.Fprintf(&b, "stophook_requests_total{code=\"%d\"} %d\n", c, codes[c])
	}
	metric("stophook_request_duration_seconds", "histogram", "Time to answer a hook request.")
	var cum uint64
	for i := range m.buckets {
		cum += m.buckets[i].Load()
		le := "+Inf"
		if i < len(latencyBuckets) {
			le = strconv.FormatFloat(latencyBuckets[i], 'g', -1, 64)
		}
		fmt.Fprintf(&b, "stophook_request_duration_seconds_bucket{le=\"%s\"} %d\n", le, cum)
	}
	fmt.Fprintf(&b, "stophook_request_duration_seconds_sum %g\n", float64(m.sumNanos.Load())/1e9)
	fmt.Fprintf(&b, "stophook_request_duration_seconds_count %d\n", m.count.Load())
	metric("stophook_requests_in_flight", "gauge", "Hook requests being answered.")
	fmt.Fprintf(&b, "stophook_requests_in_flight %d\n", m.inFlight.Load())
	metric("stophook_requests_rejected_total", "counter", "Hook requests refused with 503 over the concurrency cap.")
	fmt.Fprintf(&b, "stophook_requests_rejected_total %d\n", m.rejected.Load())
	metric("stophook_store_errors_total", "counter", "Failed state store operations (each lets its stop through).")
	fmt.Fprintf(&b, "stophook_store_errors_total %d\n", m.storeErrors.Load())
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// escapeLabel escapes a label value for the text format.
func escapeLabel(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s)
}
