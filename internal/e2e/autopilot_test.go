package e2e

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook/internal/telegramtest"
	"github.com/stophook/stophook/policy"
)

// Scenarios of examples/autopilot with the real Claude Code against the
// fake Messages API.

// autopilotEnv sets up an Env whose Stop and SessionEnd hooks run
// examples/autopilot with args. Stop calls are recorded as "autopilot".
func autopilotEnv(t *testing.T, args ...string) *Env {
	t.Helper()
	e := New(t)
	bin := BuildHook(t, "./examples/autopilot")
	cmd := CommandLine(append([]string{bin, "-explain"}, args...)...)
	stop := e.Record("autopilot", Command(cmd))
	stop.Timeout = 120
	e.Settings.AddHook("Stop", stop)
	e.Settings.AddHook("SessionEnd", e.Record("autopilot-end", Command(cmd)))
	return e
}

// A permission question gets "Yes, go ahead." once; when the agent asks
// again in the same turn, the session ends.
func TestAutopilotAnswersPermissionOnce(t *testing.T) {
	t.Parallel()
	e := autopilotEnv(t)
	again := "Step 1 is in. Do you want me to run the full test suite next?"
	e.API.Enqueue(
		Text("I drafted the plan in PLAN.md:\n\n1. Add the column\n2. Backfill it\n\nShall I proceed with step 1?"),
		Text(again),
	)
	r := e.RunOK("plan the retry column")

	var replies []string
	for _, s := range e.API.SystemReminders() {
		if rest, ok := strings.CutPrefix(s, "Stop hook additional context: "); ok {
			replies = append(replies, rest)
		}
	}
	if want := []string{policy.DefaultAutoReply}; !slices.Equal(replies, want) {
		e.Dump(r)
		t.Fatalf("continuations the model got: %q, want %q", replies, want)
	}
	calls := e.HookCalls("autopilot")
	if len(calls) != 2 {
		e.Dump(r)
		t.Fatalf("got %d Stop calls, want 2", len(calls))
	}
	if !strings.Contains(calls[0].Stdout, `"additionalContext":"Yes, go ahead."`) {
		t.Errorf("first Stop: stdout %q, want the reply as additionalContext", calls[0].Stdout)
	}
	if !calls[1].Input.StopHookActive || calls[1].Blocked() || strings.Contains(calls[1].Stdout, "additionalContext") {
		t.Errorf("second Stop: stop_hook_active %v, stdout %q: want an allowed stop", calls[1].Input.StopHookActive, calls[1].Stdout)
	}
	if r.Out.Result != again {
		t.Errorf("result %q, want %q", r.Out.Result, again)
	}
}

// An error reply is retried (here as a decision:block), and the next,
// successful reply ends the session.
func TestAutopilotRetriesError(t *testing.T) {
	t.Parallel()
	e := autopilotEnv(t, "-continue", "block")
	done := "I created the table first; the migration now applies and all 12 tests pass."
	e.API.Enqueue(
		Text("I ran the migration but it failed:\n\n```\nERROR: relation \"users\" does not exist\n```\n\nThe migration could not be applied."),
		Text(done),
	)
	r := e.RunOK("apply the migration")

	if fb := e.API.StopHookFeedback(); len(fb) != 1 || !strings.Contains(fb[0], policy.DefaultRetryReason) {
		e.Dump(r)
		t.Fatalf("stop hook feedback %q, want one carrying %q", fb, policy.DefaultRetryReason)
	}
	calls := e.HookCalls("autopilot")
	if len(calls) != 2 || !calls[0].Blocked() || calls[1].Blocked() {
		e.Dump(r)
		t.Fatalf("got %d Stop calls (want 2: blocked, then allowed)", len(calls))
	}
	if r.Out.Result != done {
		t.Errorf("result %q, want %q", r.Out.Result, done)
	}
}

// A real decision goes to the human on Telegram, whose answer reaches the
// model; without Telegram the same question lets the session stop with
// one line saying why.
func TestAutopilotEscalatesDecision(t *testing.T) {
	t.Parallel()
	question := "Both would work here. Which database do you prefer, Postgres or SQLite?"

	t.Run("telegram", func(t *testing.T) {
		t.Parallel()
		bot := telegramtest.NewServer(tgToken)
		t.Cleanup(bot.Close)
		e := autopilotEnv(t, "-escalate-timeout", "60s")
		e.Setenv("TELEGRAM_BOT_TOKEN", tgToken)
		e.Setenv("TELEGRAM_CHAT_ID", "5151")
		e.Setenv("TELEGRAM_API_URL", bot.URL())
		// The summary for the human is recognised by its system prompt; the
		// conversation is served from the queue.
		e.API.SetScript(OnSystem(summaryPromptHead, Text(summaryText)))
		done := "Set up SQLite as you asked; the store tests pass."
		e.API.Enqueue(Text(question), Text(done))
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 80*time.Second)
			defer cancel()
			if m, err := bot.NextMessage(ctx); err == nil {
				bot.Reply(m.ChatID, m.MessageID, "SQLite, keep it simple")
			}
		}()
		r := e.RunOK("pick a store")
		var got []string
		for _, s := range e.API.SystemReminders() {
			if rest, ok := strings.CutPrefix(s, "Stop hook additional context: "); ok {
				got = append(got, rest)
			}
		}
		if want := []string{answeredPrefix + "SQLite, keep it simple"}; !slices.Equal(got, want) {
			e.Dump(r)
			t.Fatalf("continuations the model got: %q, want %q", got, want)
		}
		if sent := bot.Sent(); len(sent) != 1 || !strings.Contains(sent[0].Text, "Which database do you prefer") {
			t.Errorf("telegram got %d messages, want 1 with the question", len(sent))
		}
		if r.Out.Result != done {
			t.Errorf("result %q, want %q", r.Out.Result, done)
		}
	})

	t.Run("no telegram", func(t *testing.T) {
		t.Parallel()
		e := autopilotEnv(t)
		e.API.Enqueue(Text(question))
		r := e.RunOK("pick a store")
		calls := e.HookCalls("autopilot")
		if len(calls) != 1 || calls[0].Blocked() || !strings.Contains(calls[0].Stdout, `"systemMessage":"autopilot: the agent asks you to decide`) {
			e.Dump(r)
			t.Fatalf("got %d Stop calls (want 1 allowed, with a system message saying why)", len(calls))
		}
		if r.Out.Result != question {
			t.Errorf("result %q, want %q", r.Out.Result, question)
		}
	})
}
