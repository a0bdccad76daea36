//go:build unix

package main

import (
	"os"
	"path/filepath"
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
