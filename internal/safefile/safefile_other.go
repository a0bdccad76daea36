//go:build !unix

package safefile

import (
	"io/fs"
	"os"
)

func open(path string, flag int, perm fs.FileMode, follow bool) (*os.File, error) {
	if !follow {
		if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return nil, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
		}
	}
	f, err := os.OpenFile(path, flag, perm)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(f, path); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// syncUnsupported: Windows cannot flush a directory handle.
func syncUnsupported(error) bool { return true }

// sharedInode cannot tell hard links apart here.
func sharedInode(fs.FileInfo) bool { return false }
