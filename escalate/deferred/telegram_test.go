package deferred

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/escalate/telegram"
	"github.com/stophook/stophook/internal/telegramtest"
)

// Two sessions of one project share a bot: each waiter delivers its own
// answer to its own session, exactly once, whatever order the human
// answers in.
func TestTwoWaitersShareABot(t *testing.T) {
	t.Parallel()
	bot := telegramtest.NewServer("7:T")
	defer bot.Close()
	tg := telegram.New("7:T", 99)
	tg.BaseURL = bot.URL()
	tg.HTTPClient = bot.Client()
	tg.PollTimeout = 2 * time.Second
	ch := Telegram(tg)
	state := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	sessions := []string{"aaaaaaaa-0000-4000-8000-000000000001", "bbbbbbbb-0000-4000-8000-000000000002"}
	sockets := make([]*fakeSocket, 2)
	done := make(chan waitOutcome, 2)
	for i, s := range sessions {
		sockets[i] = newFakeSocket(t)
		env := map[string]string{envSocket: sockets[i].Path, envAttended: "1"}
		a := &Asker{Channel: ch, StateDir: state, Wait: time.Hour, Getenv: func(k string) string { return env[k] },
			Start: func(dir, session, id string) (int, error) {
				w := &answerWaiter{Channel: ch, Store: stophook.NewFileStore(dir), PollEvery: 20 * time.Millisecond,
					Post: func(ctx context.Context, j jobRecord, text string) error {
						return postAnswer(ctx, j.Socket, "tok", j.SessionID, text)
					}}
				go func() {
					out, err := w.Run(ctx, session, id)
					if err != nil {
						t.Errorf("waiter %s: %v", session, err)
					}
					done <- out
				}()
				return 1, nil
			}}
		in := stophook.Input{SessionID: s, CWD: ".", HookEventName: stophook.EventStop, LastAssistantMessage: "question " + s[:1], Now: time.Now()}
		if _, ok, err := a.Defer(ctx, in, escalate.Request{SessionID: s, Label: s[:1], LastMessage: in.LastAssistantMessage}); !ok || err != nil {
			t.Fatalf("defer %s: %v", s, err)
		}
	}
	msgA, _ := bot.Message(ctx, 0)
	msgB, _ := bot.Message(ctx, 1)
	if err := bot.WaitPoll(ctx); err != nil {
		t.Fatal(err)
	}
	// The human answers B first, then A with a reply and, by mistake, a
	// second reply.
	bot.Reply(99, msgB.MessageID, "answer for B")
	bot.Reply(99, msgA.MessageID, "answer for A")
	bot.Reply(99, msgA.MessageID, "second answer for A")
	for range 2 {
		select {
		case out := <-done:
			if !out.Delivered {
				t.Errorf("outcome %+v, want delivered", out)
			}
		case <-ctx.Done():
			t.Fatal("waiters did not finish")
		}
	}
	for i, want := range []string{answerPrefix + "answer for A", answerPrefix + "answer for B"} {
		// The socket records a connection once the waiter has closed it,
		// which may be after the waiter's Run returned: wait for it.
		select {
		case <-sockets[i].got:
		case <-ctx.Done():
			t.Fatalf("session %d: nothing arrived on its socket", i)
		}
		conns, errs := sockets[i].received()
		if len(errs) != 0 || len(conns) != 1 || len(conns[0]) != 2 || conns[0][1].Message.Content != want || conns[0][1].SessionID != sessions[i] {
			t.Errorf("session %d received %+v (%v), want exactly %q", i, conns, errs, want)
		}
	}
	for _, m := range []telegramtest.Sent{msgA, msgB} {
		e, err := bot.WaitEdit(ctx, m.MessageID)
		if err != nil || e.HasKeyboard || !strings.HasSuffix(e.Text, "✍️ Answered — sent to the session") {
			t.Errorf("message %d edited to %q (keyboard %v), %v", m.MessageID, e.Text, e.HasKeyboard, err)
		}
	}
}

// The user types in the session first: the waiter gives up and says so
// on Telegram; a later reply is not delivered.
func TestWaiterGivesUpWhenUserTypes(t *testing.T) {
	t.Parallel()
	bot := telegramtest.NewServer("7:T")
	defer bot.Close()
	tg := telegram.New("7:T", 99)
	tg.BaseURL = bot.URL()
	tg.HTTPClient = bot.Client()
	tg.PollTimeout = time.Second
	ch := Telegram(tg)
	sock := newFakeSocket(t)
	env := map[string]string{envSocket: sock.Path, envAttended: "1"}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	done := make(chan waitOutcome, 1)
	a := &Asker{Channel: ch, StateDir: t.TempDir(), Getenv: func(k string) string { return env[k] },
		Start: func(dir, session, id string) (int, error) {
			w := &answerWaiter{Channel: ch, Store: stophook.NewFileStore(dir), PollEvery: 20 * time.Millisecond}
			go func() { out, _ := w.Run(ctx, session, id); done <- out }()
			return 1, nil
		}}
	in := stopIn(".")
	in.Now = time.Now()
	a.Defer(ctx, in, escalate.Request{})
	msg, _ := bot.Message(ctx, 0)
	a.Evaluate(ctx, stophook.Input{SessionID: session, HookEventName: stophook.EventUserPromptSubmit, Prompt: "never mind"})
	out := <-done
	bot.Reply(99, msg.MessageID, "too late")
	e, err := bot.WaitEdit(ctx, msg.MessageID)
	if out.Delivered || err != nil || !strings.HasSuffix(e.Text, "🚫 Closed: the user typed in the session first") {
		t.Errorf("outcome %+v, edit %q, %v", out, e.Text, err)
	}
	if conns, _ := sock.received(); len(conns) != 0 {
		t.Errorf("socket received %+v, want nothing", conns)
	}
}
