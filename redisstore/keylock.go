package redisstore

import (
	"context"
	"sync"
)

// keyLocks serialises updates of one key within a process, so that
// compare-and-set conflicts only arise between processes.
type keyLocks struct {
	mu sync.Mutex
	m  map[string]*keyLock
}

type keyLock struct {
	ch   chan struct{} // holds a token while locked
	refs int           // lockers holding or waiting; the entry goes at 0
}

// lock waits for key's lock or for ctx, and returns the unlock function.
func (l *keyLocks) lock(ctx context.Context, key string) (func(), error) {
	l.mu.Lock()
	if l.m == nil {
		l.m = make(map[string]*keyLock)
	}
	e := l.m[key]
	if e == nil {
		e = &keyLock{ch: make(chan struct{}, 1)}
		l.m[key] = e
	}
	e.refs++
	l.mu.Unlock()
	select {
	case e.ch <- struct{}{}:
		return func() { <-e.ch; l.release(key, e) }, nil
	case <-ctx.Done():
		l.release(key, e)
		return nil, ctx.Err()
	}
}

func (l *keyLocks) release(key string, e *keyLock) {
	l.mu.Lock()
	e.refs--
	if e.refs == 0 {
		delete(l.m, key)
	}
	l.mu.Unlock()
}
