//go:build unix || windows

package flock_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stophook/stophook/internal/flock"
)

func TestLockExcludesASecondHolder(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "k.lock")
	unlock, err := flock.Lock(context.Background(), path)
	if err != nil {
		t.Fatalf("Lock: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if u, err := flock.Lock(ctx, path); err == nil {
		u()
		t.Fatal("second Lock while held: got nil error, want the context's")
	} else if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("second Lock while held: got %v, want context.DeadlineExceeded", err)
	}
	unlock()
	u, err := flock.Lock(context.Background(), path)
	if err != nil {
		t.Fatalf("Lock after unlock: %v", err)
	}
	u()
}

// TestLockSerializesReadModifyWrite runs concurrent increments of a
// counter file under the lock: none may be lost.
func TestLockSerializesReadModifyWrite(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	lock, counter := filepath.Join(dir, "c.lock"), filepath.Join(dir, "c")
	const n = 20
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			unlock, err := flock.Lock(context.Background(), lock)
			if err != nil {
				errs <- err
				return
			}
			defer unlock()
			b, _ := os.ReadFile(counter)
			v, _ := strconv.Atoi(string(b))
			errs <- os.WriteFile(counter, []byte(strconv.Itoa(v+1)), 0o600)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	b, _ := os.ReadFile(counter)
	if got := string(b); got != strconv.Itoa(n) {
		t.Fatalf("counter: got %s, want %d", got, n)
	}
}

func TestLockMissingDirFails(t *testing.T) {
	t.Parallel()
	_, err := flock.Lock(context.Background(), filepath.Join(t.TempDir(), "no", "such", "k.lock"))
	if err == nil {
		t.Fatal("Lock in a missing directory: got nil error")
	}
}
