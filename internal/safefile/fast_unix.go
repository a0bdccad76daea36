//go:build unix

package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
)

// The fast path of [ReadFile] on unix: the same checks on a raw file
// descriptor. An *os.File costs more than the few system
// calls it wraps here: its registration with the poller (refused for
// regular files, after a system call), its finalizer, its close
// bookkeeping; for the state files a hook reads on every stop that was a
// third of a read. Whatever is not the common case (a
// missing file, a planted symlink or FIFO, an oversized file) falls back
// to the *os.File code, which makes the same errors as always.

const rawFlags = syscall.O_NONBLOCK | syscall.O_NOFOLLOW | syscall.O_CLOEXEC

// OpenRaw opens path with flag and perm on a raw descriptor, adding
// O_NONBLOCK, O_NOFOLLOW and O_CLOEXEC, and O_NOATIME where the caller
// owns the file (it is refused, EPERM, to anyone else). A symlink at
// path (ELOOP; EMLINK on some BSDs) or a socket (ENXIO) is an error
// wrapping [ErrNotRegular]; any other failure is an *fs.PathError of the
// system's error.
func OpenRaw(path string, flag int, perm uint32) (int, error) {
	extra := noAtime
	for {
		fd, err := syscall.Open(path, flag|rawFlags|extra, perm)
		switch {
		case err == nil:
			return fd, nil
		case err == syscall.EINTR:
		case err == syscall.EPERM && extra != 0:
			extra = 0 // not the file's owner: keep its access time then
		case errors.Is(err, syscall.ELOOP) || errors.Is(err, syscall.EMLINK) || errors.Is(err, syscall.ENXIO):
			return -1, &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w (%v)", ErrNotRegular, err)}
		default:
			return -1, &fs.PathError{Op: "open", Path: path, Err: err}
		}
	}
}

// openRaw opens path without following a symlink and returns its
// descriptor and status; ok is false when it is not a regular file, and
// the caller takes the slow path.
func openRaw(path string, flag int) (fd int, st syscall.Stat_t, ok bool, err error) {
	fd, err = OpenRaw(path, flag, 0)
	if errors.Is(err, ErrNotRegular) {
		return -1, st, false, nil // planted: the slow path says so
	}
	if err != nil {
		return -1, st, true, err
	}
	if err := fstat(fd, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
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
	fd, st, ok, err := openRaw(path, syscall.O_RDONLY)
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
