//go:build unix

package flock

import (
	"context"
	"errors"
	"syscall"
)

// Lock takes an exclusive flock on path (created if missing), waiting in
// the kernel until ctx is done. Call unlock to release it.
//
// It is [Open] with create, for a lock file that holds nothing: the file
// is opened without following a symlink and must be a regular file: a
// symlink or a FIFO planted at path is removed and replaced by a lock
// file, never written through or waited on. Once
// locked, the file must still be the one at path; when a holder removed
// it (see [TryLock]) the lock is taken again on the new file, so lock
// files can be deleted under their lock without two holders at once.
func Lock(ctx context.Context, path string) (unlock func(), err error) {
	f, err := Open(ctx, path, true)
	if err != nil {
		return nil, err
	}
	return func() { f.Close() }, nil
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
	f, held, err := open(context.Background(), path, true, false)
	if err != nil || held {
		return nil, false, err
	}
	return func() { f.Close() }, true, nil
}
