//go:build !unix && !windows

package flock

import (
	"context"
	"errors"
)

var errUnsupported = errors.New("flock: file locking is not supported on this platform")

// Lock is not supported on this platform.
func Lock(ctx context.Context, path string) (unlock func(), err error) {
	return nil, errUnsupported
}

// TryLock is not supported on this platform.
func TryLock(path string) (unlock func(), ok bool, err error) {
	return nil, false, errUnsupported
}
