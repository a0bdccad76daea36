package queue

import (
	"context"
	"fmt"
	"os"

	"github.com/stophook/stophook"
)

// Advance hands every hook event (Stop, SessionStart,
// UserPromptSubmit) to a [Processor]: it advances, completes or
// cancels the session's command queue, or wakes the brain when the session
// stops with no queue. It never blocks and never waits on the brain: the
// wake goes to the brain, not to Claude, and the decision is always the
// one of Then (Pass when Then is nil).
//
// A Stop only ends the turn when no hook blocks it. When Advance is
// combined with policies that may block, give them to it as Then rather
// than listing them in the same chain: it evaluates Then first and, when
// Then blocks, leaves the queue alone (the turn goes on). Listed in a chain
// it would miss the stops a policy before it allows or advance on stops a
// policy after it blocks.
type Advance struct {
	// Processor does the work; required.
	Processor *Processor
	// Session names the session of an event (the queue key). Nil: the tmux
	// session of $TMUX_PANE.
	Session func(ctx context.Context, in stophook.Input) (string, error)
	// Then decides about the event first; nil passes.
	Then stophook.Policy
}

var _ stophook.Policy = (*Advance)(nil)

// Name implements the optional name interface of [stophook.PolicyName].
func (*Advance) Name() string { return "QueueAdvance" }

// Evaluate implements [stophook.Policy].
func (p *Advance) Evaluate(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
	d := stophook.PassOn("")
	if p.Then != nil {
		d, _ = stophook.NewChain(p.Then).Evaluate(ctx, in)
		if d.Blocks() {
			d.Why = "queue untouched, the turn goes on: " + d.Why
			return d, nil
		}
		d.Policy, d.Trace = "", nil
	}
	if p.Processor == nil {
		return d, fmt.Errorf("queue: Advance has no Processor")
	}
	session, err := p.session(ctx, in)
	if err != nil {
		return d, fmt.Errorf("queue: Advance: %w", err)
	}
	out, err := p.Processor.handle(ctx, session, in)
	d.Why = join("queue "+string(out.action)+": "+out.Why, d.Why)
	return d, err
}

func (p *Advance) session(ctx context.Context, in stophook.Input) (string, error) {
	if p.Session != nil {
		return p.Session(ctx, in)
	}
	return tmuxSession(ctx, os.Getenv("TMUX_PANE"))
}

func join(a, b string) string {
	if b == "" {
		return a
	}
	return a + "; " + b
}
