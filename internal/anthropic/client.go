package anthropic

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/stophook/stophook/internal/httpjson"
	"github.com/stophook/stophook/internal/textcut"
)

// Defaults used by a zero [Client] field.
const (
	DefaultBaseURL   = "https://api.anthropic.com"
	DefaultModel     = "claude-haiku-4-5"
	DefaultMaxTokens = 1024
	// APIVersion is sent as the anthropic-version header.
	APIVersion = "2023-06-01"
	// MaxResponseBytes bounds the response body read by [Client.Complete].
	MaxResponseBytes = 1 << 20
	// DefaultTimeout bounds one request when HTTPClient is nil and ctx has
	// no earlier deadline.
	DefaultTimeout = 60 * time.Second
)

// Environment variables read by [FromEnv].
const (
	EnvAPIKey  = "ANTHROPIC_API_KEY"
	EnvBaseURL = "ANTHROPIC_BASE_URL"
	EnvModel   = "STOPHOOK_SUMMARY_MODEL"
)

// ErrNoText reports a successful response without any text block.
var ErrNoText = errors.New("anthropic: response has no text")

// Client calls the Messages API. The zero value is not usable: APIKey is
// required. A Client is safe for concurrent use if its HTTPClient is.
type Client struct {
	// APIKey is sent as x-api-key. Required.
	APIKey string
	// BaseURL is the API root; default [DefaultBaseURL].
	BaseURL string
	// Model names the model; default [DefaultModel].
	Model string
	// HTTPClient sends the request; default a client with [DefaultTimeout].
	HTTPClient *http.Client
	// MaxTokens bounds the reply; default [DefaultMaxTokens].
	MaxTokens int
}

// FromEnv returns a Client configured from ANTHROPIC_API_KEY,
// ANTHROPIC_BASE_URL and STOPHOOK_SUMMARY_MODEL. It reports false, with a
// nil Client, when ANTHROPIC_API_KEY is empty.
func FromEnv() (*Client, bool) {
	key := strings.TrimSpace(os.Getenv(EnvAPIKey))
	if key == "" {
		return nil, false
	}
	return &Client{
		APIKey:  key,
		BaseURL: strings.TrimSpace(os.Getenv(EnvBaseURL)),
		Model:   strings.TrimSpace(os.Getenv(EnvModel)),
	}, true
}

// APIError is an error response of the Messages API.
type APIError struct {
	StatusCode int    // HTTP status
	Type       string // error.type, e.g. "overloaded_error"; may be empty
	Message    string // error.message, or a prefix of the body
}

func (e *APIError) Error() string {
	if e.Type == "" {
		return fmt.Sprintf("anthropic: HTTP %d: %s", e.StatusCode, e.Message)
	}
	return fmt.Sprintf("anthropic: HTTP %d: %s: %s", e.StatusCode, e.Type, e.Message)
}

type request struct {
	Model     string    `json:"model"`
	MaxTokens int       `json:"max_tokens"`
	System    string    `json:"system,omitempty"`
	Messages  []message `json:"messages"`
}

type message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type response struct {
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	StopReason string `json:"stop_reason"`
}

type errorBody struct {
	Error struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
}

// Complete sends one non-streaming request (POST {BaseURL}/v1/messages) with
// system as the system prompt and prompt as the only user message, and
// returns the text blocks of the reply joined together. ctx bounds the whole
// call. A non-2xx status is an [*APIError]; a reply without text is
// [ErrNoText]. An empty system prompt is omitted.
func (c *Client) Complete(ctx context.Context, system, prompt string) (string, error) {
	if c == nil || c.APIKey == "" {
		return "", errors.New("anthropic: no API key")
	}
	endpoint, err := c.endpoint()
	if err != nil {
		return "", err
	}
	status, data, err := httpjson.Post(ctx, c.httpClient(), endpoint, map[string]string{
		"accept":            "application/json",
		"x-api-key":         c.APIKey,
		"anthropic-version": APIVersion,
	}, request{
		Model:     cmp(c.Model, DefaultModel),
		MaxTokens: c.maxTokens(),
		System:    system,
		Messages:  []message{{Role: "user", Content: prompt}},
	}, MaxResponseBytes)
	if err != nil {
		return "", fmt.Errorf("anthropic: %w", err)
	}
	if status < 200 || status > 299 {
		return "", apiError(status, data)
	}
	var r response
	if err := json.Unmarshal(data, &r); err != nil {
		return "", fmt.Errorf("anthropic: decode response: %w", err)
	}
	var parts []string
	for _, b := range r.Content {
		if b.Type == "text" && b.Text != "" {
			parts = append(parts, b.Text)
		}
	}
	if len(parts) == 0 {
		return "", ErrNoText
	}
	return strings.Join(parts, "\n"), nil
}

func (c *Client) endpoint() (string, error) {
	base, err := httpjson.BaseURL(cmp(c.BaseURL, DefaultBaseURL))
	if err != nil {
		return "", fmt.Errorf("anthropic: %w", err)
	}
	return base + "/v1/messages", nil
}

func (c *Client) maxTokens() int {
	if c.MaxTokens > 0 {
		return c.MaxTokens
	}
	return DefaultMaxTokens
}

var defaultHTTPClient = &http.Client{Timeout: DefaultTimeout}

func (c *Client) httpClient() *http.Client {
	if c.HTTPClient != nil {
		return c.HTTPClient
	}
	return defaultHTTPClient
}

// maxErrorText bounds the body text quoted in an [APIError].
const maxErrorText = 300

func apiError(status int, data []byte) error {
	e := &APIError{StatusCode: status}
	var b errorBody
	if json.Unmarshal(data, &b) == nil && (b.Error.Type != "" || b.Error.Message != "") {
		e.Type, e.Message = b.Error.Type, b.Error.Message
	} else {
		e.Message = strings.TrimSpace(string(data))
	}
	if len(e.Message) > maxErrorText {
		e.Message = textcut.Bytes(e.Message, maxErrorText) + "…"
	}
	if e.Message == "" {
		e.Message = http.StatusText(status)
	}
	return e
}

func cmp(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
