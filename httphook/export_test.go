package httphook

import (
	"io"
	"net/http"
	"time"

	"github.com/stophook/stophook"
)

// Seams for the tests of package httphook_test.
var (
	Mux       = mux
	NewServer = newServer
)

// Metrics is the server's counts, seen from the tests.
type Metrics struct{ m *metrics }

// NewMetrics returns empty metrics.
func NewMetrics() Metrics { return Metrics{newMetrics()} }

func (m Metrics) Policy(p stophook.Policy) stophook.Policy { return m.m.policy(p) }
func (m Metrics) Store(s stophook.Store) stophook.Store    { return m.m.store(s) }
func (m Metrics) WriteTo(w io.Writer) (int64, error)       { return m.m.WriteTo(w) }
func (m Metrics) Options(o ServeOptions) ServeOptions      { o.metrics = m.m; return o }

// Handler is next timed and counted, as the server's mux serves hook
// requests.
func (m Metrics) Handler(next http.Handler) http.Handler {
	return http.HandlerFunc(m.m.timed(answerOf(next)))
}

// SetHandlerClock sets the clock of h's log of refused tokens.
func SetHandlerClock(h *Handler, now func() time.Time) { h.auth.now = now }
