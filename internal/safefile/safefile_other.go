//go:build !unix

package safefile

import (
	"io/fs"
	"os"
)

func open(path string, flag int, perm fs.FileMode, follow bool) (*os.File, fs.FileInfo, error) {
	if !follow {
		if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return nil, nil, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
		}
	}
	f, err := os.OpenFile(path, flag, perm)
	if err != nil {
		return nil, nil, err
	}
	fi, err := checkRegular(f, path)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// syncUnsupported: Windows cannot flush a directory handle.
func syncUnsupported(error) bool { return true }
