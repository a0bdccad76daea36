package httphook_test

import (
	"bytes"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/httphook"
)

// TestUnauthorizedFirst: a request without the right token is answered
// 401 whatever else is wrong with it; it was answered 415 when it also
// lacked the JSON content type, telling a client with no token about the
// server's other checks and hiding that the token was the problem.
func TestUnauthorizedFirst(t *testing.T) {
	t.Parallel()
	h := httphook.New(blocker("r"), "s3cret", hook.Options{Logger: slog.New(slog.DiscardHandler)})
	for _, header := range []map[string]string{
		{"Content-Type": "text/plain"},
		{"Content-Type": "application/x-www-form-urlencoded", "Authorization": "Bearer nope"},
		{"Origin": "https://evil.example"},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, post(stopPayload, header))
		if rec.Code != 401 {
			t.Errorf("%v: got %d %q, want 401", header, rec.Code, rec.Body)
		}
	}
}

// TestUnauthorizedLogged: a refused token was counted on /metrics but
// logged nowhere, so an operator whose clients had a stale token saw
// nothing in the server's log. The first refusal is logged at once, the
// next ones at most once a minute with how many there were since.
func TestUnauthorizedLogged(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	h := httphook.New(blocker("r"), "s3cret", hook.Options{Logger: slog.New(slog.NewTextHandler(&buf, nil))})
	now := time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)
	httphook.SetHandlerClock(h, func() time.Time { return now })
	refuse := func() {
		t.Helper()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, post(stopPayload, map[string]string{"Authorization": "Bearer nope"}))
		if rec.Code != 401 {
			t.Fatalf("got %d, want 401", rec.Code)
		}
	}
	refuse()
	if got := strings.Count(buf.String(), "\n"); got != 1 || !strings.Contains(buf.String(), "bearer token") {
		t.Fatalf("after one refusal the log holds %d lines %q, want 1 about the token", got, buf.String())
	}
	refuse()
	refuse()
	now = now.Add(30 * time.Second)
	refuse()
	if got := strings.Count(buf.String(), "\n"); got != 1 {
		t.Errorf("within the minute: %d lines %q, want still 1", got, buf.String())
	}
	now = now.Add(31 * time.Second)
	refuse()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[1], "refused_since_last_line=3") {
		t.Errorf("after the minute: lines %q, want a second one counting the 3 refusals in between", lines)
	}
	if strings.Contains(buf.String(), "nope") {
		t.Errorf("the log quotes the wrong token: %q", buf.String())
	}
}

// TestMetricsUnauthorizedLogged: GET /metrics with a wrong token is
// logged as a hook request's is.
func TestMetricsUnauthorizedLogged(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	m := httphook.Mux(nil, httphook.ServeOptions{Token: "tok", Logger: slog.New(slog.NewTextHandler(&buf, nil))})
	if w := get(t, m, "GET", "/metrics", "wrong"); w.Code != 401 {
		t.Fatalf("got %d, want 401", w.Code)
	}
	if got := strings.Count(buf.String(), "\n"); got != 1 || !strings.Contains(buf.String(), "/metrics") {
		t.Errorf("the log holds %d lines %q, want 1 naming /metrics", got, buf.String())
	}
}
