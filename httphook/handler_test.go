package httphook_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/httphook"
)

func TestHandler(t *testing.T) {
	t.Parallel()
	h := httphook.New(blocker("keep going"), "s3cret", hook.Options{MaxInput: 4096})
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
			req.Header.Set("Content-Type", "application/json")
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
	h := httphook.New(blocker("r"), "", hook.Options{})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, post(stopPayload, nil))
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

// post returns a hook POST with the JSON content type and extra headers.
func post(body string, header map[string]string) *http.Request {
	req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	return req
}

// TestHandlerRefusesWebPages: with no token the server answered a
// browser-style text/plain POST from any Origin, so a page open in a
// browser could drive the hooks of the machine it ran on.
func TestHandlerRefusesWebPages(t *testing.T) {
	t.Parallel()
	h := httphook.New(blocker("r"), "", hook.Options{})
	tests := []struct {
		name     string
		header   map[string]string
		wantCode int
	}{
		{"Origin header", map[string]string{"Origin": "https://evil.example"}, 403},
		{"null Origin", map[string]string{"Origin": "null"}, 403},
		{"text/plain", map[string]string{"Content-Type": "text/plain"}, 415},
		{"form", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415},
		{"multipart", map[string]string{"Content-Type": "multipart/form-data; boundary=x"}, 415},
		{"no content type", map[string]string{"Content-Type": ""}, 415},
		{"json with charset", map[string]string{"Content-Type": "application/json; charset=utf-8"}, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			req := post(stopPayload, tt.header)
			if ct, ok := tt.header["Content-Type"]; ok && ct == "" {
				req.Header.Del("Content-Type")
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tt.wantCode {
				t.Errorf("got %d %q, want %d", rec.Code, rec.Body, tt.wantCode)
			}
		})
	}
}

// TestHandlerNeverCreatesCwd: the body's cwd made the server create any
// directory tree. A cwd that does not exist now gets no state on disk,
// and a relative one is not resolved against the server's directory.
func TestHandlerNeverCreatesCwd(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "no", "such", "project")
	counter := stophook.PolicyFunc(func(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
		err := stophook.DefaultStore(in).Update(ctx, "k", func([]byte) ([]byte, error) { return []byte("v"), nil })
		return stophook.BlockWith("x"), err
	})
	h := httphook.New(counter, "", hook.Options{})
	for _, cwd := range []string{missing, "relative/dir"} {
		body, _ := json.Marshal(map[string]any{"session_id": "s", "cwd": cwd, "hook_event_name": "Stop", "stop_hook_active": true})
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, post(string(body), nil))
		if rec.Code != 200 || strings.Contains(rec.Body.String(), "block") {
			t.Errorf("cwd %s: got %d %q, want 200 and no block", cwd, rec.Code, rec.Body)
		}
	}
	if _, err := os.Stat(filepath.Dir(filepath.Dir(missing))); err == nil {
		t.Errorf("the server created %s", filepath.Dir(filepath.Dir(missing)))
	}
	if _, err := os.Stat("relative"); err == nil {
		t.Errorf("the server created ./relative")
	}
}

// TestAnswerLength: over a real connection every answer says its length
// and is never chunked, short ones (whose Content-Length net/http sets)
// and long ones (which set it themselves) alike.
func TestAnswerLength(t *testing.T) {
	t.Parallel()
	for _, reason := range []string{"keep going", strings.Repeat("keep going. ", 400)} {
		srv := httptest.NewServer(httphook.New(blocker(reason), "", hook.Options{}))
		resp, err := srv.Client().Post(srv.URL, "application/json", strings.NewReader(stopPayload))
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		srv.Close()
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"decision":"block"`) {
			t.Fatalf("reason of %d bytes: got %d %q, want a block", len(reason), resp.StatusCode, body)
		}
		if resp.ContentLength != int64(len(body)) || len(resp.TransferEncoding) != 0 {
			t.Errorf("reason of %d bytes: Content-Length %d, Transfer-Encoding %q for a body of %d bytes; want its length, not chunked", len(reason), resp.ContentLength, resp.TransferEncoding, len(body))
		}
	}
}

// TestBodyBufferReused: the Handler reuses request body buffers, so the
// input a policy keeps must not share the body's memory. Each request
// here is the same length, so the next one is read into the buffer the
// last one was, when the pool gives it back; what the policies kept of
// the earlier ones must not change.
func TestBodyBufferReused(t *testing.T) {
	var kept []stophook.Input
	keep := stophook.NewChain(stophook.PolicyFunc(func(_ context.Context, in stophook.Input) (stophook.Decision, error) {
		kept = append(kept, in)
		return stophook.PassOn("kept"), nil
	}))
	h := httphook.New(keep, "", hook.Options{Store: new(stophook.MemoryStore)})
	body := func(i int) string {
		return fmt.Sprintf(`{"session_id":"s-%d","cwd":"/p","hook_event_name":"Stop","last_assistant_message":"message %d"}`, i, i)
	}
	for i := range 20 {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, post(body(i), nil))
		if rec.Code != 200 {
			t.Fatalf("request %d: %d %q", i, rec.Code, rec.Body)
		}
	}
	for i, in := range kept {
		if in.SessionID != fmt.Sprintf("s-%d", i) || in.LastAssistantMessage != fmt.Sprintf("message %d", i) || string(in.Raw) != body(i) {
			t.Errorf("input %d changed after later requests: %q %q %s", i, in.SessionID, in.LastAssistantMessage, in.Raw)
		}
	}
}
