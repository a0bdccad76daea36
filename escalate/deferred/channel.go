package deferred

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/escalate/telegram"
)

// Channel reaches the human in three steps that may run in different
// processes: Send in the hook, Await and Close in the waiter. A ticket is
// the channel's handle of a sent question: JSON with no secret in it, kept
// in the Store. The methods may be called concurrently.
type Channel interface {
	// Send sends the question for req and returns its ticket without
	// waiting for an answer.
	Send(ctx context.Context, req escalate.Request) (ticket []byte, err error)
	// Await waits for the answer to the question of ticket until ctx is
	// done; then it returns Kind Timeout and a nil error.
	Await(ctx context.Context, ticket []byte) (escalate.Answer, error)
	// Close marks the question as settled, with outcome (one line) for the
	// human, and removes any way to answer it.
	Close(ctx context.Context, ticket []byte, outcome string) error
}

// Telegram returns n as a [Channel]; tickets are [telegram.Ticket] in JSON.
func Telegram(n *telegram.Notifier) Channel { return telegramChannel{n} }

type telegramChannel struct{ n *telegram.Notifier }

func (c telegramChannel) Send(ctx context.Context, req escalate.Request) ([]byte, error) {
	tk, err := c.n.Send(ctx, req)
	if err != nil {
		return nil, err
	}
	return json.Marshal(tk)
}

func (c telegramChannel) Await(ctx context.Context, ticket []byte) (escalate.Answer, error) {
	tk, err := parseTelegramTicket(ticket)
	if err != nil {
		return escalate.Answer{}, err
	}
	return c.n.Await(ctx, tk)
}

func (c telegramChannel) Close(ctx context.Context, ticket []byte, outcome string) error {
	tk, err := parseTelegramTicket(ticket)
	if err != nil {
		return err
	}
	return c.n.Close(ctx, tk, outcome)
}

func parseTelegramTicket(b []byte) (telegram.Ticket, error) {
	var tk telegram.Ticket
	if err := json.Unmarshal(b, &tk); err != nil {
		return tk, fmt.Errorf("deferred: telegram ticket: %w", err)
	}
	if tk.ChatID == 0 || tk.MessageID == 0 || tk.ID == "" {
		return tk, fmt.Errorf("deferred: telegram ticket without chat, message or id")
	}
	return tk, nil
}
