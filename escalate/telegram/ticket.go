package telegram

import (
	"context"
	"errors"
	"strings"

	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/escalate/internal/plain"
)

// Ticket identifies a question sent with [Notifier.Send], so that another
// process can wait for its answer ([Notifier.Await]) and close it
// ([Notifier.Close]). It holds no secret: the bot token stays with the
// Notifier.
type Ticket struct {
	ChatID    int64  `json:"chat_id"`
	MessageID int64  `json:"message_id"`
	ID        string `json:"id"`   // request id, in the buttons' callback data
	Text      string `json:"text"` // the message as sent, for the closing edit
}

// Send sends the stop message for req with its buttons and returns at once,
// without waiting for an answer. [Notifier.Ask] is Send, Await and a
// closing edit in one call.
func (t *Notifier) Send(ctx context.Context, req escalate.Request) (Ticket, error) {
	if t == nil || t.Token == "" || t.ChatID == 0 {
		return Ticket{}, errors.New("telegram: token and chat id are required")
	}
	if !validCallbackID(req.ID) {
		req.ID = plain.NewRequestID()
	}
	text := escalate.Format(req, escalate.Footer)
	msg, err := t.client().SendMessage(ctx, t.ChatID, text, keyboard(req.ID))
	if err != nil {
		return Ticket{}, err
	}
	return Ticket{ChatID: t.ChatID, MessageID: msg.MessageID, ID: req.ID, Text: text}, nil
}

// Await waits for the answer to the question of tk until ctx is done, as
// Ask does (several waiters may share a bot; see [Notifier]). It returns
// Kind Timeout when ctx ends first. It does not edit the message.
func (t *Notifier) Await(ctx context.Context, tk Ticket) (escalate.Answer, error) {
	if t == nil || t.Token == "" || tk.ChatID == 0 || tk.MessageID == 0 || !validCallbackID(tk.ID) {
		return escalate.Answer{}, errors.New("telegram: token and a sent message are required")
	}
	cp := *t
	cp.ChatID = tk.ChatID
	return cp.wait(ctx, cp.client(), tk.MessageID, tk.ID)
}

// Close edits the question of tk to end with outcome (one line saying what
// became of it) and removes its buttons.
func (t *Notifier) Close(ctx context.Context, tk Ticket, outcome string) error {
	if t == nil || t.Token == "" || tk.ChatID == 0 || tk.MessageID == 0 {
		return errors.New("telegram: token and a sent message are required")
	}
	return t.client().EditMessageText(ctx, tk.ChatID, tk.MessageID, closedText(tk.Text, outcome), nil)
}

// closedText is text with its footer replaced by outcome, within
// Telegram's message length.
func closedText(text, outcome string) string {
	outcome = plain.TruncateRunes(plain.OneLine(outcome), 300)
	body := strings.TrimRight(strings.TrimSuffix(text, escalate.Footer), "\n")
	room := plain.MaxMessageLen - plain.UTF16Len(outcome) - 2
	return plain.TruncateUTF16(body, room) + "\n\n" + outcome
}
