//go:build !unix

package stophook

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/stophook/stophook/internal/flock"
	"github.com/stophook/stophook/internal/safefile"
	"github.com/stophook/stophook/internal/statedir"
)

// Elsewhere than on unix a key's lock is a file of its own,
// .locks/<name>.lock (see [flock.Lock]), and the key's file is opened for
// each operation under it: Windows cannot remove a file while it is open,
// and a key's deletion removes its file under the lock. Simple and
// correct rather than fast.

// keyLockPath returns the lock file of the key whose file is path.
func keyLockPath(path string) string {
	return filepath.Join(filepath.Dir(path), statedir.LocksDir, strings.TrimSuffix(filepath.Base(path), valueSuffix)+lockSuffix)
}

func (osOps) OpenLocked(ctx context.Context, path string, create bool) (lockedFile, error) {
	lock := keyLockPath(path)
	if !create {
		if _, err := os.Lstat(path); err != nil {
			return nil, err
		}
	}
	unlock, err := flock.Lock(ctx, lock)
	if err != nil {
		return nil, err
	}
	f := &pathFile{path: path, lock: lock, unlock: unlock}
	fi, err := os.Lstat(path)
	if err == nil && !fi.Mode().IsRegular() && create {
		os.Remove(path) // planted: the entry, not its target
		err = fs.ErrNotExist
	}
	switch {
	case err == nil && !fi.Mode().IsRegular():
		err = &fs.PathError{Op: "open", Path: path, Err: safefile.ErrNotRegular}
	case err == nil:
		f.size = fi.Size()
	case errors.Is(err, fs.ErrNotExist) && create:
		var g *os.File
		g, err = safefile.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			f.created = true
			err = g.Close()
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// pathFile is a key's file under its lock file.
type pathFile struct {
	path, lock string
	unlock     func()
	size       int64
	created    bool
}

func (f *pathFile) Size() int64   { return f.size }
func (f *pathFile) Shared() bool  { return false }
func (f *pathFile) Created() bool { return f.created }

// with runs do on the file opened with flag.
func (f *pathFile) with(flag int, do func(*os.File) error) error {
	g, err := safefile.OpenFile(f.path, flag, 0)
	if err != nil {
		return err
	}
	err = do(g)
	if cerr := g.Close(); err == nil {
		err = cerr
	}
	return err
}

func (f *pathFile) ReadAt(b []byte, off int64) (n int, err error) {
	err = f.with(os.O_RDONLY, func(g *os.File) error {
		n, err = g.ReadAt(b, off)
		if err == io.EOF {
			err = nil
		}
		return err
	})
	return n, err
}

func (f *pathFile) WriteAt(b []byte, off int64) error {
	return f.with(os.O_RDWR, func(g *os.File) error {
		_, err := g.WriteAt(b, off)
		return err
	})
}

func (f *pathFile) Truncate(size int64) error {
	return f.with(os.O_RDWR, func(g *os.File) error { return g.Truncate(size) })
}

func (f *pathFile) Sync() error {
	return f.with(os.O_RDWR, func(g *os.File) error { return g.Sync() })
}

// Close releases the lock; the lock file goes too when the key's file
// was removed (a deletion), as the lock protocol allows (see flock.Lock).
func (f *pathFile) Close() error {
	if f.unlock == nil {
		return nil
	}
	if _, err := os.Lstat(f.path); errors.Is(err, fs.ErrNotExist) {
		os.Remove(f.lock)
	}
	f.unlock()
	f.unlock = nil
	return nil
}

// tryLockKey locks the key whose file is path for the sweep, without
// waiting: ok is false when the key is in use; exists is false when there
// is no file.
func tryLockKey(path string) (unlock func(), ok, exists bool) {
	if _, err := os.Lstat(path); err != nil {
		return nil, false, !isNotExist(err)
	}
	unlock, ok, err := flock.TryLock(keyLockPath(path))
	if err != nil || !ok {
		return nil, false, true
	}
	return func() {
		if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
			os.Remove(keyLockPath(path))
		}
		unlock()
	}, true, true
}

// keyLockFiles reports whether the files under .locks are the keys'
// locks: here they are.
const keyLockFiles = true
