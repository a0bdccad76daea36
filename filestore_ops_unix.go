//go:build unix

package stophook

import (
	"context"

	"github.com/stophook/stophook/internal/flock"
)

// On unix a key's file is its own lock: an flock on the descriptor the
// value is read and written through (see [flock.Open]).

func (osOps) OpenLocked(ctx context.Context, path string, create bool) (lockedFile, error) {
	f, err := flock.Open(ctx, path, create)
	if err != nil {
		return nil, err // no typed nil in the interface
	}
	return f, nil
}

// tryLockKey locks the key whose file is path for the sweep, without
// waiting or creating anything: ok is false when the key is in use (or
// its file is not a regular one); exists is false when there is no file.
func tryLockKey(path string) (unlock func(), ok, exists bool) {
	f, ok, err := flock.TryOpen(path)
	if err != nil || !ok {
		return nil, false, !isNotExist(err)
	}
	return func() { f.Close() }, true, true
}

// keyLockFiles reports whether the files under .locks are the keys'
// locks; here they are not (a key's file is its lock), and those an
// earlier version left are removed by the sweep.
const keyLockFiles = false
