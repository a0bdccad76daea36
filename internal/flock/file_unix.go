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

// File is a regular file held open under an exclusive flock, taken by
// [Open] on the file itself: the file is its own lock. Its methods work on
// the raw descriptor (no *os.File: no poller registration, no finalizer),
// and Close releases the lock.
type File struct {
	fd      int
	path    string
	size    int64
	links   uint64
	created bool
}

// Open opens the regular file at path for reading and writing and takes
// an exclusive flock on it, waiting until ctx is done. With create, a
// missing file is made (a missing directory is still an error wrapping
// fs.ErrNotExist).
//
// As with [Lock], path is opened without following a symlink and never
// waited on unless it is a regular file: with create, a symlink, FIFO or
// other entry that is not a regular file is removed (the entry, not its
// target) and a file made in its place; without, it is an error wrapping
// [safefile.ErrNotRegular]. Once locked the file is still the one at path:
// a holder may remove it (under the lock), and the lock is then taken on
// the file at path anew.
//
// In the common case (the file exists, the lock is free) Open makes four
// system calls: open, flock, fstat, lstat.
func Open(ctx context.Context, path string, create bool) (*File, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("flock: %w", err)
	}
	f, _, err := open(ctx, path, create, true)
	return f, err
}

// TryOpen is [Open] without creating the file or waiting for its lock: ok
// is false when another holder has it.
func TryOpen(path string) (f *File, ok bool, err error) {
	f, held, err := open(context.Background(), path, false, false)
	return f, err == nil && !held, err
}

func open(ctx context.Context, path string, create, wait bool) (f *File, held bool, err error) {
	replaced := false
	for {
		fd, created, err := openFD(path, create)
		if err == nil {
			f = &File{fd: fd, path: path, created: created}
			held, again, lerr := f.lock(ctx, wait)
			switch {
			case held:
				return nil, true, nil
			case again:
				continue // removed or replaced before we locked it: lock the new file
			case lerr == nil:
				return f, false, nil
			}
			err = lerr
		}
		if errors.Is(err, safefile.ErrNotRegular) && create && !replaced {
			replaced = true
			os.Remove(path) // the planted entry, not its target
			continue
		}
		return nil, false, fmt.Errorf("flock: %w", err)
	}
}

// openFD opens path without following a symlink; with create, a missing
// file is made (created reports it: a directory sync makes its name
// durable).
func openFD(path string, create bool) (fd int, created bool, err error) {
	flags := syscall.O_RDWR
	for {
		fd, err = safefile.OpenRaw(path, flags, 0o600)
		switch {
		case err == nil:
			return fd, flags&syscall.O_CREAT != 0, nil
		case errors.Is(err, syscall.ENOENT) && create && flags&syscall.O_CREAT == 0:
			flags |= syscall.O_CREAT | syscall.O_EXCL
		case errors.Is(err, syscall.EEXIST) && flags&syscall.O_EXCL != 0:
			flags = syscall.O_RDWR // made meanwhile: open that one
		default:
			return -1, false, err
		}
	}
}

// lock takes the flock of f's descriptor, waiting when wait is set (held
// is set when not), and checks the file: a regular file, still the one at
// its path (again is set when not). f is closed unless it is returned
// locked (err nil, held and again false).
func (f *File) lock(ctx context.Context, wait bool) (held, again bool, err error) {
	for {
		err = syscall.Flock(f.fd, syscall.LOCK_EX|syscall.LOCK_NB)
		if err != syscall.EINTR {
			break
		}
	}
	var st syscall.Stat_t
	if err == syscall.EWOULDBLOCK {
		// Held: wait in the kernel, which hands the lock over as soon as it
		// is released; but only on a regular file.
		if err := f.stat(&st); err != nil {
			f.Close()
			return false, false, err
		}
		if !wait {
			f.Close()
			return true, false, nil
		}
		done := make(chan error, 1)
		fd := f.fd
		go func() { done <- flockWait(fd) }()
		select {
		case err = <-done:
		case <-ctx.Done():
			go func() { // the wait cannot be interrupted: release what it gets
				<-done
				syscall.Close(fd)
			}()
			return false, false, ctx.Err()
		}
	}
	if err != nil {
		f.Close()
		return false, false, &fs.PathError{Op: "flock", Path: f.path, Err: err}
	}
	if err := f.stat(&st); err != nil {
		f.Close()
		return false, false, err
	}
	// Still the file at path? A holder may have removed it, or put
	// another in its place, before we locked it.
	var at syscall.Stat_t
	for {
		err = syscall.Lstat(f.path, &at)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil || at.Dev != st.Dev || at.Ino != st.Ino {
		f.Close()
		return false, true, nil
	}
	f.size, f.links = st.Size, uint64(st.Nlink)
	return false, false, nil
}

// stat fills st from f's descriptor and fails with an error wrapping
// safefile.ErrNotRegular unless it is a regular file.
func (f *File) stat(st *syscall.Stat_t) error {
	for {
		err := syscall.Fstat(f.fd, st)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return &fs.PathError{Op: "fstat", Path: f.path, Err: err}
		}
		if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
			return &fs.PathError{Op: "open", Path: f.path, Err: safefile.ErrNotRegular}
		}
		return nil
	}
}

// Size returns the file's size when it was locked.
func (f *File) Size() int64 { return f.size }

// Shared reports a file with more than one name: another name may be
// someone else's, and the file should not be written in place.
func (f *File) Shared() bool { return f.links > 1 }

// Created reports that Open made the file.
func (f *File) Created() bool { return f.created }

// ReadAt reads len(b) bytes at off, fewer only at the end of the file.
func (f *File) ReadAt(b []byte, off int64) (int, error) {
	n := 0
	for n < len(b) {
		m, err := syscall.Pread(f.fd, b[n:], off+int64(n))
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return n, &fs.PathError{Op: "read", Path: f.path, Err: err}
		}
		if m == 0 {
			break
		}
		n += m
	}
	return n, nil
}

// WriteAt writes b at off.
func (f *File) WriteAt(b []byte, off int64) error {
	for n := 0; n < len(b); {
		m, err := syscall.Pwrite(f.fd, b[n:], off+int64(n))
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return &fs.PathError{Op: "write", Path: f.path, Err: err}
		}
		if m == 0 {
			return &fs.PathError{Op: "write", Path: f.path, Err: syscall.EIO}
		}
		n += m
	}
	return nil
}

// Truncate sets the file's size.
func (f *File) Truncate(size int64) error {
	return f.retry("truncate", func() error { return syscall.Ftruncate(f.fd, size) })
}

// Sync makes the file's content durable (fsync).
func (f *File) Sync() error {
	return f.retry("sync", func() error { return syscall.Fsync(f.fd) })
}

func (f *File) retry(op string, call func() error) error {
	for {
		err := call()
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return &fs.PathError{Op: op, Path: f.path, Err: err}
		}
		return nil
	}
}

// Close closes the file, which releases the lock: nothing else holds its
// open file (it is not duplicated, and a child forked meanwhile drops it
// at its exec, being close-on-exec), so no LOCK_UN first. A closed File
// is closed.
func (f *File) Close() error {
	if f == nil || f.fd < 0 {
		return nil
	}
	err := syscall.Close(f.fd)
	f.fd = -1
	if err != nil {
		return &fs.PathError{Op: "close", Path: f.path, Err: err}
	}
	return nil
}
