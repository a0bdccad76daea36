//go:build unix

package safefile

import (
	"errors"
	"io/fs"
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

// TestReadKeep reads files and overwrites the kept ones through their
// descriptor; a planted or shared file, or one its owner cannot write, is
// read as ReadFile reads it and not kept.
func TestReadKeep(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "victim")
	must(t, os.WriteFile(outside, []byte("precious"), 0o600))
	tests := []struct {
		name    string
		plant   func(path string)
		keep    bool
		wantErr error
	}{
		{"longer file", func(p string) { must(t, os.WriteFile(p, []byte("a much longer old value"), 0o600)) }, true, nil},
		{"shorter file", func(p string) { must(t, os.WriteFile(p, []byte("ab"), 0o600)) }, true, nil},
		{"read-only file", func(p string) { must(t, os.WriteFile(p, []byte("ro"), 0o400)) }, os.Getuid() == 0, nil},
		{"missing", func(string) {}, false, fs.ErrNotExist},
		{"symlink out", func(p string) { must(t, os.Symlink(outside, p)) }, false, ErrNotRegular},
		{"hard link", func(p string) { must(t, os.Link(outside, p)) }, false, nil},
		{"FIFO", func(p string) { must(t, syscall.Mkfifo(p, 0o600)) }, false, ErrNotRegular},
	}
	for _, tt := range tests {
		path := filepath.Join(dir, tt.name)
		tt.plant(path)
		want, wantErr := ReadFile(path, 1<<10)
		got, kept, err := ReadKeep(path, 1<<10)
		if string(got) != string(want) || (err == nil) != (wantErr == nil) {
			t.Errorf("%s: got %q, %v; want ReadFile's %q, %v", tt.name, got, err, want, wantErr)
		}
		if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
			t.Errorf("%s: got error %v, want %v", tt.name, err, tt.wantErr)
		}
		if (kept != nil) != tt.keep {
			t.Errorf("%s: kept = %v, want %v", tt.name, kept != nil, tt.keep)
		}
		if kept == nil {
			continue
		}
		if err := kept.Overwrite([]byte("new"), tt.name == "longer file"); err != nil {
			t.Errorf("%s: Overwrite: %v", tt.name, err)
		}
		if err := kept.Close(); err != nil {
			t.Errorf("%s: Close: %v", tt.name, err)
		}
		if b, err := os.ReadFile(path); err != nil || string(b) != "new" {
			t.Errorf("%s: file holds %q, %v; want new", tt.name, b, err)
		}
	}
	if b, _ := os.ReadFile(outside); string(b) != "precious" {
		t.Errorf("a planted link was kept: the target holds %q", b)
	}
}
