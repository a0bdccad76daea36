//go:build !unix

package queue

import (
	"context"
	"errors"
)

func lockFile(ctx context.Context, path string) (unlock func(), err error) {
	return nil, errors.New("queue: file locking is not supported on this platform")
}
