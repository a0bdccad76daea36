package stophook

import (
	"os"

	"github.com/stophook/stophook/internal/safefile"
)

// fileOps are the file operations a [FileStore] does on values. Tests
// replace them with a layer that simulates power cuts.
type fileOps interface {
	// ReadFile reads a regular file without following a symlink.
	ReadFile(path string) ([]byte, error)
	// ReadKeep is ReadFile keeping the file open, when it can, for one
	// overwrite through kept (see safefile.ReadKeep): an update writes one
	// of the two files it read without opening it again. kept is nil when
	// the file was not kept; the caller then writes with Overwrite.
	ReadKeep(path string) (data []byte, kept keptFile, err error)
	// Overwrite writes data over the file at path (see
	// safefile.Overwrite), synced when sync is set; created reports a new
	// file.
	Overwrite(path string, data []byte, sync bool) (created bool, err error)
	Remove(path string) error
	// SyncDir makes the creations and removals in dir durable.
	SyncDir(dir string) error
}

// keptFile is a value file kept open by fileOps.ReadKeep.
type keptFile interface {
	// Overwrite writes data over the file as fileOps.Overwrite does.
	Overwrite(data []byte, sync bool) error
	Close() error
}

// osOps are the real file operations.
type osOps struct{}

var _ fileOps = osOps{}

func (osOps) ReadFile(path string) ([]byte, error) {
	return safefile.ReadFile(path, maxValueSize+maxRecordHeader)
}

func (osOps) ReadKeep(path string) ([]byte, keptFile, error) {
	data, k, err := safefile.ReadKeep(path, maxValueSize+maxRecordHeader)
	if k == nil {
		return data, nil, err // no typed nil in the interface
	}
	return data, k, err
}

func (osOps) Overwrite(path string, data []byte, sync bool) (bool, error) {
	return safefile.Overwrite(path, data, 0o600, sync)
}

func (osOps) Remove(path string) error { return os.Remove(path) }
func (osOps) SyncDir(dir string) error { return safefile.SyncDir(dir) }
