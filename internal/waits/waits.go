// Package waits asks a policy or a store whether it may wait on something
// outside the process for an input: the optional method
// Waits(in stophook.Input) bool described at [stophook.Evaluate].
//
// It is generic over the input type so that package stophook, which
// defines that type, can use it too.
package waits

// Sayer is what says whether it waits for an input of type I.
type Sayer[I any] interface{ Waits(I) bool }

// Of returns x's Waits method, or nil when x has none. A wrapper finds
// the method of what it wraps once, when it is made, and asks it with
// [Ask] on each input: the look-up of a generic interface is not cached
// by the runtime, and a decision asks a chain of wrappers each time.
func Of[I any](x any) Sayer[I] {
	w, _ := x.(Sayer[I])
	return w
}

// May reports whether x may wait for *in: true unless x has a method
// Waits(I) bool that says it does not. Anything that does not say so is
// assumed to wait, and so is a Waits that panics: the question is asked
// before any recovery is in place, and a policy's code must not be able
// to crash its caller.
//
// in is a pointer so that a chain of wrappers, each asking the next,
// copies the input (some hundred bytes) once per level instead of twice,
// and not at all into a wrapper of this module: x's WaitsFor (see
// [PtrSayer]), when it has one, is asked instead of its Waits.
func May[I any](x any, in *I) bool {
	if p := PtrOf[I](x); p != nil {
		return AskFor(p, nil, in)
	}
	return Ask(Of[I](x), in)
}

// Ask is May for the method w found by [Of]: true when w is nil.
func Ask[I any](w Sayer[I], in *I) (may bool) {
	if w == nil {
		return true
	}
	defer func() {
		if recover() != nil {
			may = true
		}
	}()
	return w.Waits(*in)
}

// PtrSayer is what says whether it waits for *in with the input by
// pointer: the wrappers of this module (unexported types) have a method
// WaitsFor(in *I) bool beside their Waits(in I) bool, answering the same,
// which a chain of wrappers asks without copying the input (some hundred
// bytes) into each level. Calling it lets in escape: the callers are
// those whose input is on the heap anyway (package hook's pooled
// responses); the others ask Waits.
type PtrSayer[I any] interface{ WaitsFor(in *I) bool }

// PtrOf returns x's WaitsFor method, or nil when x has none.
func PtrOf[I any](x any) PtrSayer[I] {
	p, _ := x.(PtrSayer[I])
	return p
}

// AskFor is [Ask] through p, x's WaitsFor method found by [PtrOf], when x
// has one, else through w, its Waits: true when both are nil, and when
// the method panics.
func AskFor[I any](p PtrSayer[I], w Sayer[I], in *I) (may bool) {
	if p == nil {
		return Ask(w, in)
	}
	defer func() {
		if recover() != nil {
			may = true
		}
	}()
	return p.WaitsFor(in)
}
