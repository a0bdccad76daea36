package e2e

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/internal/telegramtest"
	"github.com/stophook/stophook/policy"
)

// What the escalation says, as the model and the fake model API see it.
const (
	// summaryPromptHead starts the escalation summarizers' system prompt.
	summaryPromptHead = "You summarise a coding agent's session f"
	answeredPrefix    = "User answered: "
	continueReason    = "User wants you to continue"
)

// Scenarios of the retry-escalate hook (seed 000) with the real Claude
// Code, a fake Telegram Bot API and the fake Messages API, which also
// serves the hook's non-streaming summary request.

const (
	tgToken     = "123456:E2E-SECRET"
	tgChat      = int64(5151)
	summaryText = "The agent ran the build twice and it still fails."
)

// escalateEnv sets up an Env whose Stop and SessionEnd hooks run
// retry-escalate with args, talking to a fresh fake Bot API.
func escalateEnv(t *testing.T, args ...string) (*Env, *telegramtest.Server) {
	t.Helper()
	return escalateEnvEvents(t, []string{"Stop", "SessionEnd"}, args...)
}

// escalateEnvEvents is escalateEnv registering the hook for events only.
func escalateEnvEvents(t *testing.T, events []string, args ...string) (*Env, *telegramtest.Server) {
	t.Helper()
	e := New(t)
	bot := telegramtest.NewServer(tgToken)
	t.Cleanup(bot.Close)
	e.Setenv("TELEGRAM_BOT_TOKEN", tgToken)
	e.Setenv("TELEGRAM_CHAT_ID", "5151")
	e.Setenv("TELEGRAM_API_URL", bot.URL())
	bin := BuildHook(t, "./examples/retry-escalate")
	cmd := CommandLine(append([]string{bin}, args...)...)
	for _, ev := range events {
		h := e.Record(strings.ToLower(ev), Command(cmd))
		h.Timeout = 120
		e.Settings.AddHook(ev, h)
	}
	// The summarizer's request is recognised by its system prompt; the
	// conversation is served from the queue.
	e.API.SetScript(OnSystem(summaryPromptHead, Text(summaryText)))
	return e, bot
}

// human plays the person on Telegram: for every stop message, act is
// called in the background. wait blocks until the expected number of
// messages were handled.
func human(t *testing.T, bot *telegramtest.Server, n int, act func(i int, m telegramtest.Sent)) (wait func()) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Second)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer cancel()
		for i := range n {
			m, err := bot.Message(ctx, i)
			if err != nil {
				t.Errorf("human: %v", err)
				return
			}
			act(i, m)
		}
	}()
	return func() {
		t.Helper()
		select {
		case <-done:
		case <-time.After(110 * time.Second):
			t.Fatal("human: gave up")
		}
	}
}

func summaryRequests(e *Env) int {
	n := 0
	for _, r := range e.API.Requests() {
		if r.IsMessages() && !r.Stream && strings.Contains(r.System, "You summarise a coding agent") {
			n++
		}
	}
	return n
}

// (a) An error reply is retried: the retry reason reaches the model, and
// nobody is asked while retries remain.
func TestEscalateErrorRetry(t *testing.T) {
	t.Parallel()
	e, bot := escalateEnv(t, "-max-retries", "2")
	e.API.Enqueue(Text(errorReply), Text(fixedReply))

	r := e.RunOK("build the project")
	if got, want := e.API.StopHookFeedback(), []string{policy.DefaultRetryReason}; !slices.Equal(got, want) {
		e.Dump(r)
		t.Fatalf("stop hook feedback: got %q, want %q", got, want)
	}
	if r.Out.Result != fixedReply {
		t.Errorf("result: got %q, want %q", r.Out.Result, fixedReply)
	}
	if sent := bot.Sent(); len(sent) != 0 {
		t.Errorf("telegram messages: got %d, want none while retries remain", len(sent))
	}
}

// (b) One turn whose replies are error, error, error, done, with
// -max-retries 2: the retry reason twice, then the human is asked in the
// same turn, with a summary from the fake Messages API, and answers with
// text, which reaches the model; the next stop asks again and the human
// presses Let stop: the session ends, all in one `claude -p` run.
func TestEscalateAfterMaxRetriesTextReply(t *testing.T) {
	t.Parallel()
	e, bot := escalateEnv(t, "-max-retries", "2", "-escalate-timeout", "90s", "-label", "e2e-proj")
	const answer = "Use the staging database, then rerun the build."
	wait := human(t, bot, 2, func(i int, m telegramtest.Sent) {
		if i == 0 {
			bot.Reply(tgChat, m.MessageID, answer)
			return
		}
		bot.Press(tgChat, m.MessageID, letStopData(t, m))
	})

	e.API.Enqueue(Bash("echo building"), Text(errorReply), Text("Error: still failing"),
		Text("Error: cannot reach the database"), Text(fixedReply))
	r := e.RunOK("build the project")
	e.Capture("escalate-turn1", r.Out.SessionID) // escalate/testdata fixture
	wait()

	// Four stops in the one turn: two retries, the human's answer, Let stop.
	var got []string
	for _, c := range e.HookCalls("stop") {
		switch {
		case !c.Blocked():
			got = append(got, "stop")
		case strings.Contains(c.Stdout, policy.DefaultRetryReason):
			got = append(got, "retry")
		default:
			got = append(got, "answered")
		}
	}
	if want := []string{"retry", "retry", "answered", "stop"}; !slices.Equal(got, want) {
		e.Dump(r)
		t.Fatalf("stop hook decisions: got %q, want %q", got, want)
	}
	want := []string{policy.DefaultRetryReason, answeredPrefix + answer} // each text once
	if got := e.API.StopHookFeedback(); !slices.Equal(got, want) {
		e.Dump(r)
		t.Fatalf("stop hook feedback: got %q, want %q", got, want)
	}
	if r.Out.Result != fixedReply {
		t.Errorf("result: got %q, want %q", r.Out.Result, fixedReply)
	}
	sent := bot.Sent()
	if len(sent) != 2 {
		t.Fatalf("telegram messages: got %d, want 2 (the error, then the reply's outcome)", len(sent))
	}
	for _, part := range []string{
		"🛑 Agent stopped — e2e-proj\n\n📋 Summary:\n" + summaryText,
		"Last message:\nError: cannot reach the database",
		"Recent tools: Bash(echo building)",
		escalate.Footer,
	} {
		if !strings.Contains(sent[0].Text, part) {
			t.Errorf("first telegram message lacks %q:\n%s", part, sent[0].Text)
		}
	}
	if !strings.Contains(sent[1].Text, "Last message:\n"+fixedReply) {
		t.Errorf("second telegram message lacks the last reply:\n%s", sent[1].Text)
	}
	if n := summaryRequests(e); n != 2 {
		t.Errorf("summary requests: got %d, want 2", n)
	}
	for _, req := range e.API.Conversation() {
		for _, u := range req.UserTexts() {
			if strings.Contains(u, summaryText) {
				t.Errorf("the summary reached the model: %q", u)
			}
		}
	}
}

// letStopData returns the callback data of m's Let stop button.
func letStopData(t *testing.T, m telegramtest.Sent) string {
	t.Helper()
	for _, b := range m.Buttons {
		if b.Text == "⏹️ Let stop" {
			return b.CallbackData
		}
	}
	t.Errorf("message %d has no %q button: %v", m.MessageID, "⏹️ Let stop", m.Buttons)
	return ""
}

// (c) The Continue button sends the agent back to work; the next stop of
// the turn asks again.
func TestEscalateContinueButton(t *testing.T) {
	t.Parallel()
	e, bot := escalateEnv(t, "-escalate-timeout", "90s")
	// Continue, then, asked again at the next stop of the turn, Let stop.
	wait := human(t, bot, 2, func(i int, m telegramtest.Sent) {
		if i == 0 {
			bot.Press(tgChat, m.MessageID, m.Buttons[0].CallbackData)
			return
		}
		bot.Press(tgChat, m.MessageID, letStopData(t, m))
	})
	e.API.Enqueue(Text("All done. Shall I also update the docs?"), Text("Docs updated."))

	r := e.RunOK("refactor the parser")
	wait()
	if got, want := e.API.StopHookFeedback(), []string{continueReason}; !slices.Equal(got, want) {
		e.Dump(r)
		t.Fatalf("stop hook feedback: got %q, want %q", got, want)
	}
	if r.Out.Result != "Docs updated." {
		t.Errorf("result: got %q", r.Out.Result)
	}
	edit, err := bot.WaitEdit(context.Background(), bot.Sent()[0].MessageID)
	if err != nil || !strings.HasSuffix(edit.Text, "▶️ Continued") || edit.HasKeyboard {
		t.Errorf("edited message: got %q (keyboard %v, err %v), want the outcome without buttons", edit.Text, edit.HasKeyboard, err)
	}
	if got := bot.Answered(); len(got) != 2 {
		t.Errorf("answered callbacks: got %v, want 2", got)
	}
}

// (d) Nobody answers before the timeout: the session stops.
func TestEscalateTimeoutStops(t *testing.T) {
	t.Parallel()
	e, bot := escalateEnv(t, "-escalate-timeout", "3s")
	e.API.Enqueue(Text("Finished. Anything else?"))

	r := e.RunOK("tidy up")
	if got := e.API.StopHookFeedback(); len(got) != 0 {
		t.Errorf("stop hook feedback: got %q, want none", got)
	}
	if r.Out.Result != "Finished. Anything else?" {
		t.Errorf("result: got %q", r.Out.Result)
	}
	calls := e.HookCalls("stop")
	if len(calls) != 1 || calls[0].Blocked() || calls[0].Duration < 3*time.Second {
		t.Fatalf("stop hook calls: got %+v, want one that waited 3s and allowed", calls)
	}
	sent := bot.Sent()
	if len(sent) != 1 {
		t.Fatalf("telegram messages: got %d, want 1", len(sent))
	}
	edit, err := bot.WaitEdit(context.Background(), sent[0].MessageID)
	if err != nil || !strings.HasSuffix(edit.Text, "⌛ No answer — let stop") {
		t.Errorf("edited message: got %q (err %v)", edit.Text, err)
	}
}

// (e) Answers from another chat are ignored; the configured chat's Let
// stop decides.
func TestEscalateOtherChatIgnored(t *testing.T) {
	t.Parallel()
	e, bot := escalateEnv(t, "-escalate-timeout", "90s")
	const intruder = int64(666)
	wait := human(t, bot, 1, func(_ int, m telegramtest.Sent) {
		bot.Reply(intruder, m.MessageID, "delete everything")
		bot.Press(intruder, m.MessageID, m.Buttons[0].CallbackData)
		bot.Press(tgChat, m.MessageID, m.Buttons[1].CallbackData) // Let stop
	})
	e.API.Enqueue(Text("Done. Should I push?"))

	r := e.RunOK("prepare the release")
	wait()
	if got := e.API.StopHookFeedback(); len(got) != 0 {
		e.Dump(r)
		t.Fatalf("stop hook feedback: got %q, want none (the other chat's answers are ignored)", got)
	}
	calls := e.HookCalls("stop")
	if len(calls) != 1 || calls[0].Blocked() {
		t.Errorf("stop hook calls: got %d (blocked %v), want one that allowed", len(calls), len(calls) == 1 && calls[0].Blocked())
	}
	if got := bot.Answered(); len(got) != 1 {
		t.Errorf("answered callbacks: got %v, want only the configured chat's", got)
	}
	if strings.Contains(r.Stdout+r.Stderr, tgToken) {
		t.Error("the bot token leaked into Claude Code's output")
	}
}
