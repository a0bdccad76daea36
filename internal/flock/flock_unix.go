//go:build unix

package flock

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"

	"github.com/stophook/stophook/internal/safefile"
)

// Lock takes an exclusive flock on path (created if missing), polling
// until ctx is done. Call unlock to release it.
//
// The lock file is opened without following a symlink and must be a
// regular file (see [safefile.OpenFile]): a symlink or a FIFO planted at
// path is removed and replaced by a lock file, never written through or
// waited on. Once
// locked, the file must still be the one at path; when a holder removed
// it (see [TryLock]) the lock is taken again on the new file, so lock
// files can be deleted under their lock without two holders at once.
func Lock(ctx context.Context, path string) (unlock func(), err error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("flock: %w", err)
	}
	for {
		unlock, ok, err := TryLock(path)
		if err != nil || ok {
			return unlock, err
		}
		// Held: wait in the kernel, which hands the lock over as soon as it
		// is released (polling left it idle between polls, and 64 waiters
		// on one key queued for most of a second).
		f, err := safefile.OpenFile(path, os.O_RDWR, 0)
		if errors.Is(err, fs.ErrNotExist) {
			continue // removed by its holder: lock the new file
		}
		if err != nil {
			return nil, fmt.Errorf("flock: %w", err)
		}
		done := make(chan error, 1)
		fd := int(f.Fd())
		go func() { done <- flockWait(fd) }()
		select {
		case err := <-done:
			if err != nil {
				f.Close()
				return nil, fmt.Errorf("flock: %w", err)
			}
			if same(f, path) {
				return func() {
					syscall.Flock(fd, syscall.LOCK_UN)
					f.Close()
				}, nil
			}
			f.Close() // removed or replaced while we waited: lock the new file
		case <-ctx.Done():
			go func() { // the wait cannot be interrupted: release what it gets
				<-done
				f.Close()
			}()
			return nil, fmt.Errorf("flock: %w", ctx.Err())
		}
	}
}

// flockWait blocks until fd is locked.
func flockWait(fd int) error {
	for {
		err := syscall.Flock(fd, syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// TryLock takes the lock of [Lock] if it is free; ok is false when another
// holder has it.
func TryLock(path string) (unlock func(), ok bool, err error) {
	if unlock, ok, done := tryLockFast(path); done {
		return unlock, ok, nil
	}
	removed := false
	for {
		f, err := safefile.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o600)
		if errors.Is(err, safefile.ErrNotRegular) && !removed {
			// Lock files hold nothing: one planted as a symlink or a FIFO is
			// removed (the entry, not its target) and made again.
			removed = true
			os.Remove(path)
			continue
		}
		if err != nil {
			return nil, false, fmt.Errorf("flock: %w", err)
		}
		fd := int(f.Fd())
		for {
			err = syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
			if !errors.Is(err, syscall.EINTR) {
				break
			}
		}
		if errors.Is(err, syscall.EWOULDBLOCK) {
			f.Close()
			return nil, false, nil
		}
		if err != nil {
			f.Close()
			return nil, false, fmt.Errorf("flock: %w", err)
		}
		if same(f, path) {
			return func() {
				syscall.Flock(fd, syscall.LOCK_UN)
				f.Close()
			}, true, nil
		}
		f.Close() // removed or replaced while we waited: lock the new file
	}
}

// same reports whether f is still the file at path.
func same(f *os.File, path string) bool {
	a, err := f.Stat()
	if err != nil {
		return false
	}
	b, err := os.Lstat(path)
	return err == nil && os.SameFile(a, b)
}

// tryLockFast is TryLock's common case on a raw descriptor, without the
// cost of an *os.File (its poller registration, finalizer and close
// bookkeeping): the lock file exists or is made, is a regular file, and
// is still the file at path once locked. done is false when anything else
// happened, for the caller's general path to deal with.
func tryLockFast(path string) (unlock func(), ok, done bool) {
	const flags = syscall.O_RDWR | syscall.O_CREAT | syscall.O_NONBLOCK | syscall.O_NOFOLLOW | syscall.O_CLOEXEC
	fd, err := syscall.Open(path, flags, 0o600)
	if err != nil {
		return nil, false, false
	}
	var st, at syscall.Stat_t
	if syscall.Fstat(fd, &st) != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		syscall.Close(fd)
		return nil, false, false
	}
	for {
		err = syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
		if err != syscall.EINTR {
			break
		}
	}
	if err == syscall.EWOULDBLOCK {
		syscall.Close(fd)
		return nil, false, true
	}
	// Still the file at path (a holder may have removed it before we
	// locked it)? Its inode cannot change under an open descriptor, so the
	// status taken before the lock is the one to compare.
	if err != nil || syscall.Lstat(path, &at) != nil || at.Dev != st.Dev || at.Ino != st.Ino {
		syscall.Close(fd)
		return nil, false, false
	}
	// Closing the descriptor releases the lock: nothing else holds its open
	// file (it is not duplicated, and a child forked meanwhile drops it at
	// its exec, being close-on-exec), so no LOCK_UN first.
	return func() { syscall.Close(fd) }, true, true
}
