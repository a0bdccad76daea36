package telegram

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook/escalate"
	botapi "github.com/stophook/stophook/internal/telegram"
	"github.com/stophook/stophook/internal/telegramtest"
)

// Two hooks wait on one bot at once: each gets its own answer, whichever
// of them reads the queue first.
func TestTelegramConcurrentHooksKeepEachOthersAnswers(t *testing.T) {
	t.Parallel()
	bot := telegramtest.NewServer(testToken)
	defer bot.Close()
	a := startAsk(t, bot, 20*time.Second, escalate.Request{ID: "hookA", Label: "a", LastMessage: "A?"})
	b := startAsk(t, bot, 20*time.Second, escalate.Request{ID: "hookB", Label: "b", LastMessage: "B?"})
	m0, err := bot.Message(waitCtx(t), 0)
	require.NoError(t, err)
	m1, err := bot.Message(waitCtx(t), 1)
	require.NoError(t, err)
	msgA, msgB := m0, m1
	if m0.Buttons[0].CallbackData != "sh:hookA:c" {
		msgA, msgB = m1, m0
	}
	// B's answer first, then A's: whoever polls sees B's reply first.
	bot.Reply(testChat, msgB.MessageID, "answer for B")
	bot.Press(testChat, msgA.MessageID, msgA.Buttons[0].CallbackData)

	ra, rb := result(t, a), result(t, b)
	require.NoError(t, ra.err)
	require.NoError(t, rb.err)
	assert.Equal(t, escalate.Continue, ra.ans.Kind)
	assert.Equal(t, escalate.Answer{Kind: escalate.Reply, Text: "answer for B", From: "telegram:4242"}, rb.ans)
}

// Updates nobody can be waiting for are deleted from the queue; a press
// of a stophook button for another hook stays, however old its question.
func TestTelegramOffsetsKeepLiveForeignAnswers(t *testing.T) {
	t.Parallel()
	bot := telegramtest.NewServer(testToken)
	defer bot.Close()
	old := time.Now().Add(-time.Hour).Unix()
	// Stale: an hour-old reply, a chat message that answers nothing.
	bot.Push(botapi.Update{Message: &botapi.Message{MessageID: 4, Date: old, Chat: botapi.Chat{ID: testChat}, Text: "late",
		ReplyToMessage: &botapi.Message{MessageID: 3}}})
	bot.Reply(testChat, 0, "hello bot")

	ch := startAsk(t, bot, 20*time.Second, escalate.Request{ID: "mine", Label: "x", LastMessage: "m"})
	msg, err := bot.NextMessage(waitCtx(t))
	require.NoError(t, err)
	bot.Press(testChat, msg.MessageID, "sh:mine:c")
	r := result(t, ch)
	require.NoError(t, r.err)
	assert.Equal(t, escalate.Continue, r.ans.Kind)
	assert.Zero(t, bot.Pending(), "stale and foreign-but-dead updates are confirmed")

	// A press for another hook stays queued, even after our answer: a
	// fresh one, and one on a question sent an hour ago.
	ch = startAsk(t, bot, 20*time.Second, escalate.Request{ID: "mine2", Label: "x", LastMessage: "m"})
	msg, err = bot.NextMessage(waitCtx(t))
	require.NoError(t, err)
	bot.Push(botapi.Update{CallbackQuery: &botapi.CallbackQuery{ID: "old", Data: "sh:deferred:c",
		Message: &botapi.Message{MessageID: 3, Date: old, Chat: botapi.Chat{ID: testChat}}}})
	bot.Press(testChat, 999, "sh:someone-else:c")
	bot.Press(testChat, msg.MessageID, "sh:mine2:s")
	r = result(t, ch)
	require.NoError(t, r.err)
	assert.Equal(t, escalate.LetStop, r.ans.Kind)
	assert.Equal(t, 3, bot.Pending(), "the other hooks' presses, and ours behind them, stay queued")
}

// A deferred question waits for hours; another session's waiter sharing
// the bot must leave the press on it for its owner, although the question
// was sent long before the press.
func TestTelegramPressOnAnOldDeferredQuestionReachesItsOwner(t *testing.T) {
	t.Parallel()
	bot := telegramtest.NewServer(testToken)
	defer bot.Close()
	owner := &Notifier{Token: testToken, ChatID: testChat, BaseURL: bot.URL(), HTTPClient: bot.Client(), PollTimeout: 2 * time.Second}
	tk, err := owner.Send(waitCtx(t), escalate.Request{ID: "deferredQ", Label: "x", LastMessage: "which db?"})
	require.NoError(t, err)
	// The human presses Continue an hour after the question was sent.
	bot.Push(botapi.Update{CallbackQuery: &botapi.CallbackQuery{ID: "cb-late", Data: "sh:deferredQ:c",
		From: botapi.User{ID: testChat}, Message: &botapi.Message{MessageID: tk.MessageID,
			Date: time.Now().Add(-time.Hour).Unix(), Chat: botapi.Chat{ID: testChat}}}})
	// Another session's hook asks and is answered first.
	ch := startAsk(t, bot, 20*time.Second, escalate.Request{ID: "other", Label: "y", LastMessage: "m"})
	msg, err := bot.Message(waitCtx(t), 1)
	require.NoError(t, err)
	bot.Press(testChat, msg.MessageID, "sh:other:s")
	r := result(t, ch)
	require.NoError(t, r.err)
	require.Equal(t, escalate.LetStop, r.ans.Kind)
	// The owner's waiter still gets its answer.
	ans, err := owner.Await(waitCtx(t), tk)
	require.NoError(t, err)
	assert.Equal(t, escalate.Continue, ans.Kind, "the press on the deferred question was lost")
}

func TestMayAnswerOthers(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC)
	tg := &Notifier{ChatID: testChat, now: func() time.Time { return now }}
	recent, old := now.Add(-time.Minute).Unix(), now.Add(-20*time.Minute).Unix()
	cb := func(data string, date int64) botapi.Update {
		return botapi.Update{CallbackQuery: &botapi.CallbackQuery{Data: data, Message: &botapi.Message{Date: date, Chat: botapi.Chat{ID: 1}}}}
	}
	msg := func(chat int64, reply bool, date int64) botapi.Update {
		m := &botapi.Message{Chat: botapi.Chat{ID: chat}, Date: date, Text: "x"}
		if reply {
			m.ReplyToMessage = &botapi.Message{MessageID: 1}
		}
		return botapi.Update{Message: m}
	}
	tests := []struct {
		name string
		u    botapi.Update
		want bool
	}{
		{"recent stophook press", cb("sh:x:c", recent), true},
		{"stophook press on an old question", cb("sh:x:c", old), true},
		{"another bot's press", cb("vote:1", recent), false},
		{"press without message", botapi.Update{CallbackQuery: &botapi.CallbackQuery{Data: "sh:x:c"}}, false},
		{"recent reply in our chat", msg(testChat, true, recent), true},
		{"old reply", msg(testChat, true, old), false},
		{"plain message", msg(testChat, false, recent), false},
		{"reply in another chat", msg(7, true, recent), true},
		{"reply to a person", botapi.Update{Message: &botapi.Message{Date: recent, ReplyToMessage: &botapi.Message{From: &botapi.User{ID: 5}}}}, false},
		{"empty update", botapi.Update{}, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tg.mayAnswerOthers(tt.u), tt.name)
	}
}
