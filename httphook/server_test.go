package httphook_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/httphook"
)

func get(t *testing.T, h http.Handler, method, path, token string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(`{}`))
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestMuxRoutes(t *testing.T) {
	t.Parallel()
	hook := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "hook "+r.URL.Path) })
	healthy := true
	m := httphook.Mux(hook, httphook.ServeOptions{Token: "tok", Health: func(context.Context) error {
		if healthy {
			return nil
		}
		return io.ErrUnexpectedEOF
	}})
	tests := []struct {
		method, path, token string
		code                int
		body                string
	}{
		{"POST", "/stop", "", 200, "hook /stop"},
		{"POST", "/anything/else", "", 200, "hook /anything/else"},
		{"GET", "/healthz", "", 200, "ok\n"},
		{"POST", "/healthz", "", 405, ""},
		{"GET", "/metrics", "", 401, ""},
		{"GET", "/metrics", "wrong", 401, ""},
		{"GET", "/metrics", "tok", 200, "# HELP stophook_decisions_total"},
		{"DELETE", "/metrics", "tok", 405, ""},
	}
	for _, tt := range tests {
		w := get(t, m, tt.method, tt.path, tt.token)
		if w.Code != tt.code || !strings.Contains(w.Body.String(), tt.body) {
			t.Errorf("%s %s: got %d %q, want %d containing %q", tt.method, tt.path, w.Code, w.Body.String(), tt.code, tt.body)
		}
	}
	healthy = false
	if w := get(t, m, "GET", "/healthz", ""); w.Code != http.StatusServiceUnavailable {
		t.Errorf("unhealthy /healthz: got %d, want 503", w.Code)
	}
}

// TestMetricsText runs decisions through the metrics and checks the
// exposition: every sample line is name{labels} value, and the counts add
// up.
func TestMetricsText(t *testing.T) {
	t.Parallel()
	m := httphook.NewMetrics()
	p := m.Policy(stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.Decision{Verdict: stophook.Block, Reason: "go on", Policy: `Retry "x"`}, nil
	}))
	hook := m.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.Evaluate(r.Context(), stophook.Input{})
	}))
	for range 3 {
		get(t, hook, "POST", "/stop", "")
	}
	s := m.Store(&failingStore{})
	s.Get(context.Background(), "k")
	s.Update(context.Background(), "k", func([]byte) ([]byte, error) { return nil, io.EOF }) // fn's error: not counted
	var b strings.Builder
	m.WriteTo(&b)
	text := b.String()
	sample := regexp.MustCompile(`^[a-z_]+(\{[a-z]+="([^"\\]|\\.)*"(,[a-z]+="([^"\\]|\\.)*")*\})? [0-9.e+-]+$`)
	for line := range strings.SplitSeq(strings.TrimSpace(text), "\n") {
		if !strings.HasPrefix(line, "# ") && !sample.MatchString(line) {
			t.Errorf("not a sample line: %q", line)
		}
	}
	for _, want := range []string{
		`stophook_decisions_total{verdict="block",policy="Retry \"x\""} 3`,
		`stophook_requests_total{code="200"} 3`,
		`stophook_request_duration_seconds_bucket{le="+Inf"} 3`,
		`stophook_request_duration_seconds_count 3`,
		`stophook_store_errors_total 1`,
		`stophook_requests_rejected_total 0`,
	} {
		if !strings.Contains(text, want+"\n") {
			t.Errorf("metrics lack %q:\n%s", want, text)
		}
	}
}

type failingStore struct{ stophook.MemoryStore }

func (*failingStore) Get(context.Context, string) ([]byte, error) { return nil, io.ErrClosedPipe }

// TestMuxCap holds one request in the hook and sends another: over the cap
// of one it is answered 503 at once.
func TestMuxCap(t *testing.T) {
	t.Parallel()
	entered, release := make(chan struct{}), make(chan struct{})
	hook := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		entered <- struct{}{}
		<-release
	})
	metrics := httphook.NewMetrics()
	m := httphook.Mux(hook, metrics.Options(httphook.ServeOptions{MaxConcurrent: 1}))
	done := make(chan int)
	go func() { done <- get(t, m, "POST", "/stop", "").Code }()
	<-entered
	if w := get(t, m, "POST", "/stop", ""); w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" {
		t.Errorf("second request: got %d, want 503 with Retry-After", w.Code)
	}
	close(release)
	if code := <-done; code != 200 {
		t.Errorf("first request: got %d, want 200", code)
	}
	var b strings.Builder
	metrics.WriteTo(&b)
	if !strings.Contains(b.String(), "stophook_requests_rejected_total 1\n") {
		t.Errorf("rejection not counted:\n%s", b.String())
	}
}

// TestServeDrains cancels Serve's context while a request is in flight:
// the request is answered, new connections are refused, Serve returns nil.
func TestServeDrains(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := &notifyListener{Listener: l, closed: make(chan struct{})}
	entered, release := make(chan struct{}), make(chan struct{})
	hook := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(entered)
		<-release
		io.WriteString(w, "{}")
	})
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error)
	go func() { served <- httphook.Serve(ctx, ln, hook, httphook.ServeOptions{}) }()
	url := "http://" + ln.Addr().String() + "/stop"
	answered := make(chan string)
	go func() {
		resp, err := (&http.Client{Transport: &http.Transport{}}).Post(url, "application/json", strings.NewReader(`{}`))
		if err != nil {
			answered <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		answered <- resp.Status + " " + string(b)
	}()
	<-entered
	cancel()
	<-ln.closed // the shutdown has begun: let the request finish
	if c, err := net.Dial("tcp", ln.Addr().String()); err == nil {
		c.Close()
		t.Error("a new connection was accepted during the drain")
	}
	close(release)
	if got := <-answered; got != "200 OK {}" {
		t.Errorf("request in flight at shutdown: got %q, want 200 OK {}", got)
	}
	if err := <-served; err != nil {
		t.Errorf("Serve: %v, want nil after a drain", err)
	}
}

// notifyListener closes closed when it is closed.
type notifyListener struct {
	net.Listener
	closed chan struct{}
	once   sync.Once
}

func (l *notifyListener) Close() error {
	err := l.Listener.Close()
	l.once.Do(func() { close(l.closed) })
	return err
}

// TestMuxCountsHandlerCodes: a Handler behind the mux reports its own
// status codes to the metrics (no recorder wraps it): each refusal and
// each answer is counted by its code, and no request stays in flight or
// holds a place under the cap once answered.
func TestMuxCountsHandlerCodes(t *testing.T) {
	t.Parallel()
	metrics := httphook.NewMetrics()
	h := httphook.New(metrics.Policy(blocker("keep going")), "", hook.Options{Store: new(stophook.MemoryStore)})
	m := httphook.Mux(h, metrics.Options(httphook.ServeOptions{MaxConcurrent: 1}))
	plain := post(stopPayload, nil)
	plain.Header.Set("Content-Type", "text/plain")
	for _, c := range []struct {
		req  *http.Request
		code int
	}{
		{post(stopPayload, nil), 200},
		{post(stopPayload, nil), 200}, // the first one's place under the cap of one was given back
		{httptest.NewRequest(http.MethodGet, "/stop", nil), 405},
		{plain, 415},
		{post(`{"session_id":`, nil), 400},
	} {
		w := httptest.NewRecorder()
		m.ServeHTTP(w, c.req)
		if w.Code != c.code {
			t.Errorf("%s %s: got %d %q, want %d", c.req.Method, c.req.Header.Get("Content-Type"), w.Code, w.Body, c.code)
		}
	}
	var b strings.Builder
	metrics.WriteTo(&b)
	for _, want := range []string{
		`stophook_requests_total{code="200"} 2`,
		`stophook_requests_total{code="400"} 1`,
		`stophook_requests_total{code="405"} 1`,
		`stophook_requests_total{code="415"} 1`,
		`stophook_request_duration_seconds_count 5`,
		`stophook_requests_in_flight 0`,
		`stophook_requests_rejected_total 0`,
		`stophook_decisions_total{verdict="block",policy="stophook.PolicyFunc"} 2`,
	} {
		if !strings.Contains(b.String(), want+"\n") {
			t.Errorf("metrics lack %q:\n%s", want, b.String())
		}
	}
}

// TestMetricsVerdicts: the verdict label says what the host was told,
// "block" or "allow", as the decision log and stophook replay say it: a
// policy that passes (no opinion) or fails lets the session stop.
func TestMetricsVerdicts(t *testing.T) {
	t.Parallel()
	m := httphook.NewMetrics()
	decisions := []stophook.Decision{
		stophook.BlockWith("go on"),
		stophook.AllowStop("done"),
		stophook.PassOn("no opinion"),
		{Verdict: stophook.Block}, // a block without a reason blocks nothing
	}
	for _, d := range decisions {
		d.Policy = "P"
		m.Policy(stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) { return d, nil })).Evaluate(context.Background(), stophook.Input{})
	}
	m.Policy(stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.Decision{Policy: "P"}, io.EOF
	})).Evaluate(context.Background(), stophook.Input{})
	var b strings.Builder
	m.WriteTo(&b)
	text := b.String()
	for _, want := range []string{
		`stophook_decisions_total{verdict="allow",policy="P"} 4`,
		`stophook_decisions_total{verdict="block",policy="P"} 1`,
	} {
		if !strings.Contains(text, want+"\n") {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	if strings.Contains(text, `verdict="pass"`) {
		t.Errorf("a verdict label other than block or allow:\n%s", text)
	}
}

// TestServeDrainPastBudget: a request still in flight when the drain's
// budget has passed is cut, and Serve returns nil all the same (the
// binaries exit 0: the operator asked for the shutdown) after one line
// saying how many requests it cut. The budget is a nanosecond, so the
// drain runs past it while the request waits on the test.
func TestServeDrainPastBudget(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	entered, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	hook := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(entered)
		<-release
	})
	var logs bytes.Buffer // written by Serve only, read once it returned
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error)
	go func() {
		served <- httphook.Serve(ctx, ln, hook, httphook.ServeOptions{Drain: time.Nanosecond,
			Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))})
	}()
	answered := make(chan error, 1)
	go func() {
		resp, err := (&http.Client{Transport: &http.Transport{}}).Post("http://"+ln.Addr().String()+"/stop", "application/json", strings.NewReader(`{}`))
		if err == nil {
			_, err = io.ReadAll(resp.Body)
			resp.Body.Close()
		}
		answered <- err
	}()
	<-entered
	cancel()
	if err := <-served; err != nil {
		t.Fatalf("Serve after a drain past its budget: %v, want nil", err)
	}
	if err := <-answered; err == nil {
		t.Error("the request cut by the shutdown was answered")
	}
	if got := logs.String(); strings.Count(got, "\n") != 1 || !strings.Contains(got, "cut 1 requests in flight") {
		t.Errorf("log: got %q, want one line saying 1 request was cut", got)
	}
}

// TestMetricsDecisionsAlternate: decisions of one verdict by policies in
// turn, from many goroutines at once, are each counted once under their
// own policy (the counter of the last decision's policy is kept at hand).
func TestMetricsDecisionsAlternate(t *testing.T) {
	t.Parallel()
	m := httphook.NewMetrics()
	policy := func(name string, v stophook.Verdict) stophook.Policy {
		return m.Policy(stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
			return stophook.Decision{Verdict: v, Reason: "r", Policy: name}, nil
		}))
	}
	ps := []stophook.Policy{policy("P", stophook.Allow), policy("Q", stophook.Allow), policy("P", stophook.Block), policy("Q", stophook.Block)}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 100 {
				ps[(g+i)%len(ps)].Evaluate(context.Background(), stophook.Input{})
			}
		})
	}
	wg.Wait()
	var b strings.Builder
	m.WriteTo(&b)
	text := b.String()
	for _, want := range []string{
		`stophook_decisions_total{verdict="allow",policy="P"} 200`,
		`stophook_decisions_total{verdict="allow",policy="Q"} 200`,
		`stophook_decisions_total{verdict="block",policy="P"} 200`,
		`stophook_decisions_total{verdict="block",policy="Q"} 200`,
	} {
		if !strings.Contains(text, want+"\n") {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
}
