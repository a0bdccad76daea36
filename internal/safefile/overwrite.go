package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Overwrite writes data over the start of the regular file at path and
// cuts the file to len(data), creating it with perm when missing, and
// syncs it when sync is set. Unlike a write to a temporary file renamed
// into place, it allocates no inode and frees no blocks, which on ext4
// (whose rename- and truncate-to-zero-replacements start a writeback) is
// many times cheaper; the price is that a crash can leave the file torn,
// so callers frame what they write and keep a second copy.
//
// Whatever is planted at path that is not a regular file, or is a file
// with other hard links, is removed and replaced, never written through.
// created reports a new file (a directory sync makes its name durable).
func Overwrite(path string, data []byte, perm fs.FileMode, sync bool) (created bool, err error) {
	if ok, err := overwriteFast(path, data, sync); ok {
		return false, err
	}
	f, size, created, err := openOwn(path, perm)
	if err != nil {
		return false, fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	_, err = f.WriteAt(data, 0)
	if err == nil && size > int64(len(data)) {
		err = f.Truncate(int64(len(data)))
	}
	if err == nil && sync {
		err = f.Sync()
	}
	if err1 := f.Close(); err == nil {
		err = err1
	}
	if err != nil {
		return created, fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	return created, nil
}

// openOwn opens path for writing, replacing what is planted there, and
// returns the file's size.
func openOwn(path string, perm fs.FileMode) (*os.File, int64, bool, error) {
	f, fi, err := open(path, os.O_WRONLY, 0, false)
	if err == nil {
		if !sharedInode(fi) {
			return f, fi.Size(), false, nil
		}
		f.Close()
		err = ErrNotRegular // another name for someone else's file
	}
	if errors.Is(err, ErrNotRegular) {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, 0, false, err
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, 0, false, err
	}
	f, _, err = open(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm, false)
	if err != nil {
		return nil, 0, false, err
	}
	return f, 0, true, nil
}
