package telegram_test

import (
	"context"
	"fmt"
	"time"

	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/escalate/telegram"
	"github.com/stophook/stophook/internal/telegramtest"
)

func ExampleNotifier_Ask() {
	// A fake Bot API plays Telegram and the human.
	bot := telegramtest.NewServer("123:TOKEN")
	defer bot.Close()
	go func() {
		msg, err := bot.NextMessage(context.Background())
		if err == nil {
			bot.Reply(msg.ChatID, msg.MessageID, "Yes, skip it and open an issue.")
		}
	}()

	tg := telegram.New("123:TOKEN", 4242)
	tg.BaseURL = bot.URL() // default https://api.telegram.org
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ans, err := tg.Ask(ctx, escalate.Request{Label: "myapp", LastMessage: "Should I skip the flaky test?"})
	fmt.Println(ans.Kind, ans.Text, err)
	// Output: reply Yes, skip it and open an issue. <nil>
}
