package escalate_test

import (
	"context"
	"fmt"
	"time"

	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/escalate/telegramtest"
)

func ExampleFormat() {
	fmt.Println(escalate.Format(escalate.Request{
		Label:       "myapp · 1b2c3d4e",
		Summary:     "Fixed the parser; one test still fails.",
		LastMessage: "Should I skip the flaky test?",
		RecentTools: []string{"Edit(src/foo.ts)", "Bash(npm test)"},
	}, escalate.Footer))
	// Output:
	// 🛑 Agent stopped — myapp · 1b2c3d4e
	//
	// 📋 Summary:
	// Fixed the parser; one test still fails.
	//
	// Last message:
	// Should I skip the flaky test?
	//
	// Recent tools: Edit(src/foo.ts), Bash(npm test)
	//
	// Reply to send instructions. Buttons to continue or let stop.
}

func ExampleTelegram_Ask() {
	// A fake Bot API plays Telegram and the human.
	bot := telegramtest.NewServer("123:TOKEN")
	defer bot.Close()
	go func() {
		msg, err := bot.NextMessage(context.Background())
		if err == nil {
			bot.Reply(msg.ChatID, msg.MessageID, "Yes, skip it and open an issue.")
		}
	}()

	tg := escalate.NewTelegram("123:TOKEN", 4242)
	tg.BaseURL = bot.URL() // default https://api.telegram.org
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ans, err := tg.Ask(ctx, escalate.Request{Label: "myapp", LastMessage: "Should I skip the flaky test?"})
	fmt.Println(ans.Kind, ans.Text, err)
	// Output: reply Yes, skip it and open an issue. <nil>
}

func ExampleMulti() {
	ask := escalate.NewMulti(
		escalate.Null{}, // e.g. a Webhook that only notifies
		escalate.NotifierFunc(func(context.Context, escalate.Request) (escalate.Answer, error) {
			return escalate.Answer{Kind: escalate.Continue}, nil
		}),
	)
	ans, err := ask.Ask(context.Background(), escalate.Request{LastMessage: "done"})
	fmt.Println(ans.Kind, err)
	// Output: continue <nil>
}
