package e2e

import (
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os/exec"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stophook/stophook/internal/redistest"
)

// roundRobin starts a load balancer on loopback that sends each request
// to the next of targets in turn, until the test ends, and returns its
// URL.
func roundRobin(t *testing.T, targets ...string) string {
	t.Helper()
	var proxies []*httputil.ReverseProxy
	for _, target := range targets {
		u, err := url.Parse(target)
		if err != nil {
			t.Fatal(err)
		}
		proxies = append(proxies, httputil.NewSingleHostReverseProxy(u))
	}
	var next atomic.Int64
	lb := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		proxies[int(next.Add(1)-1)%len(proxies)].ServeHTTP(w, r)
	})}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go lb.Serve(ln)
	t.Cleanup(func() { lb.Close() })
	return "http://" + ln.Addr().String()
}

// metric returns the value of the sample line name in the /metrics of
// the server at base, read with token.
func metric(t *testing.T, base, token, name string) string {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/metrics", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			return v
		}
	}
	return ""
}

// TestLoopFleet is docs/fleet.md's walk-through with the real Claude
// Code: two stophook-loop -http replicas on one Redis behind a round-robin
// balancer, Claude Code's settings as the doc gives them (a type "http"
// Stop hook with the bearer token from the environment). A loop started
// with `stophook-loop start -store …` is iterated by both replicas in
// turn; with Redis killed, the next session's stop is let through at
// once, each replica logs one line and counts the failure.
func TestLoopFleet(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	bin := BuildHook(t, "./examples/loop")
	const token = "e2e-fleet-token"
	// A generous round-trip timeout, as in examples/loop's TestFleet: on a
	// loaded test machine a slow answer would fail open and the loop not
	// iterate. The kill below fails at once all the same (refused).
	store := srv.URL(0) + "?prefix=team-a:&timeout=30s"
	e := New(t)
	env := []string{"STOPHOOK_HTTP_TOKEN=" + token}
	var replicas []string
	for range 2 {
		addr := FreeAddr(t)
		replicas = append(replicas, e.StartServer(addr, bin, env, "-http", addr, "-store", store))
	}
	lb := roundRobin(t, replicas...)
	e.Setenv("STOPHOOK_HTTP_TOKEN", token)
	e.Settings.AddHook("Stop", HTTP(lb+"/stop", "STOPHOOK_HTTP_TOKEN"))

	session := newUUID()
	cmd := exec.Command(bin, "start", "-store", store, "-session", session, "-max", "5", "make the tests pass")
	cmd.Dir = e.Dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("loop start: %v\n%s", err, out)
	}
	final := "All tests pass.\n\n<loop-done>COMPLETE</loop-done>"
	e.API.Enqueue(Text("Iteration 1: fixed one test."), Text("Iteration 2: fixed another."), Text(final))
	r := e.RunOK("make the tests pass", "--session-id", session)
	if want := []string{iteration(2, 5), iteration(3, 5)}; !slices.Equal(e.API.StopHookFeedback(), want) {
		e.Dump(r)
		t.Fatalf("stop hook feedback: got %q, want %q", e.API.StopHookFeedback(), want)
	}
	if r.Out.Result != final {
		t.Errorf("result %q, want %q", r.Out.Result, final)
	}
	status := exec.Command(bin, "status", "-store", store, "-session", session)
	status.Dir = e.Dir
	if out, err := status.CombinedOutput(); err != nil || !strings.Contains(string(out), "event DONE") || !strings.Contains(string(out), "reason COMPLETE") {
		t.Errorf("status after the loop: %v %q, want event DONE, reason COMPLETE", err, out)
	}
	for i, base := range replicas {
		if n := metric(t, base, token, `stophook_decisions_total{verdict="block",policy="LoopIterator"}`); n != "1" {
			t.Errorf("replica %d made %q loop blocks, want 1 (the balancer alternates)", i, n)
		}
	}

	// Redis down: a running loop's stop is let through (the session ends
	// without feedback) and counted.
	session2 := newUUID()
	cmd = exec.Command(bin, "start", "-store", store, "-session", session2, "-max", "5", "make the tests pass")
	cmd.Dir = e.Dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("loop start: %v\n%s", err, out)
	}
	srv.Kill()
	e.API.Enqueue(Text("Iteration 1: started."))
	r = e.RunOK("make the tests pass", "--session-id", session2)
	if fb := e.API.StopHookFeedback(); len(fb) != 2 {
		e.Dump(r)
		t.Errorf("stop hook feedback with Redis down: %q, want the loop's two only", fb)
	}
	errs := 0
	for _, base := range replicas {
		if v := metric(t, base, token, "stophook_store_errors_total"); v != "" && v != "0" {
			errs++
		}
	}
	if errs == 0 {
		t.Error("no replica counts the failed store operation with Redis down")
	}
}
