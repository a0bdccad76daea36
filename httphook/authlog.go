package httphook

import (
	"log/slog"
	"net/http"
	"sync"
	"time"
)

// authLogEvery is the shortest time between two log lines about refused
// bearer tokens.
const authLogEvery = time.Minute

// authLog logs the requests refused for their bearer token: the first at
// once, then at most one line every [authLogEvery], counting the refusals
// in between. A client with a stale or missing token shows in the log
// without a line per request (a flood of them cannot flood the log). It
// never logs the token sent.
type authLog struct {
	log *slog.Logger
	now func() time.Time // time.Now when nil

	mu    sync.Mutex
	next  time.Time // no line before this
	quiet int       // refusals not logged since the last line
}

// refused records the refusal of r, logging it when a line is due.
func (a *authLog) refused(r *http.Request) {
	now := time.Now
	if a.now != nil {
		now = a.now
	}
	t := now()
	a.mu.Lock()
	if t.Before(a.next) {
		a.quiet++
		a.mu.Unlock()
		return
	}
	quiet := a.quiet
	a.quiet, a.next = 0, t.Add(authLogEvery)
	a.mu.Unlock()
	why := "wrong"
	if r.Header.Get("Authorization") == "" {
		why = "missing"
	}
	args := []any{"token", why, "path", r.URL.Path, "remote", r.RemoteAddr}
	if quiet > 0 {
		args = append(args, "refused_since_last_line", quiet)
	}
	log := a.log
	if log == nil {
		log = slog.Default()
	}
	log.Warn("httphook: refused a request without the right bearer token (answered 401)", args...)
}
