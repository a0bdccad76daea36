package policy

import (
	"context"
	"fmt"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/waits"
)

// WithTurnBudget returns next guarded by a per-turn budget: once the
// current turn was already sent back max times ([stophook.Input.TurnBlocks],
// counted by the runner), a stop passes without calling next. Other stops
// and events go to next unchanged. Wrapped around a chain it bounds the
// whole chain; around one policy of a chain, that policy alone: the guard
// passes rather than allows, so the policies after it still run.
//
// A max of 0 or less means 1 (one continuation per turn, like
// [StopActive]).
func WithTurnBudget(max int, next stophook.Policy) stophook.Policy {
	if max <= 0 {
		max = 1
	}
	return &turnBudget{max: max, next: next, says: waits.Of[stophook.Input](next)}
}

type turnBudget struct {
	max  int
	next stophook.Policy
	says waits.Sayer[stophook.Input] // next's Waits, nil when it has none
}

// Name is the wrapped policy's name, so traces keep reading "ErrorRetry: …".
func (b *turnBudget) Name() string { return stophook.PolicyName(b.next) }

// Evaluate implements [stophook.Policy].
func (b *turnBudget) Evaluate(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
	return b.EvaluateFor(ctx, &in)
}

// EvaluateFor is Evaluate with the input by pointer (see
// stophook's evaluatorFor): a chain of wrappers does not copy it.
func (b *turnBudget) EvaluateFor(ctx context.Context, in *stophook.Input) (stophook.Decision, error) {
	if isStop(in) && in.TurnBlocks >= b.max {
		return stophook.PassOn(fmt.Sprintf("turn budget: %d continuations this turn (max %d)", in.TurnBlocks, b.max)), nil
	}
	if b.next == nil {
		return stophook.Decision{}, errNilPolicy("WithTurnBudget")
	}
	return evaluateOf(ctx, b.next, in)
}

// evaluateOf is next.Evaluate(ctx, *in) for a guard of this package:
// ErrorRetry, and any wrapper of this module with an EvaluateFor method
// (the guards of this package, httphook's counter), are called without
// another copy of the input (an input of several hundred bytes was copied
// at each level).
func evaluateOf(ctx context.Context, next stophook.Policy, in *stophook.Input) (stophook.Decision, error) {
	switch n := next.(type) {
	case *ErrorRetry:
		return n.evaluate(ctx, in)
	case evaluatorFor:
		return n.EvaluateFor(ctx, in)
	}
	return evaluateCopy(ctx, next, in)
}

// evaluatorFor is what runs with the input by pointer: EvaluateFor(ctx,
// in) returns what Evaluate(ctx, *in) would (stophook's chain asks the
// same method).
type evaluatorFor interface {
	EvaluateFor(ctx context.Context, in *stophook.Input) (stophook.Decision, error)
}

// evaluateCopy is next.Evaluate(ctx, *in), in a function of its own so
// that evaluateOf's frame, on the decision's path, holds no room for the
// copy (a request's goroutine stacks up the guards' frames).
//
//go:noinline
func evaluateCopy(ctx context.Context, next stophook.Policy, in *stophook.Input) (stophook.Decision, error) {
	return next.Evaluate(ctx, *in)
}

// Waits reports whether the guarded policy may wait for in; a stop over
// the budget does not reach it.
func (b *turnBudget) Waits(in stophook.Input) bool { return b.WaitsFor(&in) }

// WaitsFor is Waits with the input by pointer (see [waits.PtrSayer]).
func (b *turnBudget) WaitsFor(in *stophook.Input) bool {
	if isStop(in) && in.TurnBlocks >= b.max || b.next == nil {
		return false
	}
	return waitsOf(b.next, b.says, in)
}

// waitsOf asks next, whose Waits is says, whether it may wait for in (see
// [stophook.Evaluate]): ErrorRetry, and a wrapper with a WaitsFor method
// ([waits.PtrSayer]: the guards of this package), are asked without
// another copy of the input (a guard's Waits takes it by value, as the
// interface says); any other policy through waits.Ask. A panic in the
// first two reaches the caller's waits.Ask, which answers true, as this
// one would.
func waitsOf(next stophook.Policy, says waits.Sayer[stophook.Input], in *stophook.Input) bool {
	switch n := next.(type) {
	case *ErrorRetry:
		return n.waits(in)
	case waits.PtrSayer[stophook.Input]:
		return n.WaitsFor(in)
	}
	return waits.Ask(says, in)
}

// isStop is in.IsStop(), without the copy of *in that calling a method
// of Input on a variable whose address is taken makes (TestIsStop).
func isStop(in *stophook.Input) bool {
	return in.HookEventName == stophook.EventStop || in.HookEventName == stophook.EventSubagentStop
}

// errNilPolicy is the error of a guard given no policy to guard.
func errNilPolicy(guard string) error { return fmt.Errorf("policy: %s: nil policy", guard) }
