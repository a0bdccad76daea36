package httphook

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"sync"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
)

// Handler serves type:"http" hooks: it runs a policy (usually a
// [stophook.Chain]) on each POSTed hook input through [hook.Server] — the
// runner of command hooks, with the same turn accounting, Store, decision
// log and host encoding — and answers with the JSON a command hook prints,
// for the host recognised in each request. It is safe for concurrent use.
type Handler struct {
	serve    func(ctx context.Context, body []byte) ([]byte, func(), error)
	token    string
	maxInput int64
	auth     *authLog // logs the requests refused 401
}

var _ http.Handler = (*Handler)(nil)

// New returns a Handler running p. When token is not empty, requests must
// carry "Authorization: Bearer <token>". opts.MaxInput bounds the request
// body; the logger defaults to slog.Default(). Stdin, Stdout, Stderr and
// ExitCode are not used. The environment is read once, here; a value it
// does not understand is logged.
func New(p stophook.Policy, token string, opts hook.Options) *Handler {
	maxInput := opts.MaxInput
	if maxInput <= 0 {
		maxInput = hook.DefaultMaxInput
	}
	if _, ok := p.(*stophook.Chain); !ok {
		// What stophook.Evaluate would do for each decision, done once:
		// the runner asks a chain once whether it waits.
		p = stophook.NewChain(p)
	}
	return &Handler{serve: hook.Server(p, opts), token: token, maxInput: maxInput, auth: &authLog{log: opts.Logger}}
}

// ServeHTTP answers 405 to anything but POST, 401 to a missing or wrong
// bearer token (logged, at most a line a minute), 403 to a request
// carrying an Origin header (a web page), 415 to a Content-Type other than
// application/json, 413 to an oversized body, 400 (saying why) to a body that is not a JSON hook
// input, and 200 with the decision otherwise.
//
// The input's cwd never makes a directory: state goes to the cwd's
// .claude/stophook only when the cwd exists (see [stophook.DefaultStore]);
// an input whose cwd is relative gets {} (the session stops) without any
// policy running.
//
// When the budget runs out, the answer is sent at once; ServeHTTP returns
// when the policy has returned too (see [hook.Server]).
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.answer(w, r) }

// answer is ServeHTTP; it returns the status code it answered with, so
// that the server's metrics need not wrap w to learn it.
func (h *Handler) answer(w http.ResponseWriter, r *http.Request) int {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		return refuse(w, "stophook: method not allowed; POST a hook input", http.StatusMethodNotAllowed)
	}
	if h.token != "" && !validBearer(header(r.Header, "Authorization"), h.token) {
		// First: a client without the token learns nothing more.
		h.auth.refused(r)
		w.Header().Set("WWW-Authenticate", `Bearer realm="stophook"`)
		return refuse(w, "stophook: missing or wrong bearer token", http.StatusUnauthorized)
	}
	if header(r.Header, "Origin") != "" {
		// Browsers send Origin with every POST; hook clients do not. A web
		// page must not drive the hooks of the machine it runs on.
		return refuse(w, "stophook: requests from web pages (with an Origin header) are refused", http.StatusForbidden)
	}
	if !isJSON(header(r.Header, "Content-Type")) {
		// Also stops the requests a page can send without CORS preflight:
		// text/plain, form and multipart bodies.
		return refuse(w, "stophook: Content-Type must be application/json", http.StatusUnsupportedMediaType)
	}
	body := r.Body
	if r.ContentLength < 0 || r.ContentLength > h.maxInput {
		// A body of declared length within the bound cannot outgrow it:
		// net/http reads no more than declared.
		body = http.MaxBytesReader(w, r.Body, h.maxInput)
	}
	buf := bodies.Get().(*[]byte)
	data, err := readBody((*buf)[:0], body, r.ContentLength, h.maxInput)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return refuse(w, fmt.Sprintf("stophook: hook input larger than %d bytes", h.maxInput), http.StatusRequestEntityTooLarge)
		}
		return refuse(w, "stophook: read hook input: "+err.Error(), http.StatusBadRequest)
	}
	// Read to its end: closed now, the body need not be drained by
	// net/http after the answer (a read and an allocation less).
	r.Body.Close()
	answer, wait, err := h.serve(r.Context(), data)
	if cap(data) <= maxPooledBody {
		// Nothing of data outlives serve: the input it decoded, which the
		// policies keep, holds copies (TestBodyBufferReused).
		*buf = data[:0]
		bodies.Put(buf)
	}
	if err != nil {
		return refuse(w, err.Error(), http.StatusBadRequest)
	}
	hdr := w.Header()
	hdr["Content-Type"] = jsonContentType
	if wait != nil || len(answer) > autoLengthMax {
		hdr["Content-Length"] = []string{strconv.Itoa(len(answer))}
	}
	w.Write(answer)
	if wait != nil {
		// The policy outlived the budget: send the answer now, and keep
		// the request until the policy returns.
		http.NewResponseController(w).Flush()
		wait()
	}
	return http.StatusOK
}

// header is h.Get(key) for a key in canonical form (TestHeaderKeys),
// without canonicalizing it again on each request: a Header holds its
// keys in that form (net/http's server and Header's methods write them
// so), and Get looks up nothing else.
func header(h http.Header, key string) string {
	if v := h[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// refuse answers code with the message msg, as http.Error does, and
// returns code.
func refuse(w http.ResponseWriter, msg string, code int) int {
	http.Error(w, msg, code)
	return code
}

// autoLengthMax is the longest answer whose Content-Length is left to
// net/http: it sets the header itself, without an allocation, for a body
// of a few KB written at once by a handler that returns without flushing.
// A longer answer, or one flushed before the policy returns, says its
// length here so that it is never sent chunked.
const autoLengthMax = 1024

// jsonContentType is the Content-Type header of answers, set in the
// header map as it is (its key is canonical) and never changed.
var jsonContentType = []string{"application/json"}

// bodies holds request body buffers for reuse, as *[]byte.
var bodies = sync.Pool{New: func() any { return new([]byte) }}

// maxPooledBody is the largest body buffer kept for reuse: a rare large
// input is not held in memory by the pool.
const maxPooledBody = 64 << 10

// readBody reads a request body of declared length n (-1 when unknown)
// into b (empty), or into a buffer of that size when b is shorter: no
// allocation for the bodies hook clients send, which declare their length,
// once b has grown to their size. A body of unknown or oversized declared
// length is read through a reader that enforces max (an
// [http.MaxBytesReader]); one of declared length within max is bounded by
// net/http to that length, and, should a reader give more, by max here.
func readBody(b []byte, r io.Reader, n, max int64) ([]byte, error) {
	if n < 0 || n > max {
		return io.ReadAll(r)
	}
	if int64(cap(b)) < n+1 { // +1: the read that finds the end needs room
		b = make([]byte, 0, n+1)
	}
	for {
		m, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+m]
		if int64(len(b)) > max {
			return b, &http.MaxBytesError{Limit: max}
		}
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // longer than declared: let it grow
		}
	}
}

// isJSON reports whether a Content-Type header names JSON:
// application/json, with or without parameters.
func isJSON(contentType string) bool {
	if contentType == "application/json" {
		return true // what hook clients send
	}
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "application/json"
}

func validBearer(header, token string) bool {
	const prefix = "Bearer "
	if len(header) < len(prefix) || header[:len(prefix)] != prefix {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(header[len(prefix):]), []byte(token)) == 1
}
