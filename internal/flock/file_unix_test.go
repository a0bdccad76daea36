//go:build unix

package flock

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stophook/stophook/internal/safefile"
)

func TestOpenReplacesPlantedEntries(t *testing.T) {
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
			path := filepath.Join(t.TempDir(), "k.json")
			if err := tt.plant(path); err != nil {
				t.Fatal(err)
			}
			if _, err := Open(context.Background(), path, false); !errors.Is(err, safefile.ErrNotRegular) {
				t.Errorf("Open without create = %v, want ErrNotRegular", err)
			}
			f, err := Open(context.Background(), path, true)
			if err != nil {
				t.Fatalf("Open = %v, want the planted entry replaced", err)
			}
			if !f.Created() || f.Size() != 0 {
				t.Errorf("Open: created %v, size %d; want a new empty file", f.Created(), f.Size())
			}
			f.Close()
			if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
				t.Errorf("file after Open: %v, %v; want a regular file", fi, err)
			}
			if _, err := os.Lstat(outside); err == nil {
				t.Errorf("Open created the symlink's target")
			}
		})
	}
}

// TestOpenHoldsTheLock: a second Open waits until the first is closed and
// then sees what it wrote; TryOpen meanwhile says the file is held.
func TestOpenHoldsTheLock(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "k.json")
	f, err := Open(context.Background(), path, true)
	if err != nil {
		t.Fatal(err)
	}
	if g, ok, err := TryOpen(path); ok || err != nil {
		g.Close()
		t.Fatalf("TryOpen while held = %v, %v; want not ok", ok, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := Open(ctx, path, true); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Open while held = %v, want the context's error", err)
	}
	got := make(chan []byte)
	go func() {
		g, err := Open(context.Background(), path, true)
		if err != nil {
			got <- nil
			return
		}
		defer g.Close()
		b := make([]byte, g.Size())
		n, _ := g.ReadAt(b, 0)
		got <- b[:n]
	}()
	if err := f.WriteAt([]byte("held"), 0); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if b := <-got; string(b) != "held" {
		t.Errorf("the next holder read %q, want held", b)
	}
}

// TestOpenAfterRemoval: a holder that removes the file under the lock
// hands over to the next Open, which locks a new file, not the removed
// one.
func TestOpenAfterRemoval(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "k.json")
	f, err := Open(context.Background(), path, true)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteAt([]byte("old"), 0)
	done := make(chan *File)
	go func() {
		g, _ := Open(context.Background(), path, true)
		done <- g
	}()
	os.Remove(path)
	f.Close()
	g := <-done
	if g == nil {
		t.Fatal("Open after the removal failed")
	}
	defer g.Close()
	if g.Size() != 0 {
		t.Errorf("the next holder's file holds %d bytes, want a new empty one", g.Size())
	}
	if _, ok, _ := TryOpen(path); ok {
		t.Errorf("TryOpen got a lock that is held")
	}
	if _, err := Open(context.Background(), filepath.Join(t.TempDir(), "missing"), false); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open of a missing file without create = %v, want ErrNotExist", err)
	}
}
