//go:build !unix

package stophook

import (
	"context"
	"errors"
)

func lockFile(ctx context.Context, path string) (unlock func(), err error) {
	return nil, errors.New("stophook: file locking is not supported on this platform")
}
