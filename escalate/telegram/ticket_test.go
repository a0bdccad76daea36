package telegram

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/escalate/internal/plain"
	"github.com/stophook/stophook/internal/telegramtest"
)

// Send, Await and Close split Ask across processes: a Notifier built from
// the same token and chat waits on a ticket it did not send.
func TestTicketSendAwaitClose(t *testing.T) {
	t.Parallel()
	bot := telegramtest.NewServer("1:T")
	defer bot.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	sender := New("1:T", 5)
	sender.BaseURL, sender.HTTPClient = bot.URL(), bot.Client()
	tk, err := sender.Send(ctx, escalate.Request{ID: "bad id!", Label: "proj", LastMessage: "Postgres or SQLite?"})
	if err != nil {
		t.Fatal(err)
	}
	if tk.ChatID != 5 || tk.MessageID == 0 || !validCallbackID(tk.ID) || !strings.HasSuffix(tk.Text, escalate.Footer) {
		t.Fatalf("ticket %+v", tk)
	}
	waiter := New("1:T", 5)
	waiter.BaseURL, waiter.HTTPClient, waiter.PollTimeout = bot.URL(), bot.Client(), time.Second
	go func() {
		if bot.WaitPoll(ctx) == nil {
			bot.Press(5, tk.MessageID, callbackPrefix+tk.ID+":c")
		}
	}()
	ans, err := waiter.Await(ctx, tk)
	if err != nil || ans.Kind != escalate.Continue {
		t.Fatalf("got %+v, %v; want continue", ans, err)
	}
	if err := waiter.Close(ctx, tk, "▶️ Continued —\nsent"); err != nil {
		t.Fatal(err)
	}
	e, _ := bot.WaitEdit(ctx, tk.MessageID)
	if e.HasKeyboard || strings.Contains(e.Text, escalate.Footer) || !strings.HasSuffix(e.Text, "\n\n▶️ Continued — sent") {
		t.Errorf("edit %q (keyboard %v)", e.Text, e.HasKeyboard)
	}
	for _, bad := range []Ticket{{}, {ChatID: 5, MessageID: 1}, {ChatID: 5, MessageID: 1, ID: "x y"}} {
		if _, err := waiter.Await(ctx, bad); err == nil {
			t.Errorf("Await(%+v): want an error", bad)
		}
	}
	if err := waiter.Close(ctx, Ticket{}, "x"); err == nil {
		t.Error("Close of an empty ticket: want an error")
	}
}

func TestClosedTextFitsTelegram(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 5000) + "\n\n" + escalate.Footer
	got := closedText(long, strings.Repeat("x", 400))
	if n := plain.UTF16Len(got); n > plain.MaxMessageLen {
		t.Errorf("closed text is %d UTF-16 units, over %d", n, plain.MaxMessageLen)
	}
}
