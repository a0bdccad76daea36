package stophooktest

import (
	"context"

	"github.com/stophook/stophook"
)

// Store is a fake [stophook.Store]: each non-nil func field replaces the
// method of the same name; the others use an in-memory store.
type Store struct {
	GetFunc    func(ctx context.Context, key string) ([]byte, error)
	UpdateFunc func(ctx context.Context, key string, fn func(old []byte) ([]byte, error)) error
	DeleteFunc func(ctx context.Context, key string) error

	mem stophook.MemoryStore
}

var _ stophook.Store = (*Store)(nil)

// Get implements [stophook.Store].
func (s *Store) Get(ctx context.Context, key string) ([]byte, error) {
	if s.GetFunc != nil {
		return s.GetFunc(ctx, key)
	}
	return s.mem.Get(ctx, key)
}

// Update implements [stophook.Store].
func (s *Store) Update(ctx context.Context, key string, fn func(old []byte) ([]byte, error)) error {
	if s.UpdateFunc != nil {
		return s.UpdateFunc(ctx, key, fn)
	}
	return s.mem.Update(ctx, key, fn)
}

// Delete implements [stophook.Store].
func (s *Store) Delete(ctx context.Context, key string) error {
	if s.DeleteFunc != nil {
		return s.DeleteFunc(ctx, key)
	}
	return s.mem.Delete(ctx, key)
}
