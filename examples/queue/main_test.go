package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook/queue"
)

func runMain(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestHookAlwaysExitsZeroAndNeverBlocks(t *testing.T) {
	dir := t.TempDir()
	wakes := filepath.Join(dir, "wakes.jsonl")
	for name, tc := range map[string]struct {
		stdin string
		args  []string
	}{
		"bad flags":       {`{}`, []string{"--no-such-flag"}},
		"garbage input":   {`not json`, []string{"--session", "s"}},
		"other event":     {`{"hook_event_name":"PreToolUse"}`, []string{"--session", "s"}},
		"no session":      {`{"hook_event_name":"Stop","last_assistant_message":"x"}`, nil},
		"dead wake cmd":   {`{"hook_event_name":"Stop","last_assistant_message":"x"}`, []string{"--session", "s", "--wake-cmd", "exit 7"}},
		"dead gateway":    {`{"hook_event_name":"Stop","last_assistant_message":"x"}`, []string{"--session", "s", "--wake-url", "http://127.0.0.1:1/"}},
		"first wake":      {`{"hook_event_name":"Stop","last_assistant_message":"next: /clear"}`, []string{"--session", "s", "--wake-cmd", "cat >> " + wakes}},
		"malformed queue": {`{"hook_event_name":"Stop","last_assistant_message":"x"}`, []string{"--session", "bad"}},
	} {
		t.Run(name, func(t *testing.T) {
			if name == "malformed queue" {
				os.MkdirAll(filepath.Join(dir, "q"), 0o700)
				os.WriteFile(filepath.Join(dir, "q", "queue-bad.json"), []byte("{"), 0o600)
			}
			t.Setenv("TMUX_PANE", "")
			args := append([]string{"hook", "--queues", filepath.Join(dir, "q")}, tc.args...)
			code, stdout, stderr := runMain(t, tc.stdin, args...)
			if code != 0 {
				t.Errorf("exit %d, want 0; stderr %s", code, stderr)
			}
			if strings.Contains(stdout, "block") {
				t.Errorf("stdout %q blocks", stdout)
			}
		})
	}
	b, err := os.ReadFile(wakes)
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Event     string   `json:"event"`
		Session   string   `json:"session"`
		Suggested []string `json:"suggested_commands"`
	}
	if err := json.Unmarshal(b, &p); err != nil || p.Event != "stop" || p.Session != "s" || len(p.Suggested) != 1 {
		t.Errorf("got wake %s (%v), want a stop wake for s suggesting /clear", b, err)
	}
}

func TestStatusWithoutQueue(t *testing.T) {
	code, stdout, _ := runMain(t, "", "status", "--session", "nobody", "--queues", t.TempDir())
	if code != 0 || !strings.Contains(stdout, "no queue for session nobody") {
		t.Errorf("got %d %q, want 0 and a no-queue line", code, stdout)
	}
}

func TestDriveRefusesUnknownCommand(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := runMain(t, "", "drive", "--session", "s", "--queues", dir, "--project", dir, `["/clear", "/gsd:nope 3"]`)
	if code != 1 || !strings.Contains(stderr, "unknown slash command: /gsd:nope") {
		t.Errorf("got %d %q, want 1 and an unknown-command error", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "queue-s.json")); !os.IsNotExist(err) {
		t.Errorf("a refused queue was written: %v", err)
	}
}

func TestDriveWithoutTmuxSessionLeavesNoQueue(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := runMain(t, "", "drive", "--session", "no-such-session-xyz", "--queues", dir,
		"--tmux-socket", filepath.Join(dir, "no.sock"), `["hello"]`)
	if code != 1 {
		t.Errorf("got exit %d (%s), want 1", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "queue-no-such-session-xyz.json")); !os.IsNotExist(err) {
		t.Errorf("queue left behind after a failed first type: %v", err)
	}
}

func TestDriveBadArgs(t *testing.T) {
	for _, args := range [][]string{
		{"drive"},
		{"drive", "--session", "s"},
		{"drive", "--session", "s", "not json"},
		{"drive", "--session", "s", `[]`},
		{"nope"},
		{},
	} {
		code, _, _ := runMain(t, "", args...)
		if code == 0 {
			t.Errorf("%q: exit 0, want an error", args)
		}
	}
}

// TestNoCommandNeverBlocks checks that stophook-queue run as a Stop hook
// without its "hook" command (or with a misspelt one) does not exit 2,
// which a host reads as a block.
func TestNoCommandNeverBlocks(t *testing.T) {
	for _, args := range [][]string{{}, {"hoook"}} {
		code, stdout, stderr := runMain(t, `{"hook_event_name":"Stop","session_id":"s"}`, args...)
		if code != 1 || stdout != "" || stderr == "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 1, the usage on stderr only", args, code, stdout, stderr)
		}
	}
}

func TestStatusShowsActiveCommand(t *testing.T) {
	dir := t.TempDir()
	q := `{"commands":[{"id":1,"command":"/gsd:x 3","status":"active","awaits":{"hook":"Stop","sub":null},"result":null,"completed_at":null,"started_at":"2020-01-01T00:00:00Z"}]}`
	if err := os.WriteFile(filepath.Join(dir, "queue-s.json"), []byte(q), 0o600); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runMain(t, "", "status", "--session", "s", "--queues", dir)
	var rep struct {
		Exists bool `json:"exists"`
		Active struct {
			Command        string  `json:"command"`
			WaitingSeconds float64 `json:"waiting_seconds"`
		} `json:"active"`
	}
	if code != 0 || json.Unmarshal([]byte(stdout), &rep) != nil {
		t.Fatalf("got %d %q %q, want 0 and JSON", code, stdout, stderr)
	}
	if !rep.Exists || rep.Active.Command != "/gsd:x 3" || rep.Active.WaitingSeconds < 3600 {
		t.Errorf("got %+v, want the active command waiting for years", rep)
	}
}

func TestHelp(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"-h"}, {"help"}, {"--help"}, {"help", "hook"}, {"drive", "-h"}, {"status", "-h"}, {"hook", "-h"}} {
		var stdout, stderr bytes.Buffer
		code := run(args, strings.NewReader(""), &stdout, &stderr)
		out := stdout.String() + stderr.String()
		if code != 0 || !strings.Contains(out, "STOPHOOK_STATE_DIR") || !strings.Contains(out, "stophook-queue") {
			t.Errorf("%v: exit %d, want 0 with the usage and the environment:\n%s", args, code, out)
		}
	}
}

func TestQueueStatusShowsWaiting(t *testing.T) {
	t.Parallel()
	d := queue.NewDir(t.TempDir())
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	rep, err := queueStatus(d, "s", t0)
	if err != nil || rep.Exists {
		t.Fatalf("no queue: got %+v, %v; want Exists false", rep, err)
	}
	p := &queue.Processor{Dir: d, Driver: queue.DriverFunc(func(context.Context, string, string) error { return nil })}
	if _, err := p.Drive(context.Background(), "s", []string{"/gsd:x 3", "b"}, t0); err != nil {
		t.Fatal(err)
	}
	rep, err = queueStatus(d, "s", t0.Add(2*time.Minute+3*time.Second))
	if err != nil || rep.Active == nil {
		t.Fatalf("got %+v, %v; want an active command", rep, err)
	}
	if a := rep.Active; a.Waiting != "2m3s" || a.WaitingSeconds != 123 || a.Command != "/gsd:x 3" || a.PromptSeen {
		t.Errorf("got %+v, want /gsd:x 3 waiting 2m3s (123 s), prompt not seen", *a)
	}
}
