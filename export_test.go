package stophook

import "time"

// NewFileStoreAt is NewFileStore with the sweep's clock set to now.
func NewFileStoreAt(dir string, now func() time.Time) *FileStore {
	return &FileStore{dir: dir, now: now}
}
