package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook/internal/telegramtest"
)

// TestAutopilot runs the built binary on the bundled sample events.
func TestAutopilot(t *testing.T) {
	t.Setenv("TELEGRAM_BOT_TOKEN", "")
	t.Setenv("TELEGRAM_CHAT_ID", "")
	bin := filepath.Join(t.TempDir(), "autopilot")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	state := t.TempDir()
	hook := func(event string, args ...string) (out map[string]any, stderr string, code int) {
		t.Helper()
		f, err := os.Open(filepath.Join("testdata", event))
		require.NoError(t, err)
		defer f.Close()
		cmd := exec.Command(bin, append([]string{"-state", state}, args...)...)
		var o, e bytes.Buffer
		cmd.Stdin, cmd.Stdout, cmd.Stderr = f, &o, &e
		err = cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else {
			require.NoError(t, err)
		}
		out = map[string]any{}
		if s := strings.TrimSpace(o.String()); s != "" {
			require.NoError(t, json.Unmarshal([]byte(s), &out), "stdout %q", s)
		}
		return out, e.String(), code
	}
	const retry = "The previous approach hit an error. Try a different approach to accomplish the task. If the task is in fact complete, say so in one line."
	steps := []struct {
		name, event string
		args        []string
		wantReply   string // the continuation; "" means the session may stop
		wantBlock   bool   // sent as decision:block rather than additionalContext
		wantSystem  string
		wantCode    int
	}{
		{"an error is retried", "stop-error.json", nil, retry, false, "", 0},
		{"a permission question gets the reply", "stop-permission.json", nil, "Yes, go ahead.", false, "", 0},
		{"a second question in the same turn stops", "stop-permission-again.json", nil, "", false, "", 0},
		{"the reply is configurable", "stop-permission.json", []string{"-reply", "Go on."}, "Go on.", false, "", 0},
		{"-continue block", "stop-permission.json", []string{"-continue", "block"}, "Yes, go ahead.", true, "", 0},
		{"-exit2 also exits 2", "stop-permission.json", []string{"-continue", "block", "-exit2"}, "Yes, go ahead.", true, "", 2},
		{"a decision without Telegram stops, saying why", "stop-decision.json", nil, "", false, "autopilot: the agent asks you to decide", 0},
		{"done work stops", "stop-done.json", nil, "", false, "", 0},
		{"a running background task is a pause", "stop-permission-background.json", nil, "", false, "", 0},
		{"session end clears the count", "session-end.json", nil, "", false, "", 0},
		{"the error is retried again", "stop-error.json", nil, retry, false, "", 0},
	}
	for _, s := range steps {
		out, stderr, code := hook(s.event, s.args...)
		reply, _ := out["reason"].(string)
		if hs, ok := out["hookSpecificOutput"].(map[string]any); ok && reply == "" {
			reply, _ = hs["additionalContext"].(string)
		}
		system, _ := out["systemMessage"].(string)
		if reply != s.wantReply || code != s.wantCode || !strings.HasPrefix(system, s.wantSystem) || (s.wantSystem == "") != (system == "") {
			t.Errorf("%s: got reply %q system %q exit %d (stderr %q), want reply %q system %q… exit %d",
				s.name, reply, system, code, stderr, s.wantReply, s.wantSystem, s.wantCode)
		}
		if strings.Contains(system, "\n") {
			t.Errorf("%s: system message %q is more than one line", s.name, system)
		}
		if got := out["decision"] == "block"; got != s.wantBlock {
			t.Errorf("%s: got decision %v, want block=%v", s.name, out["decision"], s.wantBlock)
		}
	}
}

func TestParseConfig(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    Config
		wantErr string
	}{
		{"defaults", nil, Config{Reply: "Yes, go ahead.", MaxRetries: 2, ContinueWithContext: true, EscalateTimeout: 5 * time.Minute, Claude: defaultClaude}, ""},
		{"flags", []string{"-reply", " Go on. ", "-max-retries", "0", "-continue", "block", "-escalate-timeout", "90s", "-label", "L", "-state", "S", "-exit2", "-explain"},
			Config{Reply: "Go on.", EscalateTimeout: 90 * time.Second, Label: "L", State: "S", Exit2: true, Explain: true, Claude: defaultClaude}, ""},
		{"bad continue", []string{"-continue", "later"}, Config{}, `invalid value "later" for flag -continue: want block or context (stophook-autopilot -h for help)`},
		{"empty reply", []string{"-reply", " "}, Config{}, "-reply must not be empty"},
		{"negative retries", []string{"-max-retries", "-1"}, Config{}, "must not be negative"},
		{"zero timeout", []string{"-escalate-timeout", "0s"}, Config{}, "must be positive"},
		{"stray argument", []string{"now"}, Config{}, "unexpected argument"},
		{"a store URL without -store", []string{"redis://:s3cret@h:6379/0"}, Config{}, `unexpected argument "redis://:xxxxx@h:6379/0"`},
		{"unknown flag", []string{"-nope"}, Config{}, "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseConfig(tt.args, &bytes.Buffer{})
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestBadCommandLineFailsOpen(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"-max-retries", "x"}, strings.NewReader(`{}`), &stdout, &stderr)
	assert.Equal(t, 0, code)
	assert.Empty(t, stdout.String())
	assert.Contains(t, stderr.String(), "allowing stop")
}

func stop(t *testing.T, last, cwd string, active bool) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{
		"hook_event_name": "Stop", "session_id": "sess-1", "cwd": cwd, "stop_hook_active": active,
		"transcript_path": filepath.Join(cwd, "missing.jsonl"), "last_assistant_message": last,
	})
	require.NoError(t, err)
	return string(b)
}

func runHook(t *testing.T, args []string, input string) (map[string]any, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(input), &stdout, &stderr)
	require.Equal(t, 0, code, "stderr: %s", stderr.String())
	out := map[string]any{}
	if s := strings.TrimSpace(stdout.String()); s != "" {
		require.NoError(t, json.Unmarshal([]byte(s), &out), "stdout %q", s)
	}
	return out, stderr.String()
}

func TestDecisionGoesToTelegram(t *testing.T) {
	bot := telegramtest.NewServer("42:TOKEN")
	defer bot.Close()
	t.Setenv("TELEGRAM_BOT_TOKEN", "42:TOKEN")
	t.Setenv("TELEGRAM_CHAT_ID", "777")
	t.Setenv("TELEGRAM_API_URL", bot.URL())
	t.Setenv("ANTHROPIC_API_KEY", "")
	cwd := t.TempDir()
	args := []string{"-state", t.TempDir(), "-continue", "block", "-escalate-timeout", "20s", "-label", "proj"}

	// A permission question is answered without the human.
	out, _ := runHook(t, args, stop(t, "The plan is ready. Shall I proceed?", cwd, false))
	assert.Equal(t, "Yes, go ahead.", out["reason"])
	// Finished work stops without the human.
	out, _ = runHook(t, args, stop(t, "All tests pass and the change is pushed.", cwd, false))
	assert.Empty(t, out["decision"])
	assert.Empty(t, bot.Sent(), "no human for permission questions or finished work")

	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		if msg, err := bot.NextMessage(ctx); err == nil {
			bot.Reply(msg.ChatID, msg.MessageID, "SQLite")
		}
	}()
	out, _ = runHook(t, args, stop(t, "Which database do you prefer, Postgres or SQLite?", cwd, false))
	assert.Equal(t, "block", out["decision"])
	assert.Equal(t, "User answered: SQLite", out["reason"])
	sent := bot.Sent()
	require.Len(t, sent, 1)
	assert.Contains(t, sent[0].Text, "Which database do you prefer, Postgres or SQLite?")
}

func TestBadChatIDFailsOpen(t *testing.T) {
	t.Setenv("TELEGRAM_BOT_TOKEN", "x")
	t.Setenv("TELEGRAM_CHAT_ID", "me")
	out, stderr := runHook(t, []string{"-state", t.TempDir()}, stop(t, "Which one, A or B?", t.TempDir(), false))
	assert.Empty(t, out["decision"])
	assert.Contains(t, stderr, "escalation off")
}

// TestStoreRefusedFailsOpen: a store a command hook cannot use lets the
// stop through with one stderr line naming the hook.
func TestStoreRefusedFailsOpen(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"-store", "memory:"}, strings.NewReader(`{}`), &stdout, &stderr)
	assert.Equal(t, 0, code)
	assert.Empty(t, stdout.String())
	assert.True(t, strings.HasPrefix(stderr.String(), "stophook-autopilot: storeurl: memory:"), stderr.String())
	assert.Equal(t, 1, strings.Count(stderr.String(), "\n"), stderr.String())
}
