package gemini

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestComplete(t *testing.T) {
	t.Parallel()
	var got struct {
		path, key string
		body      request
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.path, got.key = r.URL.Path, r.Header.Get("x-goog-api-key")
		json.NewDecoder(r.Body).Decode(&got.body)
		io.WriteString(w, `{"candidates":[{"content":{"role":"model","parts":[{"text":"{\"memories\":"},{"text":"[]}"}]}}]}`)
	}))
	defer srv.Close()
	c := &Client{APIKey: "k", BaseURL: srv.URL + "/", HTTPClient: srv.Client()}
	text, err := c.Complete(context.Background(), "sys", "hello")
	if err != nil || text != `{"memories":[]}` {
		t.Fatalf("got %q, %v", text, err)
	}
	if got.path != "/v1beta/models/"+DefaultModel+":generateContent" || got.key != "k" {
		t.Errorf("got path %q key %q", got.path, got.key)
	}
	if got.body.SystemInstruction == nil || got.body.SystemInstruction.Parts[0].Text != "sys" ||
		len(got.body.Contents) != 1 || got.body.Contents[0].Parts[0].Text != "hello" || got.body.GenerationConfig.MaxOutputTokens != DefaultMaxTokens {
		t.Errorf("got body %+v", got.body)
	}
}

func TestCompleteErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		status int
		body   string
		check  func(error) bool
	}{
		{"api error", 429, `{"error":{"code":429,"message":"quota","status":"RESOURCE_EXHAUSTED"}}`, func(err error) bool {
			var e *APIError
			return errors.As(err, &e) && e.StatusCode == 429 && e.Status == "RESOURCE_EXHAUSTED"
		}},
		{"html error", 502, "<html>" + strings.Repeat("x", 1000), func(err error) bool {
			var e *APIError
			return errors.As(err, &e) && len(e.Message) <= maxErrorText
		}},
		{"no text", 200, `{"candidates":[]}`, func(err error) bool { return errors.Is(err, ErrNoText) }},
		{"garbage", 200, `not json`, func(err error) bool { return err != nil && strings.HasPrefix(err.Error(), "gemini: decode") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(tt.status)
				io.WriteString(w, tt.body)
			}))
			defer srv.Close()
			_, err := (&Client{APIKey: "secret-key", BaseURL: srv.URL, HTTPClient: srv.Client()}).Complete(context.Background(), "", "x")
			if !tt.check(err) {
				t.Errorf("got %v", err)
			}
			if err != nil && strings.Contains(err.Error(), "secret-key") {
				t.Errorf("error leaks the key: %v", err)
			}
		})
	}
	if _, err := (&Client{}).Complete(context.Background(), "", "x"); err == nil {
		t.Error("no key: got no error")
	}
	if _, err := (&Client{APIKey: "k", BaseURL: "ftp://x"}).Complete(context.Background(), "", "x"); err == nil {
		t.Error("bad base URL: got no error")
	}
}

func TestCompleteHonoursContext(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := (&Client{APIKey: "k", BaseURL: srv.URL, HTTPClient: srv.Client()}).Complete(ctx, "", "x"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("got %v, want a deadline error", err)
	}
}

func TestFromEnv(t *testing.T) {
	t.Setenv(EnvAPIKey, "")
	t.Setenv(EnvGoogleAPIKey, "")
	if _, ok := FromEnv(); ok {
		t.Error("no key: got ok")
	}
	t.Setenv(EnvGoogleAPIKey, "g")
	t.Setenv(EnvModel, "gemini-x")
	c, ok := FromEnv()
	if !ok || c.APIKey != "g" || c.Model != "gemini-x" {
		t.Errorf("got %+v, %v", c, ok)
	}
}

// TestGenerateErrorHidesKey: an error body echoing the request's headers
// put the key into the error, which hooks log on stderr.
func TestGenerateErrorHidesKey(t *testing.T) {
	t.Parallel()
	const key = "AIza-test-secret-key"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusForbidden)
		w.Write([]byte(`{"error":{"status":"PERMISSION_DENIED","message":"API key ` + r.Header.Get("x-goog-api-key") + ` not valid"}}`))
	}))
	defer srv.Close()
	_, err := (&Client{APIKey: key, BaseURL: srv.URL, HTTPClient: srv.Client()}).Complete(context.Background(), "", "x")
	if err == nil || strings.Contains(err.Error(), key) {
		t.Errorf("error %v, want one without the key", err)
	}
}
