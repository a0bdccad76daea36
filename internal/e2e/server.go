package e2e

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os/exec"
	"sync"
	"testing"
	"time"
)

// FreeAddr returns a loopback address with a port that was free a moment
// ago, for servers that take a listen address.
func FreeAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("e2e: %v", err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

// StartServer runs bin with args and env (KEY=VALUE, added to e.Environ())
// in the background until the test ends, and waits until addr accepts TCP
// connections. It returns "http://"+addr.
func (e *Env) StartServer(addr, bin string, env []string, args ...string) string {
	e.T.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = e.Dir
	cmd.Env = append(e.Environ(), env...)
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		e.T.Fatalf("e2e: start %s: %v", bin, err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	e.T.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
		if e.T.Failed() {
			e.T.Logf("server %s output:\n%s", bin, out.String())
		}
	})
	ready := poll(15*time.Second, func() bool {
		select {
		case <-exited:
			return true
		default:
		}
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
		}
		return err == nil
	})
	select {
	case <-exited:
		e.T.Fatalf("e2e: %s exited early:\n%s", bin, out.String())
	default:
	}
	if !ready {
		e.T.Fatalf("e2e: %s does not listen on %s:\n%s", bin, addr, out.String())
	}
	return "http://" + addr
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Proxy is a recording reverse proxy in front of an http hook server, so
// tests see what Claude Code sent and what it got back.
type Proxy struct {
	srv *httptest.Server

	mu    sync.Mutex
	calls []ProxyCall
}

// ProxyCall is one request that went through a [Proxy].
type ProxyCall struct {
	Method, Path  string
	Authorization string
	Body          []byte // request body
	Status        int    // response status
	Response      []byte // response body
}

// NewProxy starts a recording reverse proxy to target until the test ends.
func NewProxy(t testing.TB, target string) *Proxy {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatalf("e2e: %v", err)
	}
	p := &Proxy{}
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.ModifyResponse = func(resp *http.Response) error {
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		resp.Body = io.NopCloser(bytes.NewReader(body))
		call := resp.Request.Context().Value(callKey{}).(*ProxyCall)
		call.Status, call.Response = resp.StatusCode, body
		return err
	}
	rp.ErrorHandler = func(w http.ResponseWriter, r *http.Request, err error) {
		call := r.Context().Value(callKey{}).(*ProxyCall)
		call.Status, call.Response = http.StatusBadGateway, []byte(err.Error())
		w.WriteHeader(http.StatusBadGateway)
	}
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(io.LimitReader(r.Body, maxRequestBody))
		r.Body = io.NopCloser(bytes.NewReader(body))
		call := &ProxyCall{Method: r.Method, Path: r.URL.Path, Authorization: r.Header.Get("Authorization"), Body: body}
		rp.ServeHTTP(w, r.WithContext(contextWith(r, call)))
		p.mu.Lock()
		p.calls = append(p.calls, *call)
		p.mu.Unlock()
	}))
	t.Cleanup(p.srv.Close)
	return p
}

// URL is the proxy's base URL.
func (p *Proxy) URL() string { return p.srv.URL }

// Calls returns the requests proxied so far.
func (p *Proxy) Calls() []ProxyCall {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]ProxyCall(nil), p.calls...)
}

type callKey struct{}

func contextWith(r *http.Request, call *ProxyCall) context.Context {
	return context.WithValue(r.Context(), callKey{}, call)
}
