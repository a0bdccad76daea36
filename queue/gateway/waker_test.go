package gateway

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook/queue"
)

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func TestGatewayPostsWithToken(t *testing.T) {
	t.Parallel()
	var got queue.Payload
	var auth string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Get("Authorization")
		assert.Equal(t, "application/json", r.Header.Get("Content-Type"))
		b, _ := io.ReadAll(r.Body)
		assert.NoError(t, json.Unmarshal(b, &got))
	}))
	defer srv.Close()
	g := &Waker{URL: srv.URL, Token: "s3cret", Client: clientOf(srv)}
	require.NoError(t, g.Wake(ctxT(t), queue.Payload{Event: queue.WakeComplete, Session: "s", Summary: "1/1 commands completed"}))
	assert.Equal(t, "Bearer s3cret", auth)
	assert.Equal(t, "1/1 commands completed", got.Summary)
}

func TestGatewayRetries(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		codes    []int
		wantErr  bool
		wantHits int32
	}{
		"5xx then ok":      {[]int{500, 503, 200}, false, 3},
		"429 then ok":      {[]int{429, 204}, false, 2},
		"4xx not retried":  {[]int{401, 200}, true, 1},
		"always down":      {[]int{502, 502, 502, 502}, true, 3},
		"redirect refused": {[]int{302, 200}, true, 1},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var hits atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n := hits.Add(1)
				if tc.codes[n-1] == 302 {
					w.Header().Set("Location", "/elsewhere")
				}
				w.WriteHeader(tc.codes[n-1])
			}))
			defer srv.Close()
			g := &Waker{URL: srv.URL, Backoff: time.Millisecond, Client: clientOf(srv)}
			err := g.Wake(ctxT(t), queue.Payload{Event: queue.WakeStop})
			assert.Equal(t, tc.wantErr, err != nil, "err = %v", err)
			assert.Equal(t, tc.wantHits, hits.Load())
		})
	}
}

func TestGatewayTimeout(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	g := &Waker{URL: srv.URL, Timeout: 20 * time.Millisecond, Attempts: 2, Backoff: time.Millisecond, Client: clientOf(srv)}
	err := g.Wake(ctxT(t), queue.Payload{Event: queue.WakeStop})
	require.Error(t, err)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
}

// clientOf is the default client's policy over srv's own transport: run in
// parallel, a test's httptest.Server.Close closes the idle connections of
// http.DefaultTransport, which can break another test's request.
func clientOf(srv *httptest.Server) *http.Client {
	return &http.Client{Transport: srv.Client().Transport, CheckRedirect: refuseRedirects}
}
