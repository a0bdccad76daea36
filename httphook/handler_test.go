package httphook_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/httphook"
)

func TestHandler(t *testing.T) {
	t.Parallel()
	h := httphook.New(blocker("keep going"), httphook.Options{Token: "s3cret", MaxBody: 4096})
	tests := []struct {
		name, method, auth, body string
		wantCode                 int
		wantBody                 string
	}{
		{"block", "POST", "Bearer s3cret", stopPayload, 200, `{"decision":"block","reason":"keep going"}`},
		{"wrong token", "POST", "Bearer nope", stopPayload, 401, "bearer token"},
		{"no token", "POST", "", stopPayload, 401, "bearer token"},
		{"basic auth", "POST", "Basic czNjcmV0", stopPayload, 401, "bearer token"},
		{"get", "GET", "Bearer s3cret", "", 405, "method not allowed"},
		{"not json", "POST", "Bearer s3cret", "hello", 400, "not a JSON object"},
		{"wrong type", "POST", "Bearer s3cret", `{"stop_hook_active":1}`, 400, "invalid hook input"},
		{"too large", "POST", "Bearer s3cret", `{"a":"` + strings.Repeat("x", 5000) + `"}`, 413, "larger than"},
		{"other event", "POST", "Bearer s3cret", `{"hook_event_name":"PreToolUse"}`, 200, `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			req := httptest.NewRequest(tt.method, "/hook", strings.NewReader(tt.body))
			if tt.auth != "" {
				req.Header.Set("Authorization", tt.auth)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tt.wantCode {
				t.Errorf("got status %d, want %d (%s)", rec.Code, tt.wantCode, rec.Body)
			}
			if !strings.Contains(rec.Body.String(), tt.wantBody) {
				t.Errorf("got body %q, want it to contain %q", rec.Body, tt.wantBody)
			}
		})
	}
}

func TestHandlerWithoutToken(t *testing.T) {
	t.Parallel()
	h := httphook.New(blocker("r"), httphook.Options{})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/", strings.NewReader(stopPayload)))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "block") {
		t.Errorf("got %d %q, want 200 block", rec.Code, rec.Body)
	}
}

const stopPayload = `{"session_id":"s-1","transcript_path":"/t.jsonl","cwd":"/p","hook_event_name":"Stop","last_assistant_message":"done"}`

func blocker(reason string) *stophook.Chain {
	return stophook.NewChain(stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.BlockWith(reason), nil
	}))
}
