package httphook

import (
	"sync"
	"sync/atomic"
)

// counters are atomic counters by key. Counting takes no lock: the map is
// never changed once published, a key's first count publishes a copy with
// the key added. Keys are few (verdicts × policies, status codes), so
// copies are rare and small.
type counters[K comparable] struct {
	mu sync.Mutex // serialises additions
	m  atomic.Pointer[map[K]*atomic.Uint64]
}

// get returns the counter of key, adding it on first use.
func (c *counters[K]) get(key K) *atomic.Uint64 {
	if m := c.m.Load(); m != nil {
		if n := (*m)[key]; n != nil {
			return n
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	old := c.m.Load()
	var next map[K]*atomic.Uint64
	if old != nil {
		if n := (*old)[key]; n != nil {
			return n
		}
		next = make(map[K]*atomic.Uint64, len(*old)+1)
		for k, v := range *old {
			next[k] = v
		}
	} else {
		next = make(map[K]*atomic.Uint64, 1)
	}
	n := new(atomic.Uint64)
	next[key] = n
	c.m.Store(&next)
	return n
}

// load returns every key's count.
func (c *counters[K]) load() map[K]uint64 {
	out := map[K]uint64{}
	if m := c.m.Load(); m != nil {
		for k, v := range *m {
			out[k] = v.Load()
		}
	}
	return out
}
