//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestReplayRefusesFIFO: a PATH that is a FIFO or a device is refused
// (exit 1) rather than read: a FIFO without a writer held replay for ever.
func TestReplayRefusesFIFO(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	fifo := filepath.Join(e.dir, "session.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	for _, p := range []string{fifo, "/dev/zero"} {
		if code := e.run("replay", "-hook", "true", p); code != 1 {
			t.Errorf("%s: exit %d, want 1", p, code)
		}
	}
}

// TestReplayRefusesHookItCannotRun: a -hook path that is a directory or a
// file without the execute bit is a usage error (exit 2), not a failure
// on every turn end.
func TestReplayRefusesHookItCannotRun(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	plain := filepath.Join(e.dir, "hook.sh")
	if err := os.WriteFile(plain, []byte("#!/bin/sh\necho '{}'\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, h := range []string{e.dir, plain} {
		if code := e.run("replay", "-hook", h, captured("tool-turn.jsonl")); code != 2 {
			t.Errorf("-hook %s: exit %d, want 2", h, code)
		}
	}
}

// TestReplayFollowsASymlinkedDirectory: a PATH that is a symbolic link to
// a directory (a ~/.claude/projects kept with one's dotfiles) is walked
// as the directory; replay found no transcript in it before. A directory
// holding no transcript is said on stderr.
func TestReplayFollowsASymlinkedDirectory(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	real := filepath.Join(t.TempDir(), "projects", "-home-user-project")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	errorTurn(t, real)
	link := filepath.Join(e.home, "projects")
	if err := os.Symlink(filepath.Dir(real), link); err != nil {
		t.Skip(err)
	}
	for _, p := range []string{link, link + "/"} {
		rows, stderr := replayJSON(t, e, "-hook", "true", p)
		if len(rows) != 1 {
			t.Errorf("%s: %d rows, want 1\n%s", p, len(rows), stderr)
		}
	}
	empty := t.TempDir()
	rows, stderr := replayJSON(t, e, "-hook", "true", empty)
	if len(rows) != 0 || !strings.Contains(stderr, empty+": no transcript") {
		t.Errorf("empty directory: rows %v, stderr %q; want none and a line naming it", rows, stderr)
	}
}
