// Package onepass lets package hook read a hook input once: package
// stophook's one-pass decoder, which [stophook.ParseInput] runs, also
// hands back where the payload's top-level members are, from which
// package hook names the input's host (and reads stop_hook_active)
// instead of reading the payload a second time.
//
// Package stophook registers its decoder with [Set] at the first
// [stophook.ParseInput] (no library registers itself at start-up), and
// [Decode] calls it: until then, Decode reports false and the caller
// decodes as before, with ParseInput. The input is decoded in place, not
// returned (a copy of a large struct at each of three calls cost more
// than the second pass did).
package onepass

import "sync/atomic"

// MaxMembers is how many top-level members [Members] holds: a payload
// with more is not read in one pass.
const MaxMembers = 16

// Members locate the top-level members of a payload, in order: the key
// as written between its quotes (plain ASCII, no escapes) and the value
// as written of member i are Key(s, i) and Value(s, i) of the payload s
// the decoder read (without white space around it).
type Members struct {
	N     int
	spans [MaxMembers][4]uint32 // key start, key end, value start, value end
}

// Add records a member whose key and value are s[keyStart:keyEnd] and
// s[valueStart:valueEnd]; past MaxMembers it only counts.
func (m *Members) Add(keyStart, keyEnd, valueStart, valueEnd int) {
	if m.N < MaxMembers {
		m.spans[m.N] = [4]uint32{uint32(keyStart), uint32(keyEnd), uint32(valueStart), uint32(valueEnd)}
	}
	m.N++
}

// Key returns the key of member i of s.
func (m *Members) Key(s string, i int) string { return s[m.spans[i][0]:m.spans[i][1]] }

// Value returns the value of member i of s, as written.
func (m *Members) Value(s string, i int) string { return s[m.spans[i][2]:m.spans[i][3]] }

// decode holds the registered decoder, a func(data []byte, in *I, m
// *Members) bool: set by one request's first ParseInput while others may
// be reading it.
var decode atomic.Pointer[registered]

type registered struct{ f any }

// Set registers package stophook's decoder: it decodes data into *in as
// stophook.ParseInput does and the members into *m, and reports false
// (*in and *m then mean nothing) whenever its one pass does not read the
// whole payload: ParseInput's other path, an error, an escaped or
// non-ASCII key, more than MaxMembers members. The members are offsets
// into data with the white space around it trimmed.
func Set[I any](f func(data []byte, in *I, m *Members) bool) { decode.Store(&registered{f}) }

// Decode runs the registered decoder for inputs of type I; false when
// none is registered for I. in and m escape (the decoder is called
// through a variable): give memory that is on the heap anyway.
func Decode[I any](data []byte, in *I, m *Members) bool {
	r := decode.Load()
	if r == nil {
		return false
	}
	f, _ := r.f.(func([]byte, *I, *Members) bool)
	return f != nil && f(data, in, m)
}
