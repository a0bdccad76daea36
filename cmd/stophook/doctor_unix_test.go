//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A FIFO, a /dev/zero symlink or a huge file planted where doctor reads
// (settings, loop state) is refused at once, not waited on or read whole.
func TestDoctorHostileFiles(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	claude := filepath.Join(e.dir, ".claude")
	os.MkdirAll(filepath.Join(claude, "stophook"), 0o755)
	if err := syscall.Mkfifo(filepath.Join(claude, "settings.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(claude, "settings.local.json")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(claude, "stophook", "loop.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Symlink("/dev/zero", filepath.Join(claude, "stophook", "zero.json"))
	big := filepath.Join(e.dir, ".gemini", "settings.json")
	os.MkdirAll(filepath.Dir(big), 0o755)
	if err := os.WriteFile(big, make([]byte, maxSettingsBytes+1), 0o644); err != nil {
		t.Fatal(err)
	}
	code := e.run("doctor")
	out := e.out.String()
	for _, want := range []string{"FAIL project settings", "FAIL local settings", "not a regular file", "FAIL gemini project settings", "larger than"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if t.Failed() {
		t.Log(out)
	}
}
