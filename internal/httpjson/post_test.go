package httpjson

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestPost(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if r.Header.Get("content-type") != "application/json" || r.Header.Get("x-key") != "k" || string(b) != `{"a":1}` {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		w.WriteHeader(http.StatusTeapot)
		io.WriteString(w, strings.Repeat("x", 10))
	}))
	defer srv.Close()
	ctx := context.Background()
	status, data, err := Post(ctx, srv.Client(), srv.URL, map[string]string{"x-key": "k"}, map[string]int{"a": 1}, 10)
	if err != nil || status != http.StatusTeapot || len(data) != 10 {
		t.Errorf("got %d %q %v, want 418 and 10 bytes", status, data, err)
	}
	if _, _, err := Post(ctx, srv.Client(), srv.URL, map[string]string{"x-key": "k"}, map[string]int{"a": 1}, 9); err == nil || !strings.Contains(err.Error(), "larger than 9 bytes") {
		t.Errorf("limit 9: got %v, want a size error", err)
	}
	if _, _, err := Post(ctx, srv.Client(), srv.URL, nil, func() {}, 10); err == nil || !strings.HasPrefix(err.Error(), "encode request") {
		t.Errorf("unencodable body: got %v", err)
	}
}

func TestBaseURL(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"https://api.example.com/": "https://api.example.com", "http://127.0.0.1:8080": "http://127.0.0.1:8080"} {
		if got, err := BaseURL(in); err != nil || got != want {
			t.Errorf("BaseURL(%q) = %q, %v, want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "ftp://x", "api.example.com", "http://"} {
		if _, err := BaseURL(bad); err == nil {
			t.Errorf("BaseURL(%q): got nil error", bad)
		}
	}
}
