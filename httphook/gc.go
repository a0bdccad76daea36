package httphook

import "runtime/debug"

// serverGCPercent is the garbage collector's target (GOGC) of a hook
// server run by [ListenAndServe] when the environment does not set GOGC.
//
// A hook server keeps a small live heap (a few MB: its store, metrics and
// kept goroutines) and allocates a few KB per request, mostly in
// net/http, so at Go's default of 100 it collects thousands of times a
// second; each collection also shrinks the stacks of idle goroutines,
// which the next requests grow again. At 400 the heap may grow to five
// times the live one before a collection — still a few tens of MB — and a
// decision costs about 4 µs less CPU on a 2-core machine (BENCHMARKS.md,
// "Hook server"). GOGC=100 (or any value) in the environment keeps that.
const serverGCPercent = 400

// tuneGC sets the GC target to [serverGCPercent] unless getenv says GOGC
// is set, and reports whether it did.
func tuneGC(getenv func(string) string) bool {
	if getenv("GOGC") != "" {
		return false
	}
	debug.SetGCPercent(serverGCPercent)
	return true
}
