// Package safefile opens the files hooks keep in a project directory
// (state, flags, locks, queues) and the files they read (configs,
// transcripts) so that a hostile repository cannot redirect or stall them.
//
// A repository can plant a symlink or a FIFO under the names a hook uses.
// [OpenFile] and [ReadFile] do not follow a symlink in the last element of
// the path (on unix: O_NOFOLLOW), do not block on a FIFO (O_NONBLOCK), and
// refuse anything but a regular file, checked on the open file so that a
// swap between a check and the open cannot slip past. [ReadFile] bounds
// the bytes read. [OpenRead] and [ReadFileFollow] follow symlinks, for
// files a user may link on purpose (a shared config, a transcript), and
// keep the other guarantees.
//
// On other platforms the symlink check is an Lstat before the open: a
// best effort with a window between the two calls.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular reports a path that names a symlink, a FIFO, a device, a
// directory or anything else that is not a regular file.
var ErrNotRegular = errors.New("safefile: not a regular file")

// ErrTooLarge reports a file larger than the limit given to [ReadFile].
var ErrTooLarge = errors.New("safefile: file too large")

// OpenFile opens path as os.OpenFile does with flag and perm, but fails
// with an error wrapping [ErrNotRegular] when the last element of path is
// a symlink (also a dangling one, with O_CREATE) or the file is not
// regular.
func OpenFile(path string, flag int, perm fs.FileMode) (*os.File, error) {
	f, _, err := open(path, flag, perm, false)
	return f, err
}

// OpenRead opens path for reading, following symlinks, and fails with an
// error wrapping [ErrNotRegular] unless it ends at a regular file. It
// never blocks on a FIFO.
func OpenRead(path string) (*os.File, error) {
	f, _, err := open(path, os.O_RDONLY, 0, true)
	return f, err
}

// ReadFile reads the regular file at path, not following a symlink in its
// last element, and fails with an error wrapping [ErrTooLarge] when it
// holds more than max bytes. A missing file is an error wrapping
// fs.ErrNotExist.
func ReadFile(path string, max int64) ([]byte, error) {
	if data, ok, err := readFileFast(path, max); ok {
		return data, err
	}
	f, fi, err := open(path, os.O_RDONLY, 0, false)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f, fi.Size(), path, max)
}

// ReadFileFollow is [ReadFile] following symlinks.
func ReadFileFollow(path string, max int64) ([]byte, error) {
	f, fi, err := open(path, os.O_RDONLY, 0, true)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f, fi.Size(), path, max)
}

// WriteFile writes data to path as os.WriteFile does, but never through a
// symlink and never into anything but a regular file. It does not sync.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	f, err := OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err1 := f.Close(); err == nil {
		err = err1
	}
	return err
}

// readAll reads f, of size bytes when it was opened, up to max bytes. A
// file that still holds size bytes takes one read (small state files are
// read on every hook call); a short read or a file that grew reads on.
func readAll(f *os.File, size int64, path string, max int64) ([]byte, error) {
	if size > max {
		// Too large when opened: not read at all (a file that shrinks
		// meanwhile is a race the caller loses, as with one that grows).
		return nil, fmt.Errorf("%w: %s is larger than %d bytes", ErrTooLarge, path, max)
	}
	var data []byte
	if size >= 0 && size <= max {
		data = make([]byte, size+1)
		n := 0
		for int64(n) < size {
			m, err := f.Read(data[n:])
			n += m
			if err == io.EOF || (err == nil && m == 0) {
				break
			}
			if err != nil {
				return nil, err
			}
		}
		data = data[:n]
		if size > 0 && int64(n) <= size {
			return data, nil // all it held at the open (or less: it shrank)
		}
	}
	rest, err := io.ReadAll(io.LimitReader(f, max+1-int64(len(data))))
	if err != nil {
		return nil, err
	}
	data = append(data, rest...)
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%w: %s is larger than %d bytes", ErrTooLarge, path, max)
	}
	return data, nil
}

// checkRegular fails when f is not a regular file, and returns its info.
func checkRegular(f *os.File, path string) (fs.FileInfo, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w (%s)", ErrNotRegular, kind(fi.Mode()))}
	}
	return fi, nil
}

func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "symlink"
	case m&fs.ModeNamedPipe != 0:
		return "FIFO"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "device"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m.IsDir():
		return "directory"
	}
	return "irregular file"
}
