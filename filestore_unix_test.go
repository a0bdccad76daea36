//go:build unix

package stophook_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/safefile"
)

// TestFileStoreHostileEntries plants what a cloned repository can hold in
// .claude/stophook: symlinks out of the project (dangling ones too) and
// FIFOs where values and lock files go. Before, writes followed the links
// and opens of a FIFO blocked each stop until the budget ran out.
func TestFileStoreHostileEntries(t *testing.T) {
	t.Parallel()
	outside := t.TempDir()
	tests := []struct {
		name  string
		plant func(t *testing.T, s *stophook.FileStore, key string)
	}{
		{"dangling symlink as lock file", func(t *testing.T, s *stophook.FileStore, key string) {
			mkdirs(t, s)
			link(t, filepath.Join(outside, "lock-target"), lockFile(s, key))
		}},
		{"dangling symlink as value", func(t *testing.T, s *stophook.FileStore, key string) {
			mkdirs(t, s)
			link(t, filepath.Join(outside, "value-target"), s.PathForTest(key))
		}},
		{"FIFO as lock file", func(t *testing.T, s *stophook.FileStore, key string) {
			mkdirs(t, s)
			fifo(t, lockFile(s, key))
		}},
		{"FIFO as value", func(t *testing.T, s *stophook.FileStore, key string) {
			mkdirs(t, s)
			fifo(t, s.PathForTest(key))
		}},
		// The second file of the two-file layout of earlier versions, read
		// when the key's file holds no value.
		{"dangling symlink as the old layout's second file", func(t *testing.T, s *stophook.FileStore, key string) {
			mkdirs(t, s)
			link(t, filepath.Join(outside, "alt-target"), s.PathForTest(key)+".alt")
		}},
		{"FIFO as the old layout's second file", func(t *testing.T, s *stophook.FileStore, key string) {
			mkdirs(t, s)
			fifo(t, s.PathForTest(key)+".alt")
		}},
		{"symlink to a file outside as value", func(t *testing.T, s *stophook.FileStore, key string) {
			mkdirs(t, s)
			target := filepath.Join(t.TempDir(), "theirs")
			if err := os.WriteFile(target, []byte(`{"theirs":1}`), 0o600); err != nil {
				t.Fatal(err)
			}
			link(t, target, s.PathForTest(key))
			t.Cleanup(func() {
				if b, _ := os.ReadFile(target); string(b) != `{"theirs":1}` {
					t.Errorf("the symlink's target was written: %q", b)
				}
			})
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := stophook.NewFileStore(t.TempDir())
			tt.plant(t, s, "loop/s1")
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			s.Get(ctx, "loop/s1")
			if err := s.Update(ctx, "loop/s1", func([]byte) ([]byte, error) { return []byte("v"), nil }); err != nil {
				t.Errorf("Update = %v, want the planted entry replaced", err)
			}
			if got, err := s.Get(ctx, "loop/s1"); err != nil || string(got) != "v" {
				t.Errorf("Get after the update = %q, %v; want v", got, err)
			}
			s.Delete(ctx, "loop/s1")
			if ctx.Err() != nil {
				t.Errorf("the store waited for the planted entry until its deadline")
			}
			entries, _ := os.ReadDir(outside)
			for _, e := range entries {
				t.Errorf("the store wrote %s outside its directory", e.Name())
			}
		})
	}
}

// TestFileStoreGetRefusesFIFO: a Get of a key whose file is a FIFO, a
// symlink or a directory fails at once with an error saying so (it said
// "read state: %!w(<nil>)", its cause lost).
func TestFileStoreGetRefusesFIFO(t *testing.T) {
	t.Parallel()
	for name, plant := range map[string]func(t *testing.T, path string){
		"FIFO":      func(t *testing.T, path string) { fifo(t, path) },
		"symlink":   func(t *testing.T, path string) { link(t, "/etc/passwd", path) },
		"directory": func(t *testing.T, path string) { os.MkdirAll(filepath.Join(path, "x"), 0o700) },
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := stophook.NewFileStore(t.TempDir())
			mkdirs(t, s)
			plant(t, s.PathForTest("k"))
			_, err := s.Get(context.Background(), "k")
			if !errors.Is(err, safefile.ErrNotRegular) || strings.Contains(err.Error(), "%!") {
				t.Errorf("Get of a %s = %v, want an error wrapping %v", name, err, safefile.ErrNotRegular)
			}
		})
	}
}

func lockFile(s *stophook.FileStore, key string) string {
	name := filepath.Base(s.PathForTest(key))
	return filepath.Join(s.Dir(), ".locks", name[:len(name)-len(".json")]+".lock")
}

func mkdirs(t *testing.T, s *stophook.FileStore) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(s.Dir(), ".locks"), 0o700); err != nil {
		t.Fatal(err)
	}
}

func link(t *testing.T, target, name string) {
	t.Helper()
	if err := os.Symlink(target, name); err != nil {
		t.Fatal(err)
	}
}

func fifo(t *testing.T, name string) {
	t.Helper()
	if err := syscall.Mkfifo(name, 0o600); err != nil && !errors.Is(err, fs.ErrExist) {
		t.Fatal(err)
	}
}
