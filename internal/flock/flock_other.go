//go:build !unix && !windows

package flock

import (
	"context"
	"errors"
)

// Lock is not supported on this platform.
func Lock(ctx context.Context, path string) (unlock func(), err error) {
	return nil, errors.New("flock: file locking is not supported on this platform")
}
