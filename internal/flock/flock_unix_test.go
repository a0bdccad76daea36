//go:build unix

package flock

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestLockReplacesPlantedEntries(t *testing.T) {
	t.Parallel()
	outside := filepath.Join(t.TempDir(), "target")
	tests := []struct {
		name  string
		plant func(path string) error
	}{
		{"dangling symlink", func(p string) error { return os.Symlink(outside, p) }},
		{"FIFO", func(p string) error { return syscall.Mkfifo(p, 0o600) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "k.lock")
			if err := tt.plant(path); err != nil {
				t.Fatal(err)
			}
			unlock, err := Lock(context.Background(), path)
			if err != nil {
				t.Fatalf("Lock = %v, want the planted entry replaced", err)
			}
			unlock()
			if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
				t.Errorf("lock file after Lock: %v, %v; want a regular file", fi, err)
			}
			if _, err := os.Lstat(outside); err == nil {
				t.Errorf("Lock created the symlink's target")
			}
		})
	}
}

// TestLockAfterRemoval: a holder that removes the lock file under the lock
// hands over to the next Lock, which locks the new file, not the
// removed one.
func TestLockAfterRemoval(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "k.lock")
	unlock, err := Lock(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(path)
	other, ok, err := TryLock(path)
	if err != nil || !ok {
		t.Fatalf("TryLock after removal = %v, %v; want the new file locked", ok, err)
	}
	if _, ok, _ := TryLock(path); ok {
		t.Errorf("TryLock got a lock that is held")
	}
	other()
	unlock()
}
