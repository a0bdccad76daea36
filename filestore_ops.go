package stophook

import (
	"context"
	"os"

	"github.com/stophook/stophook/internal/safefile"
)

// fileOps are the file operations a [FileStore] does on values. Tests
// replace them with a layer that simulates power cuts.
type fileOps interface {
	// ReadFile reads a regular file, not following a symlink, and fails
	// with an error wrapping safefile.ErrTooLarge when it holds more than
	// max bytes (see safefile.ReadFile). It takes no lock.
	ReadFile(path string, max int64) ([]byte, error)
	// OpenLocked opens the regular file at path for reading and writing,
	// locked against every other OpenLocked of it until Close, waiting
	// until ctx is done. With create, a missing file is made and a
	// symlink, FIFO or other non-regular entry at path is replaced by one;
	// without, a missing file is an error wrapping fs.ErrNotExist. A
	// missing directory is an error wrapping fs.ErrNotExist either way.
	OpenLocked(ctx context.Context, path string, create bool) (lockedFile, error)
	// Replace puts a new file holding data at path in one step (a
	// temporary renamed over it), synced with its directory when sync is
	// set: for a file that must not be written in place.
	Replace(path string, data []byte, sync bool) error
	Remove(path string) error
	// SyncDir makes the creations and removals in dir durable.
	SyncDir(dir string) error
}

// lockedFile is a file OpenLocked opened and locked.
type lockedFile interface {
	// Size is the file's size once locked; while the lock is held only
	// its holder changes it.
	Size() int64
	// Shared reports a file with other hard links: it is never written
	// in place (see fileOps.Replace).
	Shared() bool
	// Created reports that OpenLocked made the file.
	Created() bool
	// ReadAt reads len(b) bytes at off, fewer only at the end of the file.
	ReadAt(b []byte, off int64) (int, error)
	WriteAt(b []byte, off int64) error
	Truncate(size int64) error
	Sync() error
	// Close releases the lock.
	Close() error
}

// osOps are the real file operations.
type osOps struct{}

var _ fileOps = osOps{}

func (osOps) ReadFile(path string, max int64) ([]byte, error) { return safefile.ReadFile(path, max) }

func (osOps) Replace(path string, data []byte, sync bool) error {
	tmp, err := safefile.WriteTemp(path, data, 0o600, sync)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	if sync {
		return safefile.SyncDir(dirOf(path))
	}
	return nil
}

func (osOps) Remove(path string) error { return os.Remove(path) }
func (osOps) SyncDir(dir string) error { return safefile.SyncDir(dir) }
