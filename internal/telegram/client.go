package telegram

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
	"time"

	"github.com/stophook/stophook/internal/textcut"
)

// DefaultBaseURL is the Bot API root.
const DefaultBaseURL = "https://api.telegram.org"

// MaxResponseBytes bounds one response body.
const MaxResponseBytes = 8 << 20

// Client calls the Bot API. Token is required. A Client is safe for
// concurrent use if its HTTPClient is.
type Client struct {
	Token      string
	BaseURL    string       // default DefaultBaseURL
	HTTPClient *http.Client // default: a client without timeout; ctx bounds each call
}

// APIError is a response with "ok": false.
type APIError struct {
	Method      string
	Code        int    // error_code, e.g. 409 for a concurrent getUpdates
	Description string // description, without the token
	RetryAfter  int    // parameters.retry_after in seconds, for 429
}

func (e *APIError) Error() string {
	return fmt.Sprintf("telegram: %s: %d %s", e.Method, e.Code, e.Description)
}

type envelope struct {
	OK          bool            `json:"ok"`
	Result      json.RawMessage `json:"result"`
	ErrorCode   int             `json:"error_code"`
	Description string          `json:"description"`
	Parameters  struct {
		RetryAfter int `json:"retry_after"`
	} `json:"parameters"`
}

// call POSTs params as JSON to method and decodes the result into out (may be nil).
func (c *Client) call(ctx context.Context, method string, params any, out any) error {
	if c == nil || c.Token == "" {
		return errors.New("telegram: no bot token")
	}
	base := strings.TrimRight(c.BaseURL, "/")
	if base == "" {
		base = DefaultBaseURL
	}
	if u, err := url.Parse(base); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("telegram: invalid base URL %q", c.scrub(base))
	}
	body, err := json.Marshal(params)
	if err != nil {
		return fmt.Errorf("telegram: %s: encode: %w", method, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/bot"+c.Token+"/"+method, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("telegram: %s: %w", method, c.scrubErr(err))
	}
	req.Header.Set("Content-Type", "application/json")
	hc := c.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return fmt.Errorf("telegram: %s: %w", method, c.scrubErr(err))
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxResponseBytes+1))
	if err != nil {
		return fmt.Errorf("telegram: %s: read: %w", method, c.scrubErr(err))
	}
	if len(data) > MaxResponseBytes {
		return fmt.Errorf("telegram: %s: response larger than %d bytes", method, MaxResponseBytes)
	}
	var env envelope
	if err := json.Unmarshal(data, &env); err != nil {
		return fmt.Errorf("telegram: %s: HTTP %d: undecodable response", method, resp.StatusCode)
	}
	if !env.OK {
		code := env.ErrorCode
		if code == 0 {
			code = resp.StatusCode
		}
		desc := c.scrub(env.Description)
		if len(desc) > 300 {
			desc = textcut.Bytes(desc, 300) + "…"
		}
		return &APIError{Method: method, Code: code, Description: desc, RetryAfter: env.Parameters.RetryAfter}
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(env.Result, out); err != nil {
		return fmt.Errorf("telegram: %s: decode result: %w", method, err)
	}
	return nil
}

// scrub removes the token from s.
func (c *Client) scrub(s string) string {
	if c.Token == "" {
		return s
	}
	return strings.ReplaceAll(s, c.Token, "<token>")
}

// scrubErr returns err with the token removed from its message. A
// *url.Error keeps its type (with a redacted URL) so errors.Is/As work.
func (c *Client) scrubErr(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		cp := *ue
		cp.URL = c.scrub(ue.URL)
		if cp.Err != nil && strings.Contains(cp.Err.Error(), c.Token) {
			cp.Err = errors.New(c.scrub(cp.Err.Error()))
		}
		return &cp
	}
	if strings.Contains(err.Error(), c.Token) {
		return errors.New(c.scrub(err.Error()))
	}
	return err
}

// SendMessage sends plain text (no parse mode) to chatID, with an optional
// inline keyboard, and returns the sent message.
func (c *Client) SendMessage(ctx context.Context, chatID int64, text string, markup *InlineKeyboardMarkup) (Message, error) {
	params := map[string]any{"chat_id": chatID, "text": text}
	if markup != nil {
		params["reply_markup"] = markup
	}
	var m Message
	err := c.call(ctx, "sendMessage", params, &m)
	return m, err
}

// GetUpdates long-polls for message and callback_query updates with
// update_id >= offset, waiting up to timeout (whole seconds) on the server.
// Passing offset confirms every earlier update: the server forgets them.
// An offset of 0 returns the oldest unconfirmed updates.
func (c *Client) GetUpdates(ctx context.Context, offset int64, timeout time.Duration) ([]Update, error) {
	params := map[string]any{
		"timeout":         int(timeout / time.Second),
		"allowed_updates": []string{"message", "callback_query"},
	}
	if offset != 0 {
		params["offset"] = offset
	}
	var ups []Update
	err := c.call(ctx, "getUpdates", params, &ups)
	return ups, err
}

// AnswerCallbackQuery stops the button's loading spinner, showing text as
// a short notification when non-empty.
func (c *Client) AnswerCallbackQuery(ctx context.Context, id, text string) error {
	params := map[string]any{"callback_query_id": id}
	if text != "" {
		params["text"] = text
	}
	return c.call(ctx, "answerCallbackQuery", params, nil)
}

// EditMessageText replaces the text of a message; a nil markup removes
// its inline keyboard.
func (c *Client) EditMessageText(ctx context.Context, chatID, messageID int64, text string, markup *InlineKeyboardMarkup) error {
	params := map[string]any{"chat_id": chatID, "message_id": messageID, "text": text}
	if markup != nil {
		params["reply_markup"] = markup
	}
	return c.call(ctx, "editMessageText", params, nil)
}
