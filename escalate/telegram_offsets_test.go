package escalate

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook/escalate/telegramtest"
	"github.com/stophook/stophook/internal/telegram"
)

// Two hooks wait on one bot at once: each gets its own answer, whichever
// of them reads the queue first.
func TestTelegramConcurrentHooksKeepEachOthersAnswers(t *testing.T) {
	t.Parallel()
	bot := telegramtest.NewServer(testToken)
	defer bot.Close()
	a := startAsk(t, bot, 20*time.Second, Request{ID: "hookA", Label: "a", LastMessage: "A?"})
	b := startAsk(t, bot, 20*time.Second, Request{ID: "hookB", Label: "b", LastMessage: "B?"})
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
	assert.Equal(t, Continue, ra.ans.Kind)
	assert.Equal(t, Answer{Kind: Reply, Text: "answer for B", From: "telegram:4242"}, rb.ans)
}

// Answers nobody can be waiting for any more are deleted from the queue;
// recent ones for other hooks are left.
func TestTelegramOffsetsKeepLiveForeignAnswers(t *testing.T) {
	t.Parallel()
	bot := telegramtest.NewServer(testToken)
	defer bot.Close()
	old := time.Now().Add(-time.Hour).Unix()
	// Stale: an hour-old press and reply, a chat message that answers nothing.
	bot.Push(telegram.Update{CallbackQuery: &telegram.CallbackQuery{ID: "old", Data: "sh:gone:c",
		Message: &telegram.Message{MessageID: 3, Date: old, Chat: telegram.Chat{ID: testChat}}}})
	bot.Push(telegram.Update{Message: &telegram.Message{MessageID: 4, Date: old, Chat: telegram.Chat{ID: testChat}, Text: "late",
		ReplyToMessage: &telegram.Message{MessageID: 3}}})
	bot.Reply(testChat, 0, "hello bot")

	ch := startAsk(t, bot, 20*time.Second, Request{ID: "mine", Label: "x", LastMessage: "m"})
	msg, err := bot.NextMessage(waitCtx(t))
	require.NoError(t, err)
	bot.Press(testChat, msg.MessageID, "sh:mine:c")
	r := result(t, ch)
	require.NoError(t, r.err)
	assert.Equal(t, Continue, r.ans.Kind)
	assert.Zero(t, bot.Pending(), "stale and foreign-but-dead updates are confirmed")

	// A live press for another hook stays queued, even after our answer.
	ch = startAsk(t, bot, 20*time.Second, Request{ID: "mine2", Label: "x", LastMessage: "m"})
	msg, err = bot.NextMessage(waitCtx(t))
	require.NoError(t, err)
	bot.Press(testChat, 999, "sh:someone-else:c")
	bot.Press(testChat, msg.MessageID, "sh:mine2:s")
	r = result(t, ch)
	require.NoError(t, r.err)
	assert.Equal(t, LetStop, r.ans.Kind)
	assert.Equal(t, 2, bot.Pending(), "the other hook's press, and ours behind it, stay queued")
}

func TestMayAnswerOthers(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC)
	tg := &Telegram{ChatID: testChat, now: func() time.Time { return now }}
	recent, old := now.Add(-time.Minute).Unix(), now.Add(-20*time.Minute).Unix()
	cb := func(data string, date int64) telegram.Update {
		return telegram.Update{CallbackQuery: &telegram.CallbackQuery{Data: data, Message: &telegram.Message{Date: date, Chat: telegram.Chat{ID: 1}}}}
	}
	msg := func(chat int64, reply bool, date int64) telegram.Update {
		m := &telegram.Message{Chat: telegram.Chat{ID: chat}, Date: date, Text: "x"}
		if reply {
			m.ReplyToMessage = &telegram.Message{MessageID: 1}
		}
		return telegram.Update{Message: m}
	}
	tests := []struct {
		name string
		u    telegram.Update
		want bool
	}{
		{"recent stophook press", cb("sh:x:c", recent), true},
		{"old stophook press", cb("sh:x:c", old), false},
		{"another bot's press", cb("vote:1", recent), false},
		{"press without message", telegram.Update{CallbackQuery: &telegram.CallbackQuery{Data: "sh:x:c"}}, false},
		{"recent reply in our chat", msg(testChat, true, recent), true},
		{"old reply", msg(testChat, true, old), false},
		{"plain message", msg(testChat, false, recent), false},
		{"reply in another chat", msg(7, true, recent), true},
		{"reply to a person", telegram.Update{Message: &telegram.Message{Date: recent, ReplyToMessage: &telegram.Message{From: &telegram.User{ID: 5}}}}, false},
		{"empty update", telegram.Update{}, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tg.mayAnswerOthers(tt.u), tt.name)
	}
}
