//go:build unix

package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

func open(path string, flag int, perm fs.FileMode, follow bool) (*os.File, fs.FileInfo, error) {
	sys := syscall.O_NONBLOCK
	if !follow {
		sys |= syscall.O_NOFOLLOW
	}
	f, err := os.OpenFile(path, flag|sys, perm)
	if err != nil {
		// O_NOFOLLOW on a symlink fails with ELOOP (EMLINK on some BSDs);
		// O_NONBLOCK|O_WRONLY on a FIFO without a reader with ENXIO.
		if errors.Is(err, syscall.ELOOP) || errors.Is(err, syscall.EMLINK) || errors.Is(err, syscall.ENXIO) {
			return nil, nil, &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w (%v)", ErrNotRegular, errors.Unwrap(err))}
		}
		return nil, nil, err
	}
	fi, err := checkRegular(f, path)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil // regular files ignore O_NONBLOCK
}

func syncUnsupported(err error) bool { return errors.Is(err, syscall.EINVAL) }
