package telegramtest_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook/internal/telegram"
	"github.com/stophook/stophook/internal/telegramtest"
)

func TestFakeBotAPI(t *testing.T) {
	t.Parallel()
	bot := telegramtest.NewServer("T")
	defer bot.Close()
	ctx := context.Background()
	c := &telegram.Client{Token: "T", BaseURL: bot.URL()}

	m, err := c.SendMessage(ctx, 9, "hello", &telegram.InlineKeyboardMarkup{InlineKeyboard: [][]telegram.InlineKeyboardButton{{{Text: "A", CallbackData: "a"}}}})
	require.NoError(t, err)
	sent, err := bot.NextMessage(ctx)
	require.NoError(t, err)
	assert.Equal(t, telegramtest.Sent{ChatID: 9, MessageID: m.MessageID, Text: "hello", Buttons: []telegram.InlineKeyboardButton{{Text: "A", CallbackData: "a"}}}, sent)

	bot.Reply(9, m.MessageID, "r1")
	cb := bot.Press(9, m.MessageID, "a")
	ups, err := c.GetUpdates(ctx, 0, 0)
	require.NoError(t, err)
	require.Len(t, ups, 2)
	assert.Equal(t, "r1", ups[0].Message.Text)
	assert.Equal(t, m.MessageID, ups[0].Message.ReplyToMessage.MessageID)
	assert.Equal(t, cb, ups[1].CallbackQuery.ID)
	assert.Equal(t, m.Date, ups[1].CallbackQuery.Message.Date, "a press carries the message's date")

	// An offset confirms earlier updates.
	ups, err = c.GetUpdates(ctx, ups[1].UpdateID, 0)
	require.NoError(t, err)
	require.Len(t, ups, 1)
	assert.Equal(t, 1, bot.Pending())

	require.NoError(t, c.AnswerCallbackQuery(ctx, cb, "ok"))
	require.NoError(t, c.EditMessageText(ctx, 9, m.MessageID, "done", nil))
	assert.Equal(t, []string{cb}, bot.Answered())
	assert.Equal(t, []telegramtest.Edit{{ChatID: 9, MessageID: m.MessageID, Text: "done"}}, bot.Edits())
	assert.Equal(t, 1, bot.Calls("sendMessage"))
}

func TestFakeBotAPIErrors(t *testing.T) {
	t.Parallel()
	bot := telegramtest.NewServer("T")
	defer bot.Close()
	ctx := context.Background()

	var apiErr *telegram.APIError
	_, err := (&telegram.Client{Token: "wrong", BaseURL: bot.URL()}).SendMessage(ctx, 1, "x", nil)
	require.True(t, errors.As(err, &apiErr))
	assert.Equal(t, 401, apiErr.Code)

	c := &telegram.Client{Token: "T", BaseURL: bot.URL()}
	_, err = c.SendMessage(ctx, 1, "", nil)
	require.True(t, errors.As(err, &apiErr))
	assert.Equal(t, 400, apiErr.Code)

	// A second poll ends the waiting one with 409 Conflict.
	first := make(chan error, 1)
	go func() {
		_, err := c.GetUpdates(ctx, 0, 30*time.Second)
		first <- err
	}()
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	require.NoError(t, bot.WaitPoll(wctx))
	_, err = c.GetUpdates(ctx, 0, 0)
	require.NoError(t, err)
	err = <-first
	require.True(t, errors.As(err, &apiErr), "got %v", err)
	assert.Equal(t, 409, apiErr.Code)
	assert.Equal(t, 1, bot.Conflicts())
}
