// Package httpjson holds the request plumbing shared by the small LLM API
// clients: one JSON POST with a bounded response, and base URL checks.
// Errors carry no package prefix; callers add their own.
package httpjson

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// BaseURL trims trailing slashes from base and checks that it is an
// absolute http or https URL.
func BaseURL(base string) (string, error) {
	base = strings.TrimRight(base, "/")
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("invalid base URL %q", base)
	}
	return base, nil
}

// Post sends v encoded as JSON to endpoint with the given headers (and
// content-type application/json) and returns the status code and body of
// the response. A body over limit bytes is an error, read no further than
// limit+1 bytes. Any status is returned as is; the caller judges it.
//
// Headers carry API keys, so Post keeps them to the endpoint's origin and
// out of what it returns: a redirect to another scheme, host or port is an
// error (Go's client would resend custom headers such as x-api-key there),
// and the value of every header named like a credential (see [Secrets]) is
// replaced by [Redacted] in the returned body and in errors, also when a
// server echoes the request's headers back.
func Post(ctx context.Context, hc *http.Client, endpoint string, header map[string]string, v any, limit int64) (int, []byte, error) {
	secrets := Secrets(header)
	body, err := json.Marshal(v)
	if err != nil {
		return 0, nil, fmt.Errorf("encode request: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return 0, nil, scrubbed("build request", err, secrets)
	}
	req.Header.Set("content-type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := sameOrigin(hc).Do(req)
	if err != nil {
		return 0, nil, scrubbed("request failed", err, secrets)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return 0, nil, scrubbed("read response", err, secrets)
	}
	if int64(len(data)) > limit {
		return 0, nil, fmt.Errorf("response larger than %d bytes", limit)
	}
	return resp.StatusCode, Scrub(data, secrets), nil
}

// Redacted replaces secrets in what [Post] returns.
const Redacted = "[REDACTED]"

// Secrets returns the values of the headers whose names say they carry a
// credential: containing "key", "token", "secret" or "auth" in any case.
// A bearer token is returned without its scheme too.
func Secrets(header map[string]string) []string {
	var out []string
	for k, v := range header {
		name := strings.ToLower(k)
		if v == "" || !(strings.Contains(name, "key") || strings.Contains(name, "token") || strings.Contains(name, "secret") || strings.Contains(name, "auth")) {
			continue
		}
		out = append(out, v)
		if _, tok, ok := strings.Cut(v, " "); ok && tok != "" {
			out = append(out, tok)
		}
	}
	return out
}

// Scrub returns data with every secret replaced by [Redacted]; data itself
// is returned when it holds none.
func Scrub[T ~string | ~[]byte](data T, secrets []string) T {
	for _, s := range secrets {
		if len(s) < 4 {
			continue // too short to search for without mangling ordinary text
		}
		if strings.Contains(string(data), s) {
			data = T(strings.ReplaceAll(string(data), s, Redacted))
		}
	}
	return data
}

// scrubbedError is an error whose text had the secrets removed; it still
// unwraps to the original, so errors.Is(err, context.DeadlineExceeded)
// holds.
type scrubbedError struct {
	msg string
	err error
}

func (e *scrubbedError) Error() string { return e.msg }
func (e *scrubbedError) Unwrap() error { return e.err }

func scrubbed(what string, err error, secrets []string) error {
	return &scrubbedError{msg: what + ": " + Scrub(err.Error(), secrets), err: err}
}

// sameOrigin returns a copy of hc that refuses redirects to another origin.
func sameOrigin(hc *http.Client) *http.Client {
	c := *hc
	next := hc.CheckRedirect
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		from := via[0].URL
		if req.URL.Scheme != from.Scheme || req.URL.Host != from.Host {
			return fmt.Errorf("refusing a redirect from %s://%s to another origin, %s://%s", from.Scheme, from.Host, req.URL.Scheme, req.URL.Host)
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
	return &c
}
