package telegram

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/escalate/internal/plain"
	botapi "github.com/stophook/stophook/internal/telegram"
	"github.com/stophook/stophook/internal/telegramtest"
)

const (
	testToken = "123456:SECRET-token"
	testChat  = int64(4242)
)

// ask runs Telegram.Ask in the background against bot and returns a
// channel with the result.
type askResult struct {
	ans escalate.Answer
	err error
}

func startAsk(t *testing.T, bot *telegramtest.Server, timeout time.Duration, req escalate.Request) <-chan askResult {
	t.Helper()
	tg := &Notifier{Token: testToken, ChatID: testChat, BaseURL: bot.URL(), HTTPClient: bot.Client(), PollTimeout: 2 * time.Second}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	ch := make(chan askResult, 1)
	go func() {
		defer cancel()
		a, err := tg.Ask(ctx, req)
		ch <- askResult{a, err}
	}()
	return ch
}

func waitCtx(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func result(t *testing.T, ch <-chan askResult) askResult {
	t.Helper()
	select {
	case r := <-ch:
		return r
	case <-time.After(15 * time.Second):
		t.Fatal("Ask did not return")
	}
	return askResult{}
}

func TestTelegramSendsMessageWithButtons(t *testing.T) {
	t.Parallel()
	bot := telegramtest.NewServer(testToken)
	defer bot.Close()
	ch := startAsk(t, bot, 10*time.Second, escalate.Request{ID: "req1", Label: "myapp", LastMessage: "Done?"})
	msg, err := bot.NextMessage(waitCtx(t))
	require.NoError(t, err)
	assert.Equal(t, testChat, msg.ChatID)
	assert.Equal(t, escalate.Format(escalate.Request{Label: "myapp", LastMessage: "Done?"}, escalate.Footer), msg.Text)
	require.Len(t, msg.Buttons, 2)
	assert.Equal(t, continueButton, msg.Buttons[0].Text)
	assert.Equal(t, "sh:req1:c", msg.Buttons[0].CallbackData)
	assert.Equal(t, letStopButton, msg.Buttons[1].Text)
	assert.Equal(t, "sh:req1:s", msg.Buttons[1].CallbackData)
	bot.Press(testChat, msg.MessageID, "sh:req1:s")
	r := result(t, ch)
	require.NoError(t, r.err)
	assert.Equal(t, escalate.LetStop, r.ans.Kind)
}

func TestTelegramAnswers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		act         func(bot *telegramtest.Server, m telegramtest.Sent)
		timeout     time.Duration
		want        escalate.Answer
		wantOutcome string
		wantAcked   bool
	}{
		{
			name: "text reply",
			act: func(bot *telegramtest.Server, m telegramtest.Sent) {
				bot.Reply(testChat, m.MessageID, "  use the v2 API\x00 ")
			},
			want:        escalate.Answer{Kind: escalate.Reply, Text: "use the v2 API", From: "telegram:4242"},
			wantOutcome: "✍️ Answered: use the v2 API",
		},
		{
			name: "continue button",
			act: func(bot *telegramtest.Server, m telegramtest.Sent) {
				bot.Press(testChat, m.MessageID, m.Buttons[0].CallbackData)
			},
			want:        escalate.Answer{Kind: escalate.Continue, From: "telegram:4242"},
			wantOutcome: "▶️ Continued",
			wantAcked:   true,
		},
		{
			name: "let stop button",
			act: func(bot *telegramtest.Server, m telegramtest.Sent) {
				bot.Press(testChat, m.MessageID, m.Buttons[1].CallbackData)
			},
			want:        escalate.Answer{Kind: escalate.LetStop, From: "telegram:4242"},
			wantOutcome: "⏹️ Let stop",
			wantAcked:   true,
		},
		{
			name:        "no answer",
			act:         func(*telegramtest.Server, telegramtest.Sent) {},
			timeout:     300 * time.Millisecond,
			want:        escalate.Answer{Kind: escalate.Timeout},
			wantOutcome: "⌛ No answer — let stop",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			bot := telegramtest.NewServer(testToken)
			defer bot.Close()
			timeout := tt.timeout
			if timeout == 0 {
				timeout = 10 * time.Second
			}
			ch := startAsk(t, bot, timeout, escalate.Request{Label: "x", LastMessage: "question?"})
			msg, err := bot.NextMessage(waitCtx(t))
			require.NoError(t, err)
			tt.act(bot, msg)
			r := result(t, ch)
			require.NoError(t, r.err)
			assert.Equal(t, tt.want, r.ans)

			edit, err := bot.WaitEdit(waitCtx(t), msg.MessageID)
			require.NoError(t, err)
			assert.True(t, strings.HasSuffix(edit.Text, tt.wantOutcome), "got edit %q, want suffix %q", edit.Text, tt.wantOutcome)
			assert.NotContains(t, edit.Text, escalate.Footer)
			assert.False(t, edit.HasKeyboard, "buttons removed after the answer")
			assert.Equal(t, tt.wantAcked, len(bot.Answered()) == 1, "got answered callbacks %v", bot.Answered())
			assert.Zero(t, bot.Pending(), "the answer is confirmed, not left for the next poller")
		})
	}
}

func TestTelegramIgnoresOtherChatsAndStaleUpdates(t *testing.T) {
	t.Parallel()
	bot := telegramtest.NewServer(testToken)
	defer bot.Close()
	// Left over from an earlier request, before ours was sent.
	bot.Press(testChat, 7, "sh:oldreq:c")
	ch := startAsk(t, bot, 10*time.Second, escalate.Request{ID: "req2", Label: "x", LastMessage: "m"})
	msg, err := bot.NextMessage(waitCtx(t))
	require.NoError(t, err)

	const other = int64(999)
	bot.Reply(other, msg.MessageID, "from another chat")      // wrong chat
	bot.Press(other, msg.MessageID, "sh:req2:c")              // wrong chat
	bot.Reply(testChat, msg.MessageID+50, "reply to another") // other message
	bot.Reply(testChat, 0, "not a reply")                     // plain message
	bot.Press(testChat, msg.MessageID, "sh:oldreq:c")         // stale callback on our message
	bot.Press(testChat, msg.MessageID, "sh:req2:x")           // unknown action
	bot.Reply(testChat, msg.MessageID, " \x00 ")              // empty after cleaning
	bot.Push(botapi.Update{})                                 // nothing at all
	bot.Reply(testChat, msg.MessageID, "the real answer")

	r := result(t, ch)
	require.NoError(t, r.err)
	assert.Equal(t, escalate.Answer{Kind: escalate.Reply, Text: "the real answer", From: "telegram:4242"}, r.ans)
	assert.Empty(t, bot.Answered(), "foreign callbacks are not acknowledged")
}

func TestTelegramRecoversFromConflict(t *testing.T) {
	t.Parallel()
	bot := telegramtest.NewServer(testToken)
	defer bot.Close()
	ch := startAsk(t, bot, 10*time.Second, escalate.Request{ID: "r", Label: "x", LastMessage: "m"})
	msg, err := bot.NextMessage(waitCtx(t))
	require.NoError(t, err)

	// Another bot instance polls: the fake ends our waiting poll with 409.
	require.NoError(t, bot.WaitPoll(waitCtx(t)))
	c := &botapi.Client{Token: testToken, BaseURL: bot.URL(), HTTPClient: bot.Client()}
	_, err = c.GetUpdates(waitCtx(t), 0, 0)
	require.NoError(t, err)
	require.NoError(t, bot.WaitConflicts(waitCtx(t), 1)) // the older poll answers on its own goroutine
	assert.Equal(t, 1, bot.Conflicts())

	bot.Press(testChat, msg.MessageID, "sh:r:c")
	r := result(t, ch)
	require.NoError(t, r.err)
	assert.Equal(t, escalate.Continue, r.ans.Kind)
}

func TestTelegramErrorsHideToken(t *testing.T) {
	t.Parallel()
	t.Run("unauthorized", func(t *testing.T) {
		t.Parallel()
		bot := telegramtest.NewServer("another-token")
		defer bot.Close()
		r := result(t, startAsk(t, bot, 5*time.Second, escalate.Request{LastMessage: "m"}))
		require.Error(t, r.err)
		var apiErr *botapi.APIError
		assert.True(t, errors.As(r.err, &apiErr))
		assert.Equal(t, 401, apiErr.Code)
		assert.NotContains(t, r.err.Error(), "SECRET")
	})
	t.Run("connection refused", func(t *testing.T) {
		t.Parallel()
		srv := httptest.NewServer(http.NotFoundHandler())
		url := srv.URL
		srv.Close()
		tg := &Notifier{Token: testToken, ChatID: testChat, BaseURL: url}
		_, err := tg.Ask(context.Background(), escalate.Request{LastMessage: "m"})
		require.Error(t, err)
		assert.True(t, strings.HasPrefix(err.Error(), "telegram: sendMessage: "), "got %q", err)
		assert.NotContains(t, err.Error(), "SECRET")
		assert.Contains(t, err.Error(), "<token>", "the URL is kept, redacted")
	})
	t.Run("missing config", func(t *testing.T) {
		t.Parallel()
		_, err := (&Notifier{}).Ask(context.Background(), escalate.Request{})
		assert.ErrorContains(t, err, "telegram: token and chat id are required")
	})
}

func TestTelegramReplacesUnusableRequestIDs(t *testing.T) {
	t.Parallel()
	for _, id := range []string{"", "a:b", strings.Repeat("x", 41), "sp ace", "é"} {
		bot := telegramtest.NewServer(testToken)
		ch := startAsk(t, bot, 5*time.Second, escalate.Request{ID: id, LastMessage: "m"})
		msg, err := bot.NextMessage(waitCtx(t))
		require.NoError(t, err)
		data := msg.Buttons[0].CallbackData
		assert.Regexp(t, `^sh:[0-9a-f]{16}:c$`, data, "id %q", id)
		bot.Press(testChat, msg.MessageID, data)
		assert.Equal(t, escalate.Continue, result(t, ch).ans.Kind)
		bot.Close()
	}
	assert.True(t, validCallbackID("req_1-A"))
}

func TestTelegramFromEnv(t *testing.T) {
	t.Setenv(envToken, "")
	t.Setenv(envChatID, "")
	t.Setenv(envAPIURL, "")
	_, ok, err := FromEnv()
	assert.False(t, ok)
	assert.NoError(t, err)

	t.Setenv(envToken, "tok")
	t.Setenv(envChatID, "-100123")
	t.Setenv(envAPIURL, "http://127.0.0.1:1")
	tg, ok, err := FromEnv()
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, &Notifier{Token: "tok", ChatID: -100123, BaseURL: "http://127.0.0.1:1"}, tg)

	t.Setenv(envChatID, "@channel")
	_, ok, err = FromEnv()
	assert.False(t, ok)
	assert.ErrorContains(t, err, "not a numeric chat id")
}

func TestOutcomeTextFitsLimit(t *testing.T) {
	t.Parallel()
	text := escalate.Format(escalate.Request{Summary: strings.Repeat("😀", 4000), LastMessage: "m"}, escalate.Footer)
	got := outcomeText(text, escalate.Answer{Kind: escalate.Reply, Text: strings.Repeat("a", 2000)}, nil)
	assert.LessOrEqual(t, plain.UTF16Len(got), plain.MaxMessageLen)
	assert.Contains(t, got, "✍️ Answered: aaa")
	assert.True(t, strings.HasSuffix(outcomeText(text, escalate.Answer{}, errors.New("x")), "⚠️ Could not wait for an answer — let stop"))
}
