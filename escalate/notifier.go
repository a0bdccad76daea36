package escalate

import (
	"context"
	"fmt"
)

// Request is one stop to put before the human.
type Request struct {
	// ID ties answers to this request (Telegram callback data). Empty: the
	// notifier picks a random one.
	ID string
	// SessionID, Label and CWD identify the session; Label is shown in the
	// title line.
	SessionID, Label, CWD string
	// LastMessage is the agent's last reply (Stop's last_assistant_message);
	// only its last 800 characters are shown.
	LastMessage string
	// Summary is an LLM summary of the recent transcript, for the human
	// only. Empty: the summary block is omitted.
	Summary string
	// RecentTools are tool calls formatted like Edit(src/foo.ts). Empty:
	// the line is omitted.
	RecentTools []string
}

// AnswerKind says what the human decided.
type AnswerKind int

const (
	// NoAnswer is the zero value: nobody was asked (a notify-only or null
	// notifier). The session stops.
	NoAnswer AnswerKind = iota
	// Reply carries instructions in [Answer.Text]; the agent continues with them.
	Reply
	// Continue is the "▶️ Continue" button: the agent continues.
	Continue
	// LetStop is the "⏹️ Let stop" button: the session stops.
	LetStop
	// Timeout means nobody answered before the deadline: the session stops.
	Timeout
)

func (k AnswerKind) String() string {
	switch k {
	case NoAnswer:
		return "no answer"
	case Reply:
		return "reply"
	case Continue:
		return "continue"
	case LetStop:
		return "let stop"
	case Timeout:
		return "timeout"
	}
	return fmt.Sprintf("AnswerKind(%d)", int(k))
}

// Answer is the human's decision. The zero value lets the session stop.
type Answer struct {
	Kind AnswerKind
	// Text is the reply, for Kind Reply: untrusted, already cleaned and cut
	// to 2000 characters.
	Text string
	// From names who answered, for logs (e.g. "telegram:12345"); may be empty.
	From string
}

// Notifier puts a stop before a human.
type Notifier interface {
	// Ask sends the stop message for req and waits for the human's answer
	// until ctx is done. A notifier that cannot receive answers returns
	// right after sending with Kind [NoAnswer]. When ctx ends before an
	// answer, Ask returns Kind [Timeout] and a nil error. An error means the
	// message could not be sent or the channel broke; the caller lets the
	// session stop. Ask may be called concurrently.
	Ask(ctx context.Context, req Request) (Answer, error)
}

// NotifierFunc adapts a function to [Notifier].
type NotifierFunc func(ctx context.Context, req Request) (Answer, error)

var _ Notifier = NotifierFunc(nil)

// Ask calls f(ctx, req).
func (f NotifierFunc) Ask(ctx context.Context, req Request) (Answer, error) { return f(ctx, req) }
