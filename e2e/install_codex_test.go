package e2e

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestInstallCodexLifecycleTrusted installs a recording hook for every
// default event with `stophook install -host codex` and runs Codex
// without bypassing hook trust: each event whose trust entry is right
// runs the hook.
func TestInstallCodexLifecycleTrusted(t *testing.T) {
	t.Parallel()
	e := NewHost(t, Codex)
	cli := BuildHook(t, "./cmd/stophook")
	e.writeConfig()
	env := e.Environ()
	log := filepath.Join(e.Root, "events.log")
	script := filepath.Join(e.Root, "stophook-record")
	body := "#!/bin/sh\nsed -n 's/.*\"hook_event_name\":\"\\([A-Za-z]*\\)\".*/\\1/p' >> " + Quote(log) + "\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	if out, code := stophookCLI(t, cli, e.Dir, env, "install", "-host", "codex", "-command", script); code != 0 {
		t.Fatalf("install: exit %d\n%s", code, out)
	}
	e.Model.Enqueue("Done.")
	argv := slices.DeleteFunc(e.argv("say hi"), func(a string) bool { return a == "--dangerously-bypass-hook-trust" })
	ctx, cancel := context.WithTimeout(context.Background(), RunTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, e.Bin, argv...)
	cmd.Dir, cmd.Env, cmd.Stdin = e.Dir, env, strings.NewReader("")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	got, _ := os.ReadFile(log)
	for _, ev := range []string{"SessionStart", "UserPromptSubmit", "Stop", "SessionEnd"} {
		if !strings.Contains(string(got), ev) {
			t.Errorf("event %s: the trusted hook did not run (err %v); events seen: %q\nstderr: %s", ev, err, got, truncate(stderr.String(), 2000))
		}
	}
	t.Logf("events seen: %q", got)
}
