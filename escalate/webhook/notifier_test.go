package webhook

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook/escalate"
)

func TestWebhook(t *testing.T) {
	t.Parallel()
	type got struct {
		ctype, title, body string
	}
	ch := make(chan got, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		ch <- got{r.Header.Get("Content-Type"), r.Header.Get("Title"), string(b)}
	}))
	defer srv.Close()
	req := escalate.Request{SessionID: "s1", Label: "app", LastMessage: "done", RecentTools: []string{"Bash(ls)"}}

	w := New(srv.URL + "/topic")
	// The server's own client: another test's httptest.Server.Close closes
	// the idle connections of http.DefaultTransport, which would break a
	// request of this one made through it.
	w.HTTPClient = srv.Client()
	w.Header = http.Header{"Title": {"stophook"}}
	a, err := w.Ask(context.Background(), req)
	require.NoError(t, err)
	assert.Equal(t, escalate.NoAnswer, a.Kind)
	g := <-ch
	assert.Equal(t, "text/plain; charset=utf-8", g.ctype)
	assert.Equal(t, "stophook", g.title)
	assert.Equal(t, escalate.Format(req, ""), g.body)
	assert.NotContains(t, g.body, escalate.Footer, "a notify-only message offers no buttons")

	w.JSON = true
	_, err = w.Ask(context.Background(), req)
	require.NoError(t, err)
	g = <-ch
	assert.Equal(t, "application/json", g.ctype)
	var body jsonBody
	require.NoError(t, json.Unmarshal([]byte(g.body), &body))
	assert.Equal(t, jsonBody{Text: escalate.Format(req, ""), SessionID: "s1", Label: "app", LastMessage: "done", RecentTools: []string{"Bash(ls)"}}, body)
}

func TestWebhookErrorsHideURL(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) }))
	w := New(srv.URL + "/secret-topic")
	w.HTTPClient = srv.Client() // see TestWebhook
	_, err := w.Ask(context.Background(), escalate.Request{})
	assert.ErrorContains(t, err, "HTTP 503")
	assert.NotContains(t, err.Error(), "secret-topic")
	srv.Close()
	_, err = New(srv.URL+"/secret-topic").Ask(context.Background(), escalate.Request{})
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "secret-topic")
	for _, u := range []string{"", "ftp://x/secret-topic", "::"} {
		_, err = New(u).Ask(context.Background(), escalate.Request{})
		require.Error(t, err, u)
		assert.NotContains(t, err.Error(), "secret-topic")
	}
}
