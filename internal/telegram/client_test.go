package telegram

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const token = "987:SECRET"

func serve(t *testing.T, status int, body string) *Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		assert.Equal(t, http.MethodPost, r.Method)
		assert.True(t, strings.HasPrefix(r.URL.Path, "/bot"+token+"/"), "path %s", r.URL.Path)
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return &Client{Token: token, BaseURL: srv.URL, HTTPClient: srv.Client()}
}

func TestAPIErrors(t *testing.T) {
	t.Parallel()
	c := serve(t, 429, `{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 3 `+token+`","parameters":{"retry_after":3}}`)
	_, err := c.GetUpdates(context.Background(), 5, 0)
	var apiErr *APIError
	require.True(t, errors.As(err, &apiErr), "got %v", err)
	assert.Equal(t, &APIError{Method: "getUpdates", Code: 429, Description: "Too Many Requests: retry after 3 <token>", RetryAfter: 3}, apiErr)
	assert.NotContains(t, err.Error(), "SECRET")

	_, err = serve(t, 502, "<html>bad gateway</html>").SendMessage(context.Background(), 1, "x", nil)
	assert.EqualError(t, err, "telegram: sendMessage: HTTP 502: undecodable response")

	_, err = serve(t, 200, `{"ok":true,"result":"not a message"}`).SendMessage(context.Background(), 1, "x", nil)
	assert.ErrorContains(t, err, "telegram: sendMessage: decode result")

	_, err = serve(t, 200, `{"ok":true,"result":[`+strings.Repeat(`{"update_id":1},`, MaxResponseBytes/16)+`{}]}`).GetUpdates(context.Background(), 0, 0)
	assert.ErrorContains(t, err, "larger than")
}

func TestConfigErrors(t *testing.T) {
	t.Parallel()
	assert.EqualError(t, (&Client{}).AnswerCallbackQuery(context.Background(), "q", ""), "telegram: no bot token")
	err := (&Client{Token: token, BaseURL: "file:///x"}).EditMessageText(context.Background(), 1, 2, "t", nil)
	assert.ErrorContains(t, err, "telegram: invalid base URL")
	err = (&Client{Token: token, BaseURL: "http://h/" + token}).EditMessageText(context.Background(), 1, 2, "t", nil)
	assert.NotContains(t, fmtErr(err), "SECRET")
}

func fmtErr(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestNetworkErrorsAreScrubbed(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close()
	c := &Client{Token: token, BaseURL: srv.URL, HTTPClient: srv.Client()}
	_, err := c.SendMessage(context.Background(), 1, "x", nil)
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "SECRET")
	assert.Contains(t, err.Error(), "/bot<token>/sendMessage")
	var ue *url.Error
	assert.True(t, errors.As(err, &ue), "the *url.Error is kept for errors.As")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = c.GetUpdates(ctx, 0, 0)
	assert.ErrorIs(t, err, context.Canceled)
	assert.NotContains(t, err.Error(), "SECRET")
}

func TestRequestBodies(t *testing.T) {
	t.Parallel()
	var bodies []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		bodies = append(bodies, r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]+" "+string(b))
		switch {
		case strings.HasSuffix(r.URL.Path, "/sendMessage"):
			io.WriteString(w, `{"ok":true,"result":{"message_id":7,"chat":{"id":1}}}`)
		case strings.HasSuffix(r.URL.Path, "/getUpdates"):
			io.WriteString(w, `{"ok":true,"result":[]}`)
		default:
			io.WriteString(w, `{"ok":true,"result":true}`)
		}
	}))
	defer srv.Close()
	c := &Client{Token: token, BaseURL: srv.URL, HTTPClient: srv.Client()}
	ctx := context.Background()
	m, err := c.SendMessage(ctx, 1, "hi <b>", &InlineKeyboardMarkup{InlineKeyboard: [][]InlineKeyboardButton{{{Text: "A", CallbackData: "a"}}}})
	require.NoError(t, err)
	assert.Equal(t, int64(7), m.MessageID)
	_, err = c.GetUpdates(ctx, 11, 0)
	require.NoError(t, err)
	_, err = c.GetUpdates(ctx, 0, 0)
	require.NoError(t, err)
	require.NoError(t, c.AnswerCallbackQuery(ctx, "q", "ok"))
	require.NoError(t, c.EditMessageText(ctx, 1, 7, "done", nil))
	assert.Equal(t, []string{
		`sendMessage {"chat_id":1,"reply_markup":{"inline_keyboard":[[{"text":"A","callback_data":"a"}]]},"text":"hi \u003cb\u003e"}`,
		`getUpdates {"allowed_updates":["message","callback_query"],"offset":11,"timeout":0}`,
		`getUpdates {"allowed_updates":["message","callback_query"],"timeout":0}`,
		`answerCallbackQuery {"callback_query_id":"q","text":"ok"}`,
		`editMessageText {"chat_id":1,"message_id":7,"text":"done"}`,
	}, bodies)
}
