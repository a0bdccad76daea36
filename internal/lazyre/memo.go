package lazyre

import (
	"sync/atomic"
	"unsafe"
)

// A memo remembers what the prefilters derive from the texts they were
// last asked about: a text's case fold, a text's bigram set. The judge
// asks some hundred patterns about one text in turn, which then folds it
// and makes its set once instead of once per pattern. A text has a slot
// by the address of its bytes, so that the texts of concurrent requests
// do not take each other's place, as they did in a single entry; a slot
// keeps its last text (and so that text's memory) until another takes it.
type memo[V any] struct {
	slots [memoSlots]atomic.Pointer[memoEntry[V]]
}

// memoSlots is how many texts a memo holds at most.
const memoSlots = 16

type memoEntry[V any] struct {
	text string
	v    V
}

// get returns derive(s), from the memo when s was asked about last in its
// slot. derive must be a pure function of s.
func (m *memo[V]) get(s string, derive func(string) V) V {
	slot := &m.slots[slotOf(s)]
	if e := slot.Load(); e != nil && e.text == s {
		return e.v
	}
	v := derive(s)
	slot.Store(&memoEntry[V]{text: s, v: v})
	return v
}

// slotOf picks the slot of s from the address of its bytes and its length.
func slotOf(s string) uintptr {
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	return (p>>4 ^ p>>12 ^ uintptr(len(s))) % memoSlots
}
