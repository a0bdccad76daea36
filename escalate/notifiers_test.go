package escalate

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNull(t *testing.T) {
	t.Parallel()
	a, err := Null{}.Ask(context.Background(), Request{})
	assert.NoError(t, err)
	assert.Equal(t, Answer{}, a)
	assert.False(t, a.Decisive())
}

func TestMulti(t *testing.T) {
	t.Parallel()
	fixed := func(a Answer, err error) Notifier {
		return NotifierFunc(func(context.Context, Request) (Answer, error) { return a, err })
	}
	// waits for the context: cancelled once another notifier answers.
	waiting := NotifierFunc(func(ctx context.Context, _ Request) (Answer, error) {
		<-ctx.Done()
		return Answer{Kind: Timeout}, nil
	})
	boom := errors.New("boom")
	tests := []struct {
		name    string
		ns      []Notifier
		want    Answer
		wantErr error
	}{
		{"empty", nil, Answer{}, nil},
		{"nil entries skipped", []Notifier{nil, nil}, Answer{}, nil},
		{"reply wins and cancels the rest", []Notifier{waiting, fixed(Answer{Kind: Reply, Text: "go"}, nil), Null{}}, Answer{Kind: Reply, Text: "go"}, nil},
		{"answer wins over an error", []Notifier{fixed(Answer{}, boom), fixed(Answer{Kind: Continue}, nil)}, Answer{Kind: Continue}, nil},
		{"let stop wins", []Notifier{waiting, fixed(Answer{Kind: LetStop}, nil)}, Answer{Kind: LetStop}, nil},
		{"timeout with errors", []Notifier{fixed(Answer{Kind: Timeout}, nil), fixed(Answer{}, boom)}, Answer{Kind: Timeout}, boom},
		{"notify only", []Notifier{Null{}, Null{}}, Answer{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a, err := NewMulti(tt.ns...).Ask(context.Background(), Request{})
			assert.Equal(t, tt.want, a)
			if tt.wantErr == nil {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, tt.wantErr)
			}
		})
	}
}

func TestMultiSharesRequestID(t *testing.T) {
	t.Parallel()
	var ids [2]atomic.Value
	rec := func(i int) Notifier {
		return NotifierFunc(func(_ context.Context, r Request) (Answer, error) { ids[i].Store(r.ID); return Answer{}, nil })
	}
	_, err := NewMulti(rec(0), rec(1)).Ask(context.Background(), Request{})
	require.NoError(t, err)
	assert.NotEmpty(t, ids[0].Load())
	assert.Equal(t, ids[0].Load(), ids[1].Load())
}

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
	req := Request{SessionID: "s1", Label: "app", LastMessage: "done", RecentTools: []string{"Bash(ls)"}}

	w := NewWebhook(srv.URL + "/topic")
	w.Header = http.Header{"Title": {"stophook"}}
	a, err := w.Ask(context.Background(), req)
	require.NoError(t, err)
	assert.Equal(t, NoAnswer, a.Kind)
	g := <-ch
	assert.Equal(t, "text/plain; charset=utf-8", g.ctype)
	assert.Equal(t, "stophook", g.title)
	assert.Equal(t, Format(req, ""), g.body)
	assert.NotContains(t, g.body, Footer, "a notify-only message offers no buttons")

	w.JSON = true
	_, err = w.Ask(context.Background(), req)
	require.NoError(t, err)
	g = <-ch
	assert.Equal(t, "application/json", g.ctype)
	var body webhookBody
	require.NoError(t, json.Unmarshal([]byte(g.body), &body))
	assert.Equal(t, webhookBody{Text: Format(req, ""), SessionID: "s1", Label: "app", LastMessage: "done", RecentTools: []string{"Bash(ls)"}}, body)
}

func TestWebhookErrorsHideURL(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) }))
	_, err := NewWebhook(srv.URL+"/secret-topic").Ask(context.Background(), Request{})
	assert.ErrorContains(t, err, "HTTP 503")
	assert.NotContains(t, err.Error(), "secret-topic")
	srv.Close()
	_, err = NewWebhook(srv.URL+"/secret-topic").Ask(context.Background(), Request{})
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "secret-topic")
	for _, u := range []string{"", "ftp://x/secret-topic", "::"} {
		_, err = NewWebhook(u).Ask(context.Background(), Request{})
		require.Error(t, err, u)
		assert.NotContains(t, err.Error(), "secret-topic")
	}
}
