package stophook_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/policy"
)

func TestDefaultStoreNeverCreatesTheProject(t *testing.T) {
	t.Setenv("STOPHOOK_STATE_DIR", "")
	missing := filepath.Join(t.TempDir(), "nonexistent", "dir")
	s := stophook.DefaultStore(stophook.Input{CWD: missing})
	err := s.Update(context.Background(), "k", func([]byte) ([]byte, error) { return []byte("1"), nil })
	if err == nil {
		t.Fatal("Update in a missing project: got nil error")
	}
	if _, err := os.Stat(filepath.Dir(missing)); !os.IsNotExist(err) {
		t.Fatalf("parent of the missing project: got %v, want it still missing", err)
	}
}

func TestDefaultStoreIgnoredByGit(t *testing.T) {
	t.Setenv("STOPHOOK_STATE_DIR", "")
	project := t.TempDir()
	s := stophook.DefaultStore(stophook.Input{CWD: project}).(*stophook.FileStore)
	if err := s.Update(context.Background(), "k", func([]byte) ([]byte, error) { return []byte("1"), nil }); err != nil {
		t.Fatalf("Update: %v", err)
	}
	if want := filepath.Join(project, ".claude", "stophook"); s.Dir() != want {
		t.Fatalf("Dir: got %s, want %s", s.Dir(), want)
	}
	b, err := os.ReadFile(filepath.Join(s.Dir(), ".gitignore"))
	if err != nil || string(b) != "*\n" {
		t.Fatalf(".gitignore: got %q, %v; want \"*\\n\"", b, err)
	}
	if _, err := os.Stat(filepath.Join(project, ".claude", ".gitignore")); !os.IsNotExist(err) {
		t.Fatalf(".claude/.gitignore: got %v, want none (the user's settings stay visible to git)", err)
	}
}

// TestRunMissingCwdFailsOpen feeds an error Stop whose cwd does not exist
// to a stateful policy: the session may stop, stderr says why in one
// line, and nothing is created.
func TestRunMissingCwdFailsOpen(t *testing.T) {
	t.Setenv("STOPHOOK_STATE_DIR", "")
	missing := filepath.Join(t.TempDir(), "nonexistent", "dir")
	in := `{"hook_event_name":"Stop","session_id":"s1","cwd":"` + missing + `","last_assistant_message":"API Error: 529 overloaded"}`
	var stdout, stderr bytes.Buffer
	code := hook.Run(context.Background(), stophook.NewChain(&policy.ErrorRetry{MaxRetries: 2}),
		hook.Options{Stdin: strings.NewReader(in), Stdout: &stdout, Stderr: &stderr})
	if code != 0 {
		t.Fatalf("exit: got %d, want 0", code)
	}
	if strings.Contains(stdout.String(), `"block"`) {
		t.Fatalf("stdout: got %s, want no block", stdout.String())
	}
	if n := strings.Count(strings.TrimSpace(stderr.String()), "\n"); stderr.Len() == 0 || n != 0 {
		t.Fatalf("stderr: got %q, want one line", stderr.String())
	}
	if _, err := os.Stat(filepath.Dir(missing)); !os.IsNotExist(err) {
		t.Fatalf("missing cwd's parent: got %v, want it still missing", err)
	}
}
