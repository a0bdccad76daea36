package safefile

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// WriteAtomic writes data to a temporary file in path's directory,
// syncs it and renames it over path: readers, and a restart after a
// crash, see the old or the new content, never a torn one. The
// temporary is named .<name>.tmp-<random>; see [SweepTemporaries].
func WriteAtomic(path string, data []byte, perm fs.FileMode) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	tmp, err := WriteTemp(path, data, perm, true)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	// The directory is not synced: after a crash the rename may be lost
	// (the old value stays), which is allowed; a torn value is not, and
	// the file sync above rules it out. Skipping it halves the cost of an
	// update, which every loop iteration pays.
	return nil
}

// WriteTemp writes data to a new temporary file next to path, named
// .<name>.tmp-<random> (see [SweepTemporaries]), syncs it when sync is
// set, and returns its name for the caller to rename into place. On error
// nothing is left behind.
func WriteTemp(path string, data []byte, perm fs.FileMode, sync bool) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+tempInfix+"*")
	if err != nil {
		return "", fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil && sync {
		err = f.Sync()
	}
	if err1 := f.Close(); err == nil {
		err = err1
	}
	if err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	return tmp, nil
}

// SyncDir syncs directory dir, making the renames and removals in it
// durable. Where directories cannot be synced (Windows) it does nothing.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !syncUnsupported(err) {
		return err
	}
	return nil
}

// tempInfix marks the temporaries of [WriteAtomic].
const tempInfix = ".tmp-"

// SweepTemporaries removes the temporaries [WriteAtomic] left in dir that
// were last modified more than maxAge before now: a process killed between
// creating and renaming one leaves it behind. It returns how many it
// removed.
func SweepTemporaries(dir string, now time.Time, maxAge time.Duration) int {
	entries, _ := os.ReadDir(dir)
	n := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, ".") || !strings.Contains(name, tempInfix) {
			continue
		}
		if fi, err := e.Info(); err == nil && fi.Mode().IsRegular() && now.Sub(fi.ModTime()) > maxAge {
			if os.Remove(filepath.Join(dir, name)) == nil {
				n++
			}
		}
	}
	return n
}
