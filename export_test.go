package stophook

import "time"

// NewFileStoreAt is NewFileStore with the sweep's clock set to now.
func NewFileStoreAt(dir string, now func() time.Time) *FileStore {
	return &FileStore{dir: dir, now: now}
}

// ErrInvalidInputForTest is the error ParseInput wraps.
var ErrInvalidInputForTest = errInvalidInput

// PathForTest is the file holding key's value.
func (s *FileStore) PathForTest(key string) string { return s.path(key) }
