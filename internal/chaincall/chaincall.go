// Package chaincall lets package hook ask a *stophook.Chain whether it
// waits, and run it, with the input by pointer. Chain's Waits and Evaluate
// take the input by value, as the Policy interface does: a copy of some
// hundred bytes at each call, and a decision makes two. Methods taking a
// pointer would be exported ones, and the API is capped.
//
// Package stophook registers the two functions with [Set] at its first
// NewChain (no library registers itself at start-up): until then [Waits]
// and [Evaluate] report false, and the caller calls the methods.
package chaincall

import (
	"context"
	"sync/atomic"
)

// fns holds the registered functions, a func(*C, *I) bool and a
// func(context.Context, *C, *I, *D): set by one request's first NewChain
// while others may be reading them.
var fns atomic.Pointer[registered]

type registered struct{ waits, evaluate any }

// Set registers package stophook's functions: waits(c, in) is c.Waits(*in)
// and evaluate(ctx, c, in, d) sets *d to what c.Evaluate(ctx, *in) returns
// (its error is always nil).
func Set[C, I, D any](waits func(c *C, in *I) bool, evaluate func(ctx context.Context, c *C, in *I, d *D)) {
	fns.Store(&registered{waits, evaluate})
}

// Waits is c.Waits(*in); ok is false when nothing is registered for C and
// I. in escapes: give memory that is on the heap anyway.
func Waits[C, I any](c *C, in *I) (may, ok bool) {
	r := fns.Load()
	if r == nil {
		return false, false
	}
	f, _ := r.waits.(func(*C, *I) bool)
	if f == nil {
		return false, false
	}
	return f(c, in), true
}

// Evaluate sets *d to c.Evaluate(ctx, *in)'s decision; ok is false (and *d
// untouched) when nothing is registered for C, I and D. in escapes.
func Evaluate[C, I, D any](ctx context.Context, c *C, in *I, d *D) (ok bool) {
	r := fns.Load()
	if r == nil {
		return false
	}
	f, _ := r.evaluate.(func(context.Context, *C, *I, *D))
	if f == nil {
		return false
	}
	f(ctx, c, in, d)
	return true
}
