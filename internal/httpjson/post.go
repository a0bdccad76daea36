// Package httpjson holds the request plumbing shared by the small LLM API
// clients: one JSON POST with a bounded response, and base URL checks.
// Errors carry no package prefix; callers add their own.
package httpjson

import (
	"bytes"
	"context"
	"encoding/json"
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
func Post(ctx context.Context, hc *http.Client, endpoint string, header map[string]string, v any, limit int64) (int, []byte, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return 0, nil, fmt.Errorf("encode request: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return 0, nil, fmt.Errorf("build request: %w", err)
	}
	req.Header.Set("content-type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return 0, nil, fmt.Errorf("request failed: %w", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return 0, nil, fmt.Errorf("read response: %w", err)
	}
	if int64(len(data)) > limit {
		return 0, nil, fmt.Errorf("response larger than %d bytes", limit)
	}
	return resp.StatusCode, data, nil
}
