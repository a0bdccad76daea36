//go:build unix

package main

import (
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
