//go:build unix

package safefile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestOverwrite(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "victim")
	must(t, os.WriteFile(outside, []byte("precious"), 0o600))
	tests := []struct {
		name  string
		plant func(path string)
	}{
		{"missing", func(string) {}},
		{"longer file", func(p string) { must(t, os.WriteFile(p, []byte("a much longer old value"), 0o600)) }},
		{"symlink out", func(p string) { must(t, os.Symlink(outside, p)) }},
		{"hard link", func(p string) { must(t, os.Link(outside, p)) }},
		{"FIFO", func(p string) { must(t, syscall.Mkfifo(p, 0o600)) }},
	}
	for _, tt := range tests {
		path := filepath.Join(dir, tt.name)
		tt.plant(path)
		if _, err := Overwrite(path, []byte("new"), 0o600, tt.name == "longer file"); err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if b, err := os.ReadFile(path); err != nil || string(b) != "new" {
			t.Errorf("%s: file holds %q, %v; want new", tt.name, b, err)
		}
	}
	if b, _ := os.ReadFile(outside); string(b) != "precious" {
		t.Errorf("a planted link was written through: the target holds %q", b)
	}
}
