//go:build unix

package queue

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestLoadHostileFile: a FIFO planted as a session's queue file blocked
// every stop of that session until the hook's budget ran out, and a
// symlink was read wherever it pointed.
func TestLoadHostileFile(t *testing.T) {
	t.Parallel()
	outside := filepath.Join(t.TempDir(), "q.json")
	if err := os.WriteFile(outside, []byte(`{"commands":[]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		plant func(path string) error
	}{
		{"FIFO", func(p string) error { return syscall.Mkfifo(p, 0o600) }},
		{"symlink", func(p string) error { return os.Symlink(outside, p) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := NewDir(t.TempDir())
			path, err := d.File("main")
			if err != nil {
				t.Fatal(err)
			}
			if err := tt.plant(path); err != nil {
				t.Fatal(err)
			}
			if _, err := d.Load("main"); !errors.Is(err, errMalformed) {
				t.Errorf("Load = %v, want errMalformed", err)
			}
		})
	}
}

// TestParseWideFile: a queue file of millions of empty commands is refused
// by the pre-scan, before a struct per element is decoded.
func TestParseWideFile(t *testing.T) {
	t.Parallel()
	data := []byte(`{"commands":[`)
	for len(data) < 3<<20 {
		data = append(data, `{},`...)
	}
	data = append(data, `{}]}`...)
	if _, err := parseQueue(data); !errors.Is(err, errMalformed) {
		t.Errorf("Parse = %v, want errMalformed", err)
	}
}
