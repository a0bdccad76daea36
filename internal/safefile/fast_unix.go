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
	for {
		fd, err = syscall.Open(path, flag|rawFlags, 0)
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
	data = make([]byte, st.Size)
	n := 0
	for n < len(data) {
		m, err := syscall.Read(fd, data[n:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, true, &fs.PathError{Op: "read", Path: path, Err: err}
		}
		if m == 0 {
			break
		}
		n += m
	}
	return data[:n], true, nil // all it held at the open (or less: it shrank)
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
	err = pwriteAll(fd, data, path)
	if err == nil && st.Size > int64(len(data)) {
		err = retry(func() error { return syscall.Ftruncate(fd, int64(len(data))) }, "truncate", path)
	}
	if err == nil && sync {
		err = retry(func() error { return syscall.Fsync(fd) }, "sync", path)
	}
	if cerr := syscall.Close(fd); err == nil && cerr != nil {
		err = &fs.PathError{Op: "close", Path: path, Err: cerr}
	}
	if err != nil {
		return true, fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	return true, nil
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
