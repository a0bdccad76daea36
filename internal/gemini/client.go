package gemini

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/stophook/stophook/internal/httpjson"
	"github.com/stophook/stophook/internal/textcut"
)

// Defaults of [Client].
const (
	DefaultBaseURL   = "https://generativelanguage.googleapis.com"
	DefaultModel     = "gemini-2.5-flash"
	DefaultMaxTokens = 1024
	MaxResponseBytes = 1 << 20
	DefaultTimeout   = 60 * time.Second
)

// Environment variables read by [FromEnv].
const (
	EnvAPIKey       = "GEMINI_API_KEY"
	EnvGoogleAPIKey = "GOOGLE_API_KEY"
	EnvBaseURL      = "GEMINI_BASE_URL"
	EnvModel        = "STOPHOOK_GEMINI_MODEL"
)

// ErrNoText reports a response without text.
var ErrNoText = errors.New("gemini: response has no text")

// Client calls generateContent. The zero value with an APIKey works.
type Client struct {
	APIKey  string
	BaseURL string // default DefaultBaseURL
	Model   string // default DefaultModel
	// HTTPClient defaults to a client with a DefaultTimeout timeout.
	HTTPClient *http.Client
	// MaxTokens bounds the reply; default DefaultMaxTokens.
	MaxTokens int
}

// FromEnv returns a client configured from the environment, and false
// when no API key is set.
func FromEnv() (*Client, bool) {
	key := strings.TrimSpace(os.Getenv(EnvAPIKey))
	if key == "" {
		key = strings.TrimSpace(os.Getenv(EnvGoogleAPIKey))
	}
	if key == "" {
		return nil, false
	}
	return &Client{
		APIKey:  key,
		BaseURL: strings.TrimSpace(os.Getenv(EnvBaseURL)),
		Model:   strings.TrimSpace(os.Getenv(EnvModel)),
	}, true
}

// APIError is a non-2xx response.
type APIError struct {
	StatusCode int
	Status     string // error.status, e.g. "RESOURCE_EXHAUSTED"; may be empty
	Message    string // error.message, or a prefix of the body
}

func (e *APIError) Error() string {
	if e.Status == "" {
		return fmt.Sprintf("gemini: HTTP %d: %s", e.StatusCode, e.Message)
	}
	return fmt.Sprintf("gemini: HTTP %d: %s: %s", e.StatusCode, e.Status, e.Message)
}

type part struct {
	Text string `json:"text"`
}

type content struct {
	Role  string `json:"role,omitempty"`
	Parts []part `json:"parts"`
}

type request struct {
	SystemInstruction *content  `json:"systemInstruction,omitempty"`
	Contents          []content `json:"contents"`
	GenerationConfig  struct {
		MaxOutputTokens int `json:"maxOutputTokens"`
	} `json:"generationConfig"`
}

type response struct {
	Candidates []struct {
		Content content `json:"content"`
	} `json:"candidates"`
}

// Complete sends one request (POST {BaseURL}/v1beta/models/{Model}:generateContent)
// with system as the system instruction (omitted when empty) and prompt as
// the only user turn, and returns the text parts of the first candidate
// joined together. ctx bounds the whole call.
func (c *Client) Complete(ctx context.Context, system, prompt string) (string, error) {
	if c == nil || c.APIKey == "" {
		return "", errors.New("gemini: no API key")
	}
	endpoint, err := c.endpoint()
	if err != nil {
		return "", err
	}
	var r request
	if system != "" {
		r.SystemInstruction = &content{Parts: []part{{Text: system}}}
	}
	r.Contents = []content{{Role: "user", Parts: []part{{Text: prompt}}}}
	r.GenerationConfig.MaxOutputTokens = c.MaxTokens
	if r.GenerationConfig.MaxOutputTokens <= 0 {
		r.GenerationConfig.MaxOutputTokens = DefaultMaxTokens
	}
	hc := c.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: DefaultTimeout}
	}
	status, data, err := httpjson.Post(ctx, hc, endpoint, map[string]string{"x-goog-api-key": c.APIKey}, r, MaxResponseBytes)
	if err != nil {
		return "", fmt.Errorf("gemini: %w", err)
	}
	if status < 200 || status > 299 {
		return "", apiError(status, data)
	}
	var out response
	if err := json.Unmarshal(data, &out); err != nil {
		return "", fmt.Errorf("gemini: decode response: %w", err)
	}
	var texts []string
	if len(out.Candidates) > 0 {
		for _, p := range out.Candidates[0].Content.Parts {
			if p.Text != "" {
				texts = append(texts, p.Text)
			}
		}
	}
	if len(texts) == 0 {
		return "", ErrNoText
	}
	return strings.Join(texts, ""), nil
}

func (c *Client) endpoint() (string, error) {
	base := c.BaseURL
	if base == "" {
		base = DefaultBaseURL
	}
	base, err := httpjson.BaseURL(base)
	if err != nil {
		return "", fmt.Errorf("gemini: %w", err)
	}
	model := c.Model
	if model == "" {
		model = DefaultModel
	}
	return base + "/v1beta/models/" + url.PathEscape(model) + ":generateContent", nil
}

// maxErrorText bounds the body text quoted in an [APIError].
const maxErrorText = 300

func apiError(status int, data []byte) error {
	e := &APIError{StatusCode: status}
	var b struct {
		Error struct {
			Status  string `json:"status"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(data, &b) == nil && (b.Error.Message != "" || b.Error.Status != "") {
		e.Status, e.Message = b.Error.Status, b.Error.Message
	} else {
		e.Message = textcut.Bytes(string(data[:min(len(data), maxErrorText+4)]), maxErrorText)
	}
	if len(e.Message) > maxErrorText {
		e.Message = textcut.Bytes(e.Message, maxErrorText)
	}
	return e
}
