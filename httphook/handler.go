package httphook

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/stophook/stophook"
)

// Options configures [New]. The zero value means every default.
type Options struct {
	// Token, when set, is required as "Authorization: Bearer <Token>".
	Token string
	// MaxBody bounds the request body; default stophook.DefaultMaxInput (8 MiB).
	MaxBody int64
	// Events lists the handled events; default Stop and SubagentStop.
	Events []string
	// Budget bounds each decision; default stophook.DefaultBudget.
	Budget time.Duration
	// Logger defaults to slog.Default().
	Logger *slog.Logger
	// Now stamps Input.Now; default time.Now.
	Now func() time.Time
}

// Handler serves Claude Code's type:"http" hooks: it runs a [stophook.Chain] on each
// POSTed hook input and answers with the same JSON a command hook prints.
// It is safe for concurrent use.
type Handler struct {
	chain *stophook.Chain
	opts  Options
}

var _ http.Handler = (*Handler)(nil)

// New returns a Handler running chain.
func New(chain *stophook.Chain, opts Options) *Handler {
	if opts.MaxBody <= 0 {
		opts.MaxBody = stophook.DefaultMaxInput
	}
	if opts.Budget <= 0 {
		opts.Budget = stophook.DefaultBudget
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Handler{chain: chain.WithLogger(opts.Logger), opts: opts}
}

// ServeHTTP answers 405 to anything but POST, 401 to a missing or wrong
// bearer token, 413 to an oversized body, 400 (saying why) to a body that
// is not a JSON hook input, and 200 with the decision otherwise.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "stophook: method not allowed; POST a hook input", http.StatusMethodNotAllowed)
		return
	}
	if h.opts.Token != "" && !validBearer(r.Header.Get("Authorization"), h.opts.Token) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="stophook"`)
		http.Error(w, "stophook: missing or wrong bearer token", http.StatusUnauthorized)
		return
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.opts.MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			http.Error(w, fmt.Sprintf("stophook: hook input larger than %d bytes", h.opts.MaxBody), http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "stophook: read hook input: "+err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if os.Getenv(stophook.DisableEnv) == "1" {
		w.Write([]byte("{}"))
		return
	}
	in, err := stophook.ParseInput(data)
	if err != nil {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	in.Now = h.opts.Now()
	if !stophook.HandlesEvent(h.opts.Events, in.HookEventName) {
		w.Write([]byte("{}"))
		return
	}
	d := h.chain.Decide(r.Context(), in, h.opts.Budget)
	if d.Policy == "deadline" {
		h.opts.Logger.Warn("stophook: decision budget exceeded; allowing stop", "session_id", in.SessionID, "why", d.Why)
	}
	w.Write(stophook.NewOutput(in, d).JSON())
}

func validBearer(header, token string) bool {
	const prefix = "Bearer "
	if len(header) < len(prefix) || header[:len(prefix)] != prefix {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(header[len(prefix):]), []byte(token)) == 1
}
