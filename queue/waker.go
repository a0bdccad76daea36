package queue

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Waker delivers a [Payload] to the brain (the outside agent that decides
// what a session runs next).
//
// Wake is called from inside a hook, with no queue lock held; ctx carries
// the hook's remaining time and Wake must return when it is done. An error
// is logged by the caller and otherwise ignored: the session goes on.
type Waker interface {
	Wake(ctx context.Context, p Payload) error
}

// WakerFunc adapts a function to [Waker].
type WakerFunc func(ctx context.Context, p Payload) error

var _ Waker = WakerFunc(nil)

// Wake calls f(ctx, p).
func (f WakerFunc) Wake(ctx context.Context, p Payload) error { return f(ctx, p) }

// Discard is a [Waker] that drops every payload.
var Discard Waker = WakerFunc(func(context.Context, Payload) error { return nil })

// Gateway is a [Waker] that POSTs the payload as JSON to an HTTP gateway.
// A network error, a 429 or a 5xx answer is retried; other non-2xx answers
// are errors at once.
type Gateway struct {
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

var _ Waker = (*Gateway)(nil)

// Wake implements [Waker].
func (g *Gateway) Wake(ctx context.Context, p Payload) error {
	body, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("queue: gateway: %w", err)
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
	return fmt.Errorf("queue: gateway: %w", errors.Join(errs...))
}

func (g *Gateway) post(ctx context.Context, body []byte) (retry bool, err error) {
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
		client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
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

// Exec is a [Waker] that runs a shell command (sh -c Command) with the
// payload JSON on stdin.
type Exec struct {
	// Command is run by sh -c.
	Command string
	// Timeout bounds the run; default 10s.
	Timeout time.Duration
	// Stdout and Stderr receive the command's output; default: discarded
	// and the hook's stderr, so nothing reaches Claude Code's stdout.
	Stdout, Stderr io.Writer
}

var _ Waker = (*Exec)(nil)

// Wake implements [Waker].
func (e *Exec) Wake(ctx context.Context, p Payload) error {
	body, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("queue: wake command: %w", err)
	}
	timeout := e.Timeout
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", e.Command)
	cmd.Stdin = bytes.NewReader(append(body, '\n'))
	cmd.Stdout = e.Stdout
	cmd.Stderr = e.Stderr
	if cmd.Stderr == nil {
		cmd.Stderr = os.Stderr
	}
	cmd.WaitDelay = time.Second
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("queue: wake command %q: %w", truncate(e.Command, 80), err)
	}
	return nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}
