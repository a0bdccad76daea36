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
	f, created, err := openOwn(path, perm)
	if err != nil {
		return false, fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	_, err = f.WriteAt(data, 0)
	if err == nil {
		var fi fs.FileInfo
		if fi, err = f.Stat(); err == nil && fi.Size() > int64(len(data)) {
			err = f.Truncate(int64(len(data)))
		}
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

// openOwn opens path for writing, replacing what is planted there.
func openOwn(path string, perm fs.FileMode) (*os.File, bool, error) {
	f, err := OpenFile(path, os.O_WRONLY, 0)
	if err == nil {
		fi, serr := f.Stat()
		if serr == nil && !sharedInode(fi) {
			return f, false, nil
		}
		f.Close()
		if serr != nil {
			return nil, false, serr
		}
		err = ErrNotRegular // another name for someone else's file
	}
	if errors.Is(err, ErrNotRegular) {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, false, err
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, false, err
	}
	f, err = OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return nil, false, err
	}
	return f, true, nil
}
