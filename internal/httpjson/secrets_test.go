package httpjson

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

const key = "sk-test-0123456789abcdef"

// TestPostScrubsEchoedKeys: a server (or proxy) that echoes the request's
// headers in an error body put the API key on the hook's stderr.
func TestPostScrubsEchoedKeys(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"error":{"message":"bad request; headers: %v"}}`, r.Header)
	}))
	defer srv.Close()
	for _, header := range []map[string]string{
		{"x-api-key": key},
		{"x-goog-api-key": key},
		{"Authorization": "Bearer " + key},
	} {
		status, data, err := Post(context.Background(), srv.Client(), srv.URL, header, map[string]int{}, 1<<20)
		if err != nil || status != 400 {
			t.Fatalf("Post = %d, %v", status, err)
		}
		if strings.Contains(string(data), key) || !strings.Contains(string(data), Redacted) {
			t.Errorf("%v: body %s, want the key redacted", header, data)
		}
	}
}

// TestPostRefusesCrossOriginRedirects: the client followed a redirect to
// another host and sent it the API key.
func TestPostRefusesCrossOriginRedirects(t *testing.T) {
	t.Parallel()
	var sawKey atomic.Bool
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("x-api-key") != "" {
			sawKey.Store(true)
		}
		w.WriteHeader(http.StatusOK)
	}))
	defer other.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/moved" {
			w.WriteHeader(http.StatusTeapot)
			return
		}
		target := other.URL + "/steal"
		if r.URL.Query().Get("same") != "" {
			target = "/moved"
		}
		http.Redirect(w, r, target, http.StatusTemporaryRedirect)
	}))
	defer srv.Close()
	_, _, err := Post(context.Background(), srv.Client(), srv.URL+"/v1", map[string]string{"x-api-key": key}, map[string]int{}, 1<<20)
	if err == nil || !strings.Contains(err.Error(), "another origin") {
		t.Errorf("Post with a cross-origin redirect = %v, want refused", err)
	}
	if sawKey.Load() {
		t.Errorf("the other origin received the API key")
	}
	status, _, err := Post(context.Background(), srv.Client(), srv.URL+"/v1?same=1", map[string]string{"x-api-key": key}, map[string]int{}, 1<<20)
	if err != nil || status != http.StatusTeapot {
		t.Errorf("Post with a same-origin redirect = %d, %v; want it followed", status, err)
	}
}

func TestPostScrubsErrors(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := Post(ctx, http.DefaultClient, "http://127.0.0.1:1/"+key, map[string]string{"x-api-key": key}, map[string]int{}, 10)
	if err == nil || strings.Contains(err.Error(), key) {
		t.Errorf("error %v, want one without the key", err)
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want it to wrap context.Canceled", err)
	}
}

func FuzzScrub(f *testing.F) {
	f.Add("bad key sk-test-0123456789abcdef here", "sk-test-0123456789abcdef")
	f.Add("abcabc", "abca")
	f.Fuzz(func(t *testing.T, text, secret string) {
		got := Scrub(text, []string{secret})
		if len(secret) >= 4 && strings.Contains(got, secret) && !strings.Contains(Redacted, secret) {
			t.Errorf("Scrub(%q, %q) = %q still holds the secret", text, secret, got)
		}
	})
}
