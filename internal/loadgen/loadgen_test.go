package loadgen_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
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
		Body: loadgen.StopBody(3, "/tmp", "done")})
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
