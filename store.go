package stophook

import (
	"context"
	"errors"
)

// ErrNotFound is returned by [Store.Get] for a key that holds nothing.
var ErrNotFound = errors.New("stophook: key not found")

// Store holds small per-key state shared by policies across hook calls and
// processes: retry counts, loop state, session registrations.
//
// Keys come from untrusted input (session ids); an implementation must keep
// every key inside its own namespace (a key such as "../../etc/x" is just a
// key). Values are opaque bytes, usually JSON.
//
// All methods are safe for concurrent use; a file-backed Store is also safe
// across processes. ctx bounds waiting for locks.
type Store interface {
	// Get returns the value of key, or ErrNotFound.
	Get(ctx context.Context, key string) ([]byte, error)
	// Update atomically replaces the value of key with fn(old). old is nil
	// when the key holds nothing. If fn returns a nil slice the key is
	// deleted; if fn returns an error nothing changes and Update returns it.
	// No other Update of the same key runs between the read and the write.
	Update(ctx context.Context, key string, fn func(old []byte) ([]byte, error)) error
	// Delete removes key. Deleting a missing key is not an error.
	Delete(ctx context.Context, key string) error
}
