package queue

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGatewayPostsWithToken(t *testing.T) {
	t.Parallel()
	var got Payload
	var auth string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Get("Authorization")
		assert.Equal(t, "application/json", r.Header.Get("Content-Type"))
		b, _ := io.ReadAll(r.Body)
		assert.NoError(t, json.Unmarshal(b, &got))
	}))
	defer srv.Close()
	g := &Gateway{URL: srv.URL, Token: "s3cret"}
	require.NoError(t, g.Wake(ctxT(t), Payload{Event: WakeComplete, Session: "s", Summary: "1/1 commands completed"}))
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
			g := &Gateway{URL: srv.URL, Backoff: time.Millisecond}
			err := g.Wake(ctxT(t), Payload{Event: WakeStop})
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
	g := &Gateway{URL: srv.URL, Timeout: 20 * time.Millisecond, Attempts: 2, Backoff: time.Millisecond}
	err := g.Wake(ctxT(t), Payload{Event: WakeStop})
	require.Error(t, err)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
}

func TestExecWakerGetsPayloadOnStdin(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "wake.json")
	e := &Exec{Command: "cat > " + out}
	require.NoError(t, e.Wake(ctxT(t), Payload{Event: WakeStale, Session: "s", Message: "Previous session had unfinished queue"}))
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	var p Payload
	require.NoError(t, json.Unmarshal(b, &p))
	assert.Equal(t, "Previous session had unfinished queue", p.Message)

	assert.Error(t, (&Exec{Command: "exit 3"}).Wake(ctxT(t), Payload{}))
	assert.Error(t, (&Exec{Command: "sleep 5", Timeout: 50 * time.Millisecond}).Wake(ctxT(t), Payload{}))
}

func TestFileRegistry(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "agent-registry.json")
	r := FileRegistry{Path: path}

	_, ok, err := r.Lookup(ctxT(t), "s")
	require.NoError(t, err)
	assert.False(t, ok, "missing file registers nobody")

	require.NoError(t, os.WriteFile(path, []byte(`{"warden-main-4":{"agent":"warden"}}`), 0o600))
	agent, ok, err := r.Lookup(ctxT(t), "warden-main-4")
	require.NoError(t, err)
	assert.True(t, ok)
	assert.JSONEq(t, `{"agent":"warden"}`, string(agent))
	_, ok, err = r.Lookup(ctxT(t), "other")
	require.NoError(t, err)
	assert.False(t, ok)

	require.NoError(t, os.WriteFile(path, []byte(`[1,2]`), 0o600))
	_, _, err = r.Lookup(ctxT(t), "warden-main-4")
	assert.Error(t, err)
}

func TestRegistryErrorMeansNoWake(t *testing.T) {
	t.Parallel()
	p, r := newProcessor(t)
	p.Registry = FileRegistry{Path: filepath.Join(t.TempDir(), "bad.json")}
	require.NoError(t, os.WriteFile(p.Registry.(FileRegistry).Path, []byte("{"), 0o600))
	out, err := p.Handle(ctxT(t), "s", Input("Stop", "reply"))
	assert.Error(t, err)
	assert.Equal(t, Woke, out.Action)
	assert.Empty(t, r.Wakes())
}
