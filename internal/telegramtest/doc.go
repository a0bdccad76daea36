// Package telegramtest is a fake Telegram Bot API for tests: an
// [httptest.Server] speaking sendMessage, getUpdates (long polling with
// offsets), answerCallbackQuery and editMessageText, plus helpers to play
// the human: [Server.Reply] answers a message with text, [Server.Press]
// presses one of its inline buttons.
//
// # Use
//
//	bot := telegramtest.NewServer("TOKEN")
//	defer bot.Close()
//	// point the notifier at bot.URL() with token "TOKEN", then:
//	msg, _ := bot.NextMessage(ctx)
//	bot.Press(msg.ChatID, msg.MessageID, msg.Buttons[0].CallbackData)
//
// Like the real API, a getUpdates call made while another one is waiting
// ends the older one with 409 Conflict, and passing an offset forgets every
// earlier update.
package telegramtest
