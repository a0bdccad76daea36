//go:build windows

package flock

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/stophook/stophook/internal/safefile"
	"golang.org/x/sys/windows"
)

// lockRange returns the Overlapped naming the byte LockFileEx locks: the
// first. The files locked here are lock files that hold no data (Windows
// enforces byte-range locks on I/O, unlike flock), and every version of
// this package locked that byte: a hook built earlier and one built now
// exclude each other on the same lock file, as a hook upgrade in a
// running project needs (the queue's lock, the hook log's, the keys' of
// a FileStore).
func lockRange() *windows.Overlapped { return &windows.Overlapped{} }

// Lock takes an exclusive LockFileEx lock on the first byte of path (the
// file is created if missing), polling until ctx is done. Call unlock to
// release it.
func Lock(ctx context.Context, path string) (unlock func(), err error) {
	f, err := safefile.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("flock: %w", err)
	}
	h := windows.Handle(f.Fd())
	wait := time.Millisecond
	for {
		err := windows.LockFileEx(h, windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, lockRange())
		if err == nil {
			return func() {
				windows.UnlockFileEx(h, 0, 1, 0, lockRange())
				f.Close()
			}, nil
		}
		if !errors.Is(err, windows.ERROR_LOCK_VIOLATION) && !errors.Is(err, windows.ERROR_IO_PENDING) {
			f.Close()
			return nil, fmt.Errorf("flock: %w", err)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			f.Close()
			return nil, fmt.Errorf("flock: %w", ctx.Err())
		case <-t.C:
		}
		if wait < 20*time.Millisecond {
			wait *= 2
		}
	}
}

// TryLock takes the lock of [Lock] if it is free; ok is false when another
// holder has it.
func TryLock(path string) (unlock func(), ok bool, err error) {
	f, err := safefile.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, false, fmt.Errorf("flock: %w", err)
	}
	h := windows.Handle(f.Fd())
	err = windows.LockFileEx(h, windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, lockRange())
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		f.Close()
		return nil, false, nil
	}
	if err != nil {
		f.Close()
		return nil, false, fmt.Errorf("flock: %w", err)
	}
	return func() {
		windows.UnlockFileEx(h, 0, 1, 0, lockRange())
		f.Close()
	}, true, nil
}
