package stophook

import (
	"context"
	"fmt"
	"log/slog"
	"reflect"
	"runtime/debug"
)

// Chain runs policies in order; the first Allow or Block wins. A zero or
// empty Chain lets every session stop. A *Chain is itself a [Policy], so
// chains nest: the deciding policy and the trace of the inner chain are kept
// in the outer decision.
type Chain struct {
	policies []Policy
	logger   *slog.Logger
}

// NewChain returns a chain of the given policies; the first listed runs
// first. The slice is copied.
func NewChain(policies ...Policy) *Chain {
	return &Chain{policies: append([]Policy(nil), policies...)}
}

// WithLogger returns a copy of c that logs each decision to l. The default
// logger is slog.Default().
func (c *Chain) WithLogger(l *slog.Logger) *Chain {
	var cp Chain
	if c != nil {
		cp = *c
	}
	cp.logger = l
	return &cp
}

func (c *Chain) log() *slog.Logger {
	if c == nil || c.logger == nil {
		return slog.Default()
	}
	return c.logger
}

var _ Policy = (*Chain)(nil)

// DeadlinePolicy is the Decision.Policy of a decision made because the
// context was done or the budget ran out: the session is allowed to stop.
const DeadlinePolicy = "stophook.deadline"

// Evaluate implements [Policy]: it runs the chain on in. A policy's error or
// panic is logged, recorded in the trace and treated as Pass; a done ctx lets
// the session stop. The returned Decision names the deciding policy and
// carries the trace of every policy that ran, nested chains included. The
// error is always nil: failures are part of the trace.
func (c *Chain) Evaluate(ctx context.Context, in Input) (Decision, error) {
	return c.evaluate(ctx, in), nil
}

func (c *Chain) evaluate(ctx context.Context, in Input) Decision {
	var trace []Step
	if c != nil {
		for _, p := range c.policies {
			if err := ctx.Err(); err != nil {
				trace = append(trace, Step{Policy: DeadlinePolicy, Verdict: Allow, Why: err.Error()})
				d := Decision{Verdict: Allow, Why: "deadline: " + err.Error(), Policy: DeadlinePolicy, Trace: trace}
				c.logDecision(ctx, in, d)
				return d
			}
			name := PolicyName(p)
			d, err := safeEvaluate(ctx, p, in)
			if err == nil && d.Verdict == Block && d.Reason == "" {
				err = fmt.Errorf("stophook: policy %s blocked without a reason", name)
			}
			if err == nil && d.Verdict != Pass && d.Verdict != Allow && d.Verdict != Block {
				err = fmt.Errorf("stophook: policy %s returned unknown verdict %v", name, d.Verdict)
			}
			if err != nil {
				trace = append(trace, Step{Policy: name, Verdict: Pass, Err: err})
				c.log().LogAttrs(ctx, slog.LevelWarn, "stophook: policy failed, treated as pass",
					slog.String("policy", name), slog.String("error", err.Error()), slog.String("session_id", in.SessionID))
				continue
			}
			if len(d.Trace) > 0 { // a nested chain, or a decorator around one
				trace = append(trace, d.Trace...)
				if d.Policy != "" {
					name = d.Policy
				}
			} else {
				trace = append(trace, Step{Policy: name, Verdict: d.Verdict, Why: d.Why})
			}
			if d.Verdict == Pass {
				continue
			}
			if err := ctx.Err(); err != nil && d.Verdict == Block {
				trace = append(trace, Step{Policy: DeadlinePolicy, Verdict: Allow, Why: err.Error()})
				d = Decision{Verdict: Allow, Why: "deadline: " + err.Error()}
				name = DeadlinePolicy
			}
			d.Policy = name
			d.Trace = trace
			c.logDecision(ctx, in, d)
			return d
		}
	}
	d := Decision{Verdict: Pass, Why: "no policy objected", Trace: trace}
	c.logDecision(ctx, in, d)
	return d
}

func (c *Chain) logDecision(ctx context.Context, in Input, d Decision) {
	c.log().LogAttrs(ctx, slog.LevelDebug, "stophook: decision",
		slog.String("event", in.HookEventName), slog.String("session_id", in.SessionID),
		slog.String("verdict", d.Verdict.String()), slog.String("policy", d.Policy), slog.String("why", d.Why))
}

func safeEvaluate(ctx context.Context, p Policy, in Input) (d Decision, err error) {
	defer func() {
		if r := recover(); r != nil {
			d = Decision{}
			err = fmt.Errorf("stophook: policy panicked: %v", r)
			slog.Debug("stophook: policy panic", "stack", string(debug.Stack()))
		}
	}()
	if p == nil {
		return Decision{}, fmt.Errorf("stophook: nil policy")
	}
	return p.Evaluate(ctx, in)
}

// PolicyName returns p's name: its Name method if it has one, else its type.
func PolicyName(p Policy) string {
	if n, ok := p.(interface{ Name() string }); ok {
		return n.Name()
	}
	if p == nil {
		return "<nil>"
	}
	t := reflect.TypeOf(p)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.String()
}
