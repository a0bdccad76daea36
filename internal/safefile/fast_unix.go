//go:build unix

package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"syscall"
)

// The fast paths of [ReadFile] and [Overwrite] on unix: the same checks
// on raw file descriptors. An *os.File costs more than the few system
// calls it wraps here: its registration with the poller (refused for
// regular files, after a system call), its finalizer, its close
// bookkeeping; for the state files a hook reads and writes on every stop
// that was a third of an update. Whatever is not the common case (a
// missing file to create, a planted symlink, FIFO or hard link, an
// oversized file) falls back to the *os.File code, which makes the same
// errors as always.

const rawFlags = syscall.O_NONBLOCK | syscall.O_NOFOLLOW | syscall.O_CLOEXEC

// openRaw opens path without following a symlink and returns its
// descriptor and status; ok is false when it is not a plain regular
// file (or not one with a single name, when single is set), and the
// caller takes the slow path.
func openRaw(path string, flag int, single bool) (fd int, st syscall.Stat_t, ok bool, err error) {
	extra := noAtime
	for {
		fd, err = syscall.Open(path, flag|rawFlags|extra, 0)
		if err == syscall.EPERM && extra != 0 {
			extra = 0 // not the file's owner: keep its access time then
			continue
		}
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		if errors.Is(err, syscall.ELOOP) || errors.Is(err, syscall.EMLINK) || errors.Is(err, syscall.ENXIO) {
			return -1, st, false, nil // planted: the slow path says so
		}
		return -1, st, true, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	if err := fstat(fd, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG || (single && st.Nlink > 1) {
		syscall.Close(fd)
		return -1, st, false, nil
	}
	return fd, st, true, nil
}

func fstat(fd int, st *syscall.Stat_t) error {
	for {
		err := syscall.Fstat(fd, st)
		if err != syscall.EINTR {
			return err
		}
	}
}

// readFileFast is [ReadFile] without following symlinks; ok is false
// when the caller must take the slow path.
func readFileFast(path string, max int64) (data []byte, ok bool, err error) {
	fd, st, ok, err := openRaw(path, syscall.O_RDONLY, false)
	if !ok || err != nil {
		return nil, ok, err
	}
	defer syscall.Close(fd)
	if st.Size <= 0 || st.Size > max {
		return nil, false, nil // empty (maybe a special file) or too large: read it the long way
	}
	data, err = readSize(fd, st.Size, path)
	return data, true, err
}

// readSize reads the size bytes a regular file held at its open, or less
// when it shrank since.
func readSize(fd int, size int64, path string) ([]byte, error) {
	data := make([]byte, size)
	n := 0
	for n < len(data) {
		m, err := syscall.Read(fd, data[n:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: path, Err: err}
		}
		if m == 0 {
			break
		}
		n += m
	}
	return data[:n], nil
}

// overwriteFast is [Overwrite] of an existing regular file with a single
// name; ok is false when the caller must take the slow path (a missing or
// planted file).
func overwriteFast(path string, data []byte, sync bool) (ok bool, err error) {
	fd, st, ok, err := openRaw(path, syscall.O_WRONLY, true)
	if !ok || err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return false, nil // created by the slow path
		}
		if err != nil {
			err = fmt.Errorf("write %s: %w", filepath.Base(path), err)
		}
		return ok, err
	}
	k := Kept{fd: fd, path: path, size: st.Size} // the same write as through a kept file
	err = k.Overwrite(data, sync)
	if cerr := k.Close(); err == nil {
		err = cerr
	}
	return true, err
}

func pwriteAll(fd int, data []byte, path string) error {
	for off := 0; off < len(data); {
		n, err := syscall.Pwrite(fd, data[off:], int64(off))
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return &fs.PathError{Op: "write", Path: path, Err: err}
		}
		if n == 0 {
			return &fs.PathError{Op: "write", Path: path, Err: syscall.EIO}
		}
		off += n
	}
	return nil
}

func retry(call func() error, op, path string) error {
	for {
		err := call()
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return &fs.PathError{Op: op, Path: path, Err: err}
		}
		return nil
	}
}

// ReadKeep reads the regular file at path as [ReadFile] does, and keeps it
// open for one [Kept.Overwrite] (call [Kept.Close] in any case): a caller
// that reads a file, then writes it under a lock, is spared opening it
// again. kept is nil when the file cannot be kept (missing, planted, with
// other hard links, not writable, too large) and the caller writes with
// [Overwrite].
func ReadKeep(path string, max int64) (data []byte, kept *Kept, err error) {
	fd, st, ok, err := openRaw(path, syscall.O_RDWR, true)
	if !ok || (err != nil && !errors.Is(err, fs.ErrNotExist)) {
		data, err := ReadFile(path, max) // planted, shared or not writable: its errors
		return data, nil, err
	}
	if err != nil {
		return nil, nil, err
	}
	k := &Kept{fd: fd, path: path, size: st.Size}
	if st.Size <= 0 || st.Size > max {
		k.Close()
		data, err := ReadFile(path, max)
		return data, nil, err
	}
	if data, err = readSize(fd, st.Size, path); err != nil {
		k.Close()
		return nil, nil, err
	}
	return data, k, nil
}

// Kept is a file [ReadKeep] read and kept open.
type Kept struct {
	fd   int
	path string
	size int64
}

// Overwrite writes data over the start of the file and cuts it to
// len(data), syncing it when sync is set, as [Overwrite] does.
func (k *Kept) Overwrite(data []byte, sync bool) error {
	if k.fd < 0 {
		return fmt.Errorf("write %s: %w", filepath.Base(k.path), fs.ErrClosed)
	}
	err := pwriteAll(k.fd, data, k.path)
	if err == nil && k.size > int64(len(data)) {
		err = retry(func() error { return syscall.Ftruncate(k.fd, int64(len(data))) }, "truncate", k.path)
	}
	if err == nil && sync {
		err = retry(func() error { return syscall.Fsync(k.fd) }, "sync", k.path)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(k.path), err)
	}
	k.size = int64(len(data))
	return nil
}

// Close closes the file; a nil Kept is closed.
func (k *Kept) Close() error {
	if k == nil || k.fd < 0 {
		return nil
	}
	err := syscall.Close(k.fd)
	k.fd = -1
	if err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(k.path), &fs.PathError{Op: "close", Path: k.path, Err: err})
	}
	return nil
}
