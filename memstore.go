package stophook

import (
	"context"
	"sync"
)

// MemoryStore is a [Store] held in memory, for tests and long-running hook
// servers. The zero value is ready to use: new(stophook.MemoryStore).
type MemoryStore struct {
	mu   sync.Mutex
	data map[string][]byte
}

var _ Store = (*MemoryStore)(nil)

// Waits reports false: the store never waits on anything outside the
// process (see [Evaluate]); the functions given to Update must not either.
func (s *MemoryStore) Waits(Input) bool { return false }

// Get implements [Store].
func (s *MemoryStore) Get(ctx context.Context, key string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.data[key]
	if !ok {
		return nil, ErrNotFound
	}
	return append([]byte(nil), v...), nil
}

// Update implements [Store].
func (s *MemoryStore) Update(ctx context.Context, key string, fn func(old []byte) ([]byte, error)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var old []byte
	if v, ok := s.data[key]; ok {
		old = append([]byte{}, v...)
	}
	nv, err := fn(old)
	if err != nil {
		return err
	}
	if nv == nil {
		delete(s.data, key)
		return nil
	}
	if s.data == nil {
		s.data = make(map[string][]byte)
	}
	s.data[key] = append([]byte(nil), nv...)
	return nil
}

// Delete implements [Store].
func (s *MemoryStore) Delete(ctx context.Context, key string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.data, key)
	return nil
}
