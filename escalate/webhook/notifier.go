package webhook

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/escalate/internal/plain"
)

// Notifier is a notify-only [escalate.Notifier]: it POSTs the stop message to URL and
// returns [escalate.NoAnswer] at once, so the session stops. The default body is the
// plain-text message, which suits ntfy (https://ntfy.sh/<topic>) and most
// chat webhooks; set JSON for a JSON object instead.
type Notifier struct {
	// URL receives the POST. It may hold a secret (an ntfy topic, a
	// webhook key), so errors name only its host.
	URL string
	// Header is added to the request (Authorization, ntfy's Title or Tags, …).
	Header http.Header
	// JSON sends {"text","session_id","label","cwd","summary","last_message","recent_tools"}
	// instead of plain text.
	JSON bool
	// HTTPClient sends the request; default http.DefaultClient (ctx bounds it).
	HTTPClient *http.Client
}

var _ escalate.Notifier = (*Notifier)(nil)

// New returns a plain-text Notifier posting to url.
func New(url string) *Notifier { return &Notifier{URL: url} }

type jsonBody struct {
	Text        string   `json:"text"`
	SessionID   string   `json:"session_id,omitempty"`
	Label       string   `json:"label,omitempty"`
	CWD         string   `json:"cwd,omitempty"`
	Summary     string   `json:"summary,omitempty"`
	LastMessage string   `json:"last_message,omitempty"`
	RecentTools []string `json:"recent_tools,omitempty"`
}

// Ask implements [escalate.Notifier]: it posts the message and returns
// [escalate.NoAnswer];
// a non-2xx status is an error.
func (w *Notifier) Ask(ctx context.Context, req escalate.Request) (escalate.Answer, error) {
	if w == nil || w.URL == "" {
		return escalate.Answer{}, errors.New("webhook: no URL")
	}
	u, err := url.Parse(w.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return escalate.Answer{}, errors.New("webhook: invalid URL")
	}
	text := escalate.Format(req, "")
	body := []byte(text)
	ctype := "text/plain; charset=utf-8"
	if w.JSON {
		body, err = json.Marshal(jsonBody{
			Text: text, SessionID: req.SessionID, Label: plain.Clean(req.Label), CWD: req.CWD,
			Summary: plain.Clean(req.Summary), LastMessage: plain.LastRunes(plain.Clean(req.LastMessage), plain.LastMessageRunes), RecentTools: req.RecentTools,
		})
		if err != nil {
			return escalate.Answer{}, fmt.Errorf("webhook: encode: %w", err)
		}
		ctype = "application/json"
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, w.URL, bytes.NewReader(body))
	if err != nil {
		return escalate.Answer{}, fmt.Errorf("webhook: %s: build request failed", u.Host)
	}
	for k, vs := range w.Header {
		for _, v := range vs {
			hreq.Header.Add(k, v)
		}
	}
	hreq.Header.Set("Content-Type", ctype)
	hc := w.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(hreq)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // drop the URL, which may hold a secret
		}
		return escalate.Answer{}, fmt.Errorf("webhook: %s: %w", u.Host, err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return escalate.Answer{}, fmt.Errorf("webhook: %s: HTTP %d", u.Host, resp.StatusCode)
	}
	return escalate.Answer{}, nil
}
