package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook/internal/telegramtest"
)

// deferredEnv returns a TUI environment whose hook is retry-escalate
// -deferred (exec form, recorded as "esc") for SessionStart, Stop,
// UserPromptSubmit and SessionEnd, asking on a fake Telegram bot. The first reply asks the human
// a question; a message relaying the human's answer gets answer.
func deferredEnv(t *testing.T, answer string) (*Env, *telegramtest.Server) {
	t.Helper()
	return deferredHookEnv(t, "./examples/retry-escalate", answer, "-max-retries", "0")
}

// deferredHookEnv is deferredEnv for the hook built from pkg with args.
func deferredHookEnv(t *testing.T, pkg, answer string, args ...string) (*Env, *telegramtest.Server) {
	t.Helper()
	e := New(t)
	bin := BuildHook(t, pkg)
	bot := telegramtest.NewServer("7:TOKEN")
	t.Cleanup(bot.Close)
	e.Setenv("TELEGRAM_BOT_TOKEN", "7:TOKEN")
	e.Setenv("TELEGRAM_CHAT_ID", "99")
	e.Setenv("TELEGRAM_API_URL", bot.URL())
	hook := e.Record("esc", Hook{Type: "command", Command: bin,
		Args:          append([]string{"-deferred", "-deferred-wait", "45s", "-state", e.StateDir, "-explain"}, args...),
		StatusMessage: "Asking the human on Telegram…"})
	for _, ev := range []string{"SessionStart", "Stop", "UserPromptSubmit", "SessionEnd"} {
		e.Settings.AddHook(ev, hook)
	}
	e.API.SetScript(FirstOf(OnLastUser("User answered on Telegram", Text(answer)), SideRequests(Text("summary"))))
	e.API.Enqueue(Text("Which database should I use, Postgres or SQLite?"))
	return e, bot
}

// firstStop waits for the first finished Stop call of the "esc" hook.
func firstStop(t *testing.T, e *Env) HookCall {
	t.Helper()
	var stop HookCall
	Eventually(t, "the first Stop hook", 60*time.Second, func() bool {
		for _, c := range e.HookCalls("esc") {
			if c.Input.HookEventName == "Stop" && c.Done {
				stop = c
				return true
			}
		}
		return false
	})
	return stop
}

// Deferred escalation in the TUI: the Stop hook returns at once, the human
// answers on Telegram a few seconds later, and the session starts a new
// turn carrying the answer.
func TestTUIDeferredAnswer(t *testing.T) {
	t.Parallel()
	e, bot := deferredEnv(t, "Using Postgres, as you said.")
	testDeferredAnswer(t, e, bot)
}

// autopilot -deferred: the same for a decision question.
func TestTUIAutopilotDeferredAnswer(t *testing.T) {
	t.Parallel()
	e, bot := deferredHookEnv(t, "./examples/autopilot", "Using Postgres, as you said.")
	testDeferredAnswer(t, e, bot)
}

func testDeferredAnswer(t *testing.T, e *Env, bot *telegramtest.Server) {
	t.Helper()
	s := e.StartTUI()
	s.Send("set up the database")
	stop := firstStop(t, e)
	t.Logf("deferred Stop hook returned in %v (trace %q)", stop.Duration, stop.Stderr)
	// The hook returned (firstStop saw its call end) before anyone answered:
	// it did not wait for the human.
	if stop.Blocked() || !strings.Contains(stop.Stderr, "Escalation: allow: question") {
		t.Errorf("Stop hook: blocked %v after %v, trace %q; want an allow before the answer", stop.Blocked(), stop.Duration, stop.Stderr)
	}
	s.WaitPrompt(60 * time.Second)

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	msg, err := bot.NextMessage(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := bot.WaitPoll(ctx); err != nil {
		t.Fatal(err)
	}
	bot.Reply(99, msg.MessageID, "use postgres")
	s.WaitScreen("the turn started by the answer", 30*time.Second, func(screen string) bool {
		return strings.Contains(screen, "Using Postgres, as you said.")
	})
	found := false
	for _, r := range e.API.Conversation() {
		if last := strings.Join(r.LastUserTexts(), "\n"); strings.Contains(last, "User answered on Telegram (relayed by the stop hook that asked them): use postgres") {
			found = true
			t.Logf("the model gets: %q", last)
		}
	}
	if !found {
		e.Dump(nil)
		t.Errorf("no request carries the answer")
	}
	ed, err := bot.WaitEdit(ctx, msg.MessageID)
	if err != nil || !strings.HasSuffix(ed.Text, "✍️ Answered — sent to the session") || ed.HasKeyboard {
		t.Errorf("question edited to %q (keyboard %v), %v", ed.Text, ed.HasKeyboard, err)
	}
	var prompts []string
	for _, c := range e.HookCalls("esc") {
		if c.Input.HookEventName == "UserPromptSubmit" {
			prompts = append(prompts, c.Input.Prompt)
		}
	}
	t.Logf("UserPromptSubmit prompts: %q", prompts)
}

// The user types in the session before the human answers: the waiter gives
// up, says so on Telegram, and a later answer is not delivered.
func TestTUIDeferredUserTypesFirst(t *testing.T) {
	t.Parallel()
	e, bot := deferredEnv(t, "Using Postgres, as you said.")
	e.API.Enqueue(Text("Fine, SQLite it is."), Text("Nothing more to do."))
	s := e.StartTUI()
	s.Send("set up the database")
	firstStop(t, e)
	s.WaitPrompt(60 * time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	msg, err := bot.NextMessage(ctx)
	if err != nil {
		t.Fatal(err)
	}
	s.Send("never mind, use SQLite")
	ed, err := bot.WaitEdit(ctx, msg.MessageID)
	if err != nil || !strings.HasSuffix(ed.Text, "🚫 Closed: the user typed in the session first") {
		e.Dump(nil)
		t.Fatalf("question edited to %q, %v; want it closed because the user typed", ed.Text, err)
	}
	s.WaitScreen("the reply to the typed prompt", 30*time.Second, func(screen string) bool {
		return strings.Contains(screen, "Fine, SQLite it is.")
	})
	// A late answer must not arrive: the waiter closed the question, and a
	// whole further turn goes by without it.
	bot.Reply(99, msg.MessageID, "use postgres")
	s.Send("and now?")
	s.WaitScreen("the reply to the next prompt", 60*time.Second, func(screen string) bool {
		return strings.Contains(screen, "Nothing more to do.")
	})
	for _, r := range e.API.Conversation() {
		if strings.Contains(strings.Join(r.UserTexts(), "\n"), "User answered") {
			t.Errorf("request %d carries an answer after the user typed", r.Seq)
		}
	}
}
