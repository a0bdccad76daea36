package anthropic

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const testKey = "sk-test-secret-key"

func TestCompleteSendsRequestAndJoinsText(t *testing.T) {
	t.Parallel()
	var got struct {
		Model     string `json:"model"`
		MaxTokens int    `json:"max_tokens"`
		System    string `json:"system"`
		Stream    *bool  `json:"stream"`
		Messages  []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		assert.Equal(t, http.MethodPost, r.Method)
		assert.Equal(t, "/v1/messages", r.URL.Path)
		assert.Equal(t, testKey, r.Header.Get("x-api-key"))
		assert.Equal(t, APIVersion, r.Header.Get("anthropic-version"))
		assert.Equal(t, "application/json", r.Header.Get("content-type"))
		assert.NoError(t, json.NewDecoder(r.Body).Decode(&got))
		io.WriteString(w, `{"id":"msg_1","type":"message","role":"assistant","content":[{"type":"thinking","thinking":"x"},{"type":"text","text":"first"},{"type":"text","text":"second"}],"stop_reason":"end_turn"}`)
	}))
	defer srv.Close()

	c := &Client{APIKey: testKey, BaseURL: srv.URL + "/", HTTPClient: srv.Client()}
	text, err := c.Complete(context.Background(), "be brief", "hello")
	require.NoError(t, err)
	assert.Equal(t, "first\nsecond", text)
	assert.Equal(t, DefaultModel, got.Model)
	assert.Equal(t, DefaultMaxTokens, got.MaxTokens)
	assert.Equal(t, "be brief", got.System)
	assert.Nil(t, got.Stream, "request must not ask for streaming")
	require.Len(t, got.Messages, 1)
	assert.Equal(t, "user", got.Messages[0].Role)
	assert.Equal(t, "hello", got.Messages[0].Content)
}

func TestCompleteHonoursModelAndMaxTokens(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req request
		assert.NoError(t, json.NewDecoder(r.Body).Decode(&req))
		assert.Equal(t, "claude-x", req.Model)
		assert.Equal(t, 77, req.MaxTokens)
		assert.Empty(t, req.System)
		io.WriteString(w, `{"content":[{"type":"text","text":"ok"}]}`)
	}))
	defer srv.Close()
	c := &Client{APIKey: testKey, BaseURL: srv.URL, HTTPClient: srv.Client(), Model: "claude-x", MaxTokens: 77}
	text, err := c.Complete(context.Background(), "", "p")
	require.NoError(t, err)
	assert.Equal(t, "ok", text)
}

func TestCompleteErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		status  int
		body    string
		check   func(t *testing.T, err error)
		wantSub string
	}{
		{
			name: "api error body", status: 529,
			body:    `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`,
			wantSub: "anthropic: HTTP 529: overloaded_error: Overloaded",
			check: func(t *testing.T, err error) {
				var apiErr *APIError
				require.True(t, errors.As(err, &apiErr))
				assert.Equal(t, 529, apiErr.StatusCode)
				assert.Equal(t, "overloaded_error", apiErr.Type)
			},
		},
		{name: "plain error body", status: 502, body: "bad gateway", wantSub: "anthropic: HTTP 502: bad gateway"},
		{name: "empty error body", status: 401, body: "", wantSub: "anthropic: HTTP 401: Unauthorized"},
		{name: "long error body is cut", status: 500, body: strings.Repeat("é", 400), wantSub: "…"},
		{name: "not json", status: 200, body: "<html>", wantSub: "anthropic: decode response"},
		{
			name: "no text", status: 200, body: `{"content":[{"type":"tool_use","id":"x"}]}`, wantSub: "no text",
			check: func(t *testing.T, err error) { assert.ErrorIs(t, err, ErrNoText) },
		},
		{name: "too large", status: 200, body: `{"content":[{"type":"text","text":"` + strings.Repeat("a", MaxResponseBytes) + `"}]}`, wantSub: "larger than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(tt.status)
				io.WriteString(w, tt.body)
			}))
			defer srv.Close()
			c := &Client{APIKey: testKey, BaseURL: srv.URL, HTTPClient: srv.Client()}
			_, err := c.Complete(context.Background(), "s", "p")
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.wantSub)
			assert.True(t, strings.HasPrefix(err.Error(), "anthropic: "), "got %q", err)
			assert.NotContains(t, err.Error(), testKey)
			assert.LessOrEqual(t, len(err.Error()), 1000)
			if tt.check != nil {
				tt.check(t, err)
			}
		})
	}
}

func TestCompleteConfigErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, err := (*Client)(nil).Complete(ctx, "", "p")
	assert.ErrorContains(t, err, "anthropic: no API key")
	_, err = (&Client{}).Complete(ctx, "", "p")
	assert.ErrorContains(t, err, "anthropic: no API key")
	for _, base := range []string{"ftp://x", "not a url", "http://"} {
		_, err = (&Client{APIKey: testKey, BaseURL: base}).Complete(ctx, "", "p")
		assert.ErrorContains(t, err, "anthropic: invalid base URL", base)
	}
}

func TestCompleteContextDeadline(t *testing.T) {
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
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := (&Client{APIKey: testKey, BaseURL: srv.URL, HTTPClient: srv.Client()}).Complete(ctx, "", "p")
	require.Error(t, err)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.NotContains(t, err.Error(), testKey)
}

func TestFromEnv(t *testing.T) {
	t.Setenv(EnvAPIKey, "")
	t.Setenv(EnvBaseURL, "")
	t.Setenv(EnvModel, "")
	c, ok := FromEnv()
	assert.False(t, ok)
	assert.Nil(t, c)

	t.Setenv(EnvAPIKey, " k ")
	c, ok = FromEnv()
	require.True(t, ok)
	assert.Equal(t, &Client{APIKey: "k"}, c)

	t.Setenv(EnvBaseURL, "http://127.0.0.1:9")
	t.Setenv(EnvModel, "claude-y")
	c, ok = FromEnv()
	require.True(t, ok)
	assert.Equal(t, &Client{APIKey: "k", BaseURL: "http://127.0.0.1:9", Model: "claude-y"}, c)
}

// TestCompleteErrorHidesKey: an error body echoing the request's headers
// put the key into the error, which hooks log on stderr.
func TestCompleteErrorHidesKey(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprintf(w, `{"error":{"type":"authentication_error","message":"invalid x-api-key %s"}}`, r.Header.Get("x-api-key"))
	}))
	defer srv.Close()
	_, err := (&Client{APIKey: testKey, BaseURL: srv.URL, HTTPClient: srv.Client()}).Complete(context.Background(), "", "p")
	if err == nil || strings.Contains(err.Error(), testKey) {
		t.Errorf("error %v, want one without the key", err)
	}
}
