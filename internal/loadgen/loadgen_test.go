package loadgen_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stophook/stophook/internal/loadgen"
)

func TestRunCountsEveryRequest(t *testing.T) {
	t.Parallel()
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1)%10 == 0 {
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		loadgen.Bare.ServeHTTP(w, r)
	}))
	defer srv.Close()
	r, err := loadgen.Run(context.Background(), loadgen.Config{URL: srv.URL + "/stop", Concurrency: 8, Requests: 200,
		Body: loadgen.StopBody(3, "/tmp", "", "done")})
	if err != nil {
		t.Fatal(err)
	}
	if r.Requests != 200 || n.Load() != 200 || r.Errors != 20 {
		t.Errorf("got %d answered, %d served, %d errors; want 200, 200, 20", r.Requests, n.Load(), r.Errors)
	}
	if r.P50 <= 0 || r.P99 < r.P50 || r.Max < r.P99 {
		t.Errorf("percentiles out of order: %v", r)
	}
}

// Floor answers a hook input as Bare does and refuses what a hook server
// refuses before deciding.
func TestFloorReadsTheRequest(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(loadgen.Floor)
	defer srv.Close()
	r, err := loadgen.Run(context.Background(), loadgen.Config{URL: srv.URL + "/stop", Concurrency: 4, Requests: 100,
		Body: loadgen.StopBody(3, "/tmp", "", "done")})
	if err != nil || r.Requests != 100 || r.Errors != 0 {
		t.Fatalf("got %+v, %v; want 100 answered, no errors", r, err)
	}
	for _, req := range []struct{ method, ctype string }{{http.MethodGet, "application/json"}, {http.MethodPost, "text/plain"}} {
		hr, err := http.NewRequest(req.method, srv.URL, strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		hr.Header.Set("Content-Type", req.ctype)
		resp, err := srv.Client().Do(hr)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s %s: status %d, want 400", req.method, req.ctype, resp.StatusCode)
		}
	}
}

func TestOnlyLoopback(t *testing.T) {
	t.Parallel()
	for _, u := range []string{"http://10.0.0.1:80/stop", "http://example.com/stop", "http://192.168.1.1/", "http://[2001:db8::1]:80/"} {
		if _, err := loadgen.Run(context.Background(), loadgen.Config{URL: u, Concurrency: 1, Requests: 1}); !errors.Is(err, loadgen.ErrNotLoopback) {
			t.Errorf("Run(%s): got %v, want ErrNotLoopback", u, err)
		}
	}
	for _, u := range []string{"http://127.0.0.1:1/", "http://localhost:1/", "http://[::1]:1/"} {
		if err := loadgen.CheckLoopback(u); err != nil {
			t.Errorf("CheckLoopback(%s): %v", u, err)
		}
	}
}

func TestBounds(t *testing.T) {
	t.Parallel()
	for _, c := range []loadgen.Config{
		{URL: "http://127.0.0.1:1/", Concurrency: 0, Requests: 1},
		{URL: "http://127.0.0.1:1/", Concurrency: loadgen.MaxConcurrency + 1, Requests: 1},
		{URL: "http://127.0.0.1:1/", Concurrency: 1, Requests: loadgen.MaxRequests + 1},
	} {
		if _, err := loadgen.Run(context.Background(), c); err == nil {
			t.Errorf("Run(%+v): got nil error", c)
		}
	}
}

// TestRunStopsWithItsContext: a server that never answers holds no worker
// past the end of the context.
func TestRunStopsWithItsContext(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-release }))
	defer srv.Close()
	defer close(release)
	ctx, cancel := context.WithCancel(context.Background())
	var got atomic.Int64
	done := make(chan error)
	go func() {
		r, err := loadgen.Run(ctx, loadgen.Config{URL: srv.URL, Concurrency: 4, Requests: 100, Body: func(i int) []byte {
			if got.Add(1) == 4 {
				cancel()
			}
			return []byte("{}")
		}})
		if r.Requests > 4 {
			t.Errorf("got %d answered, want at most the 4 in flight", r.Requests)
		}
		done <- err
	}()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}

// TestResponses: the hand-written client reads what net/http servers
// send: Content-Length, chunked bodies, Connection: close.
func TestResponses(t *testing.T) {
	t.Parallel()
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch n.Add(1) % 3 {
		case 0:
			w.Write([]byte(strings.Repeat("x", 10000))) // chunked: larger than the server's buffer
			w.(http.Flusher).Flush()
			w.Write([]byte("end"))
		case 1:
			w.Header().Set("Connection", "close")
			w.Write([]byte("{}"))
		default:
			w.WriteHeader(http.StatusTeapot)
		}
	}))
	defer srv.Close()
	r, err := loadgen.Run(context.Background(), loadgen.Config{URL: srv.URL + "/x?y=1", Concurrency: 3, Requests: 300})
	if err != nil || r.Requests != 300 || r.Errors != 100 {
		t.Errorf("got %v, %v; want 300 answered, 100 errors (the 418s)", r, err)
	}
}

// TestStopBodyTranscript: the inputs carry the transcript given, as a real
// client's stops do, and none when none is given.
func TestStopBodyTranscript(t *testing.T) {
	for _, path := range []string{"", "/p/session.jsonl"} {
		var in struct {
			TranscriptPath *string `json:"transcript_path"`
			Session        string  `json:"session_id"`
		}
		if err := json.Unmarshal(loadgen.StopBody(2, "/p", path, "done")(3), &in); err != nil {
			t.Fatal(err)
		}
		if in.TranscriptPath == nil || *in.TranscriptPath != path || in.Session != "load-1" {
			t.Errorf("transcript %q: got transcript_path %v, session %q", path, in.TranscriptPath, in.Session)
		}
	}
}
