package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/stophook/stophook/queue"
)

// Waker is a [queue.Waker] that POSTs the payload as JSON to an HTTP gateway.
// A network error, a 429 or a 5xx answer is retried; other non-2xx answers
// are errors at once.
type Waker struct {
	// URL receives the POST.
	URL string
	// Token, when set, is sent as "Authorization: Bearer <Token>".
	Token string
	// Client defaults to a client without redirects.
	Client *http.Client
	// Timeout bounds each attempt; default 5s.
	Timeout time.Duration
	// Attempts is the number of tries; default 3.
	Attempts int
	// Backoff is the wait before the second try, doubled after; default 250ms.
	Backoff time.Duration
}

var _ queue.Waker = (*Waker)(nil)

// Wake implements [queue.Waker]: it posts p as JSON, retrying as [Waker]
// says, and returns the joined errors of the attempts.
func (g *Waker) Wake(ctx context.Context, p queue.Payload) error {
	body, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("gateway: %w", err)
	}
	attempts, backoff := g.Attempts, g.Backoff
	if attempts <= 0 {
		attempts = 3
	}
	if backoff <= 0 {
		backoff = 250 * time.Millisecond
	}
	var errs []error
	for i := range attempts {
		if i > 0 {
			if err := sleep(ctx, backoff); err != nil {
				errs = append(errs, err)
				break
			}
			backoff *= 2
		}
		retry, err := g.post(ctx, body)
		if err == nil {
			return nil
		}
		errs = append(errs, err)
		if !retry {
			break
		}
	}
	return fmt.Errorf("gateway: %w", errors.Join(errs...))
}

func (g *Waker) post(ctx context.Context, body []byte) (retry bool, err error) {
	timeout := g.Timeout
	if timeout <= 0 {
		timeout = 5 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.URL, bytes.NewReader(body))
	if err != nil {
		return false, err
	}
	req.Header.Set("Content-Type", "application/json")
	if g.Token != "" {
		req.Header.Set("Authorization", "Bearer "+g.Token)
	}
	client := g.Client
	if client == nil {
		client = &http.Client{CheckRedirect: refuseRedirects}
	}
	resp, err := client.Do(req)
	if err != nil {
		return true, err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 == 2 {
		return false, nil
	}
	err = fmt.Errorf("status %s", resp.Status)
	return resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500, err
}

// sleep waits d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// refuseRedirects is the default client's redirect policy: a redirect is
// an answer, not a place to send the payload and its token.
func refuseRedirects(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
