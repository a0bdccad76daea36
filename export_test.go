package stophook

import (
	"context"
	"time"
)

// NewFileStoreAt is NewFileStore with the sweep's clock set to now.
func NewFileStoreAt(dir string, now func() time.Time) *FileStore {
	return &FileStore{dir: dir, now: now}
}

// ErrInvalidInputForTest is the error ParseInput wraps.
var ErrInvalidInputForTest = errInvalidInput

// PathForTest is the file holding key's value.
func (s *FileStore) PathForTest(key string) string { return s.path(key) }

// ChainByPointer is what package hook does with a chain through package
// chaincall: ask whether it waits and, when not, run it, with the input by
// pointer; ok is false when it may wait.
func ChainByPointer(ctx context.Context, c *Chain, in *Input) (d Decision, ok bool) {
	if chainWaits(c, in) {
		return Decision{}, false
	}
	chainEvaluate(ctx, c, in, &d)
	return d, true
}
