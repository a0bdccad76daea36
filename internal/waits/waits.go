// Package waits asks a policy or a store whether it may wait on something
// outside the process for an input: the optional method
// Waits(in stophook.Input) bool described at [stophook.Evaluate].
//
// It is generic over the input type so that package stophook, which
// defines that type, can use it too.
package waits

// May reports whether x may wait for *in: true unless x has a method
// Waits(I) bool that says it does not. Anything that does not say so is
// assumed to wait, and so is a Waits that panics: the question is asked
// before any recovery is in place, and a policy's code must not be able
// to crash its caller.
//
// in is a pointer so that a chain of wrappers, each asking the next,
// copies the input (some hundred bytes) once per level instead of twice.
func May[I any](x any, in *I) (may bool) {
	w, ok := x.(interface{ Waits(I) bool })
	if !ok {
		return true
	}
	defer func() {
		if recover() != nil {
			may = true
		}
	}()
	return w.Waits(*in)
}
