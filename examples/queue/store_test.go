package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStoreFlag: every subcommand takes --store (else $STOPHOOK_STORE): a
// directory or file:DIR whose queues/ holds the queues; memory: and
// redis:// are refused in one line (the hook still exits 0).
func TestStoreFlag(t *testing.T) {
	state := t.TempDir()
	q := `{"commands":[{"id":1,"command":"/gsd:x 3","status":"active","awaits":{"hook":"Stop","sub":null},"result":null,"completed_at":null,"started_at":"2020-01-01T00:00:00Z"}]}`
	if err := os.MkdirAll(filepath.Join(state, "queues"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(state, "queues", "queue-s.json"), []byte(q), 0o600); err != nil {
		t.Fatal(err)
	}
	exists := func(args ...string) bool {
		t.Helper()
		code, stdout, stderr := runMain(t, "", append([]string{"status", "--session", "s"}, args...)...)
		if code != 0 {
			t.Fatalf("status %q: exit %d, stderr %q", args, code, stderr)
		}
		var rep struct {
			Exists bool `json:"exists"`
		}
		json.Unmarshal([]byte(stdout), &rep)
		return rep.Exists
	}
	for _, args := range [][]string{{"--store", state}, {"-store", "file:" + state}} {
		if !exists(args...) {
			t.Errorf("status %q: the queue in %s/queues is not seen", args, state)
		}
	}
	t.Setenv("STOPHOOK_STORE", state)
	if !exists() {
		t.Errorf("status with STOPHOOK_STORE=%s: the queue is not seen", state)
	}
	if exists("--queues", t.TempDir()) {
		t.Error("--queues does not win over the store")
	}
	code, stdout, _ := runMain(t, "", "cancel", "--session", "s")
	if code != 0 || !strings.Contains(stdout, "cancelled") {
		t.Errorf("cancel with STOPHOOK_STORE: got %d %q, want the queue cancelled", code, stdout)
	}
	t.Setenv("STOPHOOK_STORE", "")
	for _, spec := range []string{"memory:", "redis://127.0.0.1:1/0", "redis://:s3cret@127.0.0.1:1/0"} {
		code, _, stderr := runMain(t, "", "status", "--session", "s", "--store", spec)
		if code != 1 || !strings.Contains(stderr, "tmux") || strings.Count(stderr, "\n") != 1 || strings.Contains(stderr, "s3cret") {
			t.Errorf("status --store %s: got exit %d stderr %q, want 1 and one line", spec, code, stderr)
		}
		code, stdout, stderr = runMain(t, `{"hook_event_name":"Stop","session_id":"x"}`, "hook", "--session", "s", "--store", spec)
		if code != 0 || stdout != "" || !strings.Contains(stderr, "doing nothing") || strings.Contains(stderr, "s3cret") {
			t.Errorf("hook --store %s: got exit %d stdout %q stderr %q, want 0, nothing, one line", spec, code, stdout, stderr)
		}
	}
}
