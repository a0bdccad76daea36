package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/telegramtest"
)

func TestParseConfig(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "c.json")
	require.NoError(t, os.WriteFile(file, []byte(`{"stop":{"retryOnError":false,"maxRetries":5,"escalateToTelegram":false}}`), 0o600))
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"stop":`), 0o600))

	tests := []struct {
		name    string
		args    []string
		want    Config
		wantErr string
	}{
		{"defaults", nil, Config{RetryOnError: true, MaxRetries: 2, EscalateToTelegram: true, EscalateTimeout: 5 * time.Minute, DeferredWait: 4 * time.Hour}, ""},
		{"flags", []string{"-retry-on-error=false", "-max-retries", "4", "-escalate-timeout", "90s", "-label", "L", "-state", "S", "-explain", "-summary-command", " claude  -p --model haiku",
			"-deferred", "-deferred-wait", "2h", "-continue", "context", "-page-during-background"},
			Config{MaxRetries: 4, EscalateToTelegram: true, EscalateTimeout: 90 * time.Second, Label: "L", State: "S", Explain: true,
				Deferred: true, DeferredWait: 2 * time.Hour, ContinueWithContext: true, PageDuringBackground: true,
				SummaryCommand: []string{"claude", "-p", "--model", "haiku"}}, ""},
		{"config file", []string{"-config", file}, Config{MaxRetries: 5, EscalateTimeout: 5 * time.Minute, DeferredWait: 4 * time.Hour}, ""},
		{"flags win over the file", []string{"-config", file, "-max-retries", "1", "-retry-on-error"},
			Config{RetryOnError: true, MaxRetries: 1, EscalateTimeout: 5 * time.Minute, DeferredWait: 4 * time.Hour}, ""},
		{"missing file", []string{"-config", filepath.Join(dir, "nope.json")}, Config{}, "retry-escalate: config:"},
		{"bad file", []string{"-config", bad}, Config{}, "retry-escalate: config"},
		{"negative retries", []string{"-max-retries", "-1"}, Config{}, "must not be negative"},
		{"zero timeout", []string{"-escalate-timeout", "0s"}, Config{}, "must be positive"},
		{"zero deferred wait", []string{"-deferred-wait", "0s"}, Config{}, "-deferred-wait must be positive"},
		{"bad continue", []string{"-continue", "maybe"}, Config{}, "want block or context"},
		{"unknown flag", []string{"-nope"}, Config{}, "flag provided but not defined"},
		{"an argument (a store URL without -store)", []string{"-explain", "redis://:s3cret@h:6379/0"}, Config{}, `unexpected argument "redis://:xxxxx@h:6379/0"`},
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

func TestBudgetExceedsEscalateTimeout(t *testing.T) {
	_, opts := build(Config{EscalateTimeout: 7 * time.Minute}, &bytes.Buffer{})
	assert.Greater(t, opts.Budget, 7*time.Minute)
	assert.Less(t, opts.Budget, 10*time.Minute, "stays below Claude Code's default hook timeout")
	assert.ElementsMatch(t, []stophook.Event{stophook.EventStop, stophook.EventSessionEnd}, opts.Events)
}

func hookInput(t *testing.T, event, last, cwd string) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{
		"hook_event_name": event, "session_id": "sess-1", "cwd": cwd,
		"transcript_path": filepath.Join(cwd, "missing.jsonl"), "last_assistant_message": last,
		"stop_hook_active": false, // as Claude Code sends it: each call is a turn's first stop
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

func TestRetryThenEscalateOverTelegram(t *testing.T) {
	bot := telegramtest.NewServer("42:TOKEN")
	defer bot.Close()
	t.Setenv("TELEGRAM_BOT_TOKEN", "42:TOKEN")
	t.Setenv("TELEGRAM_CHAT_ID", "777")
	t.Setenv("TELEGRAM_API_URL", bot.URL())
	t.Setenv("ANTHROPIC_API_KEY", "")
	cwd := t.TempDir()
	args := []string{"-state", t.TempDir(), "-max-retries", "1", "-escalate-timeout", "20s", "-label", "proj"}
	errMsg := hookInput(t, "Stop", "Error: tests failed", cwd)

	out, _ := runHook(t, args, errMsg)
	assert.Equal(t, "block", out["decision"])
	assert.Equal(t, "The previous approach hit an error. Try a different approach to accomplish the task.", out["reason"])
	assert.Empty(t, bot.Sent(), "no human while retries remain")

	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		if msg, err := bot.NextMessage(ctx); err == nil {
			bot.Reply(msg.ChatID, msg.MessageID, "use the mock server")
		}
	}()
	// The retry's own stop, in the same turn: the retries are used up.
	again := strings.Replace(errMsg, `"stop_hook_active":false`, `"stop_hook_active":true`, 1)
	out, _ = runHook(t, args, again)
	assert.Equal(t, "block", out["decision"])
	assert.Equal(t, "User answered: use the mock server", out["reason"])
	sent := bot.Sent()
	require.Len(t, sent, 1)
	assert.Equal(t, int64(777), sent[0].ChatID)
	assert.True(t, strings.HasPrefix(sent[0].Text, "🛑 Agent stopped — proj\n\nLast message:\nError: tests failed"), "got %q", sent[0].Text)

	// SessionEnd clears the count: the next error is retried again.
	runHook(t, args, hookInput(t, "SessionEnd", "", cwd))
	out, _ = runHook(t, args, errMsg)
	assert.Equal(t, "The previous approach hit an error. Try a different approach to accomplish the task.", out["reason"])
}

func TestNoTelegramLetsStop(t *testing.T) {
	t.Setenv("TELEGRAM_BOT_TOKEN", "")
	t.Setenv("TELEGRAM_CHAT_ID", "")
	out, _ := runHook(t, []string{"-state", t.TempDir()}, hookInput(t, "Stop", "All done.", t.TempDir()))
	assert.Empty(t, out["decision"])
}

func TestBadChatIDFailsOpen(t *testing.T) {
	t.Setenv("TELEGRAM_BOT_TOKEN", "x")
	t.Setenv("TELEGRAM_CHAT_ID", "me")
	out, stderr := runHook(t, []string{"-state", t.TempDir()}, hookInput(t, "Stop", "All done.", t.TempDir()))
	assert.Empty(t, out["decision"])
	assert.Contains(t, stderr, "escalation off")
}

// A stop while a background task runs neither retries nor pages, unless
// -page-during-background.
func TestBackgroundTaskIsAPause(t *testing.T) {
	bot := telegramtest.NewServer("42:TOKEN")
	defer bot.Close()
	t.Setenv("TELEGRAM_BOT_TOKEN", "42:TOKEN")
	t.Setenv("TELEGRAM_CHAT_ID", "777")
	t.Setenv("TELEGRAM_API_URL", bot.URL())
	t.Setenv("ANTHROPIC_API_KEY", "")
	cwd := t.TempDir()
	var in map[string]any
	require.NoError(t, json.Unmarshal([]byte(hookInput(t, "Stop", "Error: build failed, rerunning in the background", cwd)), &in))
	in["background_tasks"] = []any{map[string]any{"id": "b1", "type": "shell", "status": "running", "command": "make"}}
	b, _ := json.Marshal(in)
	args := []string{"-state", t.TempDir(), "-max-retries", "0", "-escalate-timeout", "2s", "-explain"}

	out, stderr := runHook(t, args, string(b))
	assert.Empty(t, out["decision"])
	assert.Contains(t, stderr, "paused: 1 background task running")
	assert.Empty(t, bot.Sent(), "no page during a pause")

	out, _ = runHook(t, append(args, "-page-during-background"), string(b))
	assert.Empty(t, out["decision"], "nobody answers within 2s")
	assert.Len(t, bot.Sent(), 1, "paged with -page-during-background")
}

// -deferred: the hook returns at once; the detached waiter (the binary
// re-executed) posts the human's reply to the session's messaging socket.
func TestDeferredAnswerReachesTheSocket(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "retry-escalate")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	bot := telegramtest.NewServer("42:TOKEN")
	defer bot.Close()
	sockDir, err := os.MkdirTemp("", "re")
	require.NoError(t, err)
	defer os.RemoveAll(sockDir)
	ln, err := net.Listen("unix", filepath.Join(sockDir, "s.sock"))
	require.NoError(t, err)
	defer ln.Close()
	lines := make(chan string, 4)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			b, _ := io.ReadAll(c)
			c.Close()
			lines <- string(b)
		}
	}()
	state := t.TempDir()
	cmd := exec.Command(bin, "-state", state, "-deferred", "-deferred-wait", "1m", "-max-retries", "0", "-explain")
	cmd.Env = append(os.Environ(), "TELEGRAM_BOT_TOKEN=42:TOKEN", "TELEGRAM_CHAT_ID=777", "TELEGRAM_API_URL="+bot.URL(),
		"ANTHROPIC_API_KEY=", "CLAUDE_CODE_MESSAGING_SOCKET="+filepath.Join(sockDir, "s.sock"),
		"CLAUDE_CODE_MESSAGING_TOKEN=mtok", "CLAUDE_CODE_SESSION_ATTENDED=1")
	cmd.Stdin = strings.NewReader(hookInput(t, "Stop", "Which database should I use?", t.TempDir()))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	require.NoError(t, cmd.Run())
	took := time.Since(start)
	m := regexp.MustCompile(`waiter (\d+) delivers`).FindStringSubmatch(stderr.String())
	require.NotNil(t, m, "the trace names the waiter's pid:\n%s", stderr.String())
	pid, _ := strconv.Atoi(m[1])
	defer waitExit(t, pid) // its last writes land before the temp dirs go
	assert.NotContains(t, stdout.String(), "block", "the session stops at once")
	assert.Contains(t, stderr.String(), "DeferredAnswers", "trace")
	assert.Contains(t, stderr.String(), "Escalation: allow: question", "trace")
	t.Logf("hook returned in %v", took)

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	msg, err := bot.NextMessage(ctx)
	require.NoError(t, err)
	require.NoError(t, bot.WaitPoll(ctx))
	bot.Reply(msg.ChatID, msg.MessageID, "use postgres")
	select {
	case got := <-lines:
		assert.Equal(t, `{"token":"mtok","type":"auth"}`+"\n"+
			`{"type":"user","message":{"content":"User answered on Telegram (relayed by the stop hook that asked them): use postgres","role":"user"},"session_id":"sess-1"}`+"\n", got)
	case <-ctx.Done():
		log, _ := os.ReadFile(filepath.Join(state, "deferred-waiter.log"))
		t.Fatalf("nothing posted; waiter log:\n%s", log)
	}
	e, err := bot.WaitEdit(ctx, msg.MessageID)
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(e.Text, "✍️ Answered — sent to the session"), "edit %q", e.Text)
}

// TestStoreRefusedFailsOpen: a store a command hook cannot use lets the
// stop through with one stderr line naming the hook.
func TestStoreRefusedFailsOpen(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"-store", "memory:"}, strings.NewReader(`{}`), &stdout, &stderr)
	assert.Equal(t, 0, code)
	assert.Empty(t, stdout.String())
	assert.True(t, strings.HasPrefix(stderr.String(), "stophook-retry-escalate: storeurl: memory:"), stderr.String())
	assert.Equal(t, 1, strings.Count(stderr.String(), "\n"), stderr.String())
}
