package policy

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/textcut"
	"github.com/stophook/stophook/internal/waits"
)

// backgroundTask is one entry of a Stop input's background_tasks: a task
// the agent started in the background (a Bash command run with
// run_in_background) that Claude Code still tracks.
type backgroundTask struct {
	ID          string `json:"id"`
	Type        string `json:"type"`
	Status      string `json:"status"`
	Description string `json:"description"`
	Command     string `json:"command"`
}

// running reports whether the task is still going: status "running", or
// no status at all (a listed task is taken as running unless it says
// otherwise).
func (t backgroundTask) running() bool {
	s := strings.ToLower(strings.TrimSpace(t.Status))
	return s == "" || s == "running" || s == "pending"
}

// runningBackgroundTasks returns the running tasks of in.BackgroundTasks.
// Entries that are not JSON objects are skipped.
func runningBackgroundTasks(in *stophook.Input) []backgroundTask {
	var out []backgroundTask
	for _, raw := range in.BackgroundTasks {
		var t backgroundTask
		if b := bytes.TrimSpace(raw); len(b) == 0 || b[0] != '{' || json.Unmarshal(b, &t) != nil {
			continue
		}
		if t.running() {
			out = append(out, t)
		}
	}
	return out
}

// PauseOnBackgroundTasks returns next guarded for stops that are only a
// pause: while a background task runs, Claude Code starts a new turn by
// itself when the task ends, so such a stop is not the end of the work.
// On a Stop or SubagentStop with a running background task the guard
// passes without calling next (a loop does not count an iteration, a
// retry does not block, an escalation does not page the human) and the
// trace says why. Every other input goes to next unchanged, so the next
// real stop finds next's state (a loop's iteration) where it was.
//
// Wrap each policy that should wait, not the policies that must see every
// stop:
//
//	stophook.NewChain(policy.PauseOnBackgroundTasks(&loopstate.Iterator{}), policy.PauseOnBackgroundTasks(retry))
func PauseOnBackgroundTasks(next stophook.Policy) stophook.Policy {
	return &pauseOnBackground{next: next, says: waits.Of[stophook.Input](next)}
}

type pauseOnBackground struct {
	next stophook.Policy
	says waits.Sayer[stophook.Input] // next's Waits, nil when it has none
}

// Name is the wrapped policy's name, so traces keep reading "LoopIterator: …".
func (p *pauseOnBackground) Name() string { return stophook.PolicyName(p.next) }

func (p *pauseOnBackground) Evaluate(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
	return p.EvaluateFor(ctx, &in)
}

// EvaluateFor is Evaluate with the input by pointer (see stophook's
// evaluatorFor, and [evaluateOf] for the guards of this package).
func (p *pauseOnBackground) EvaluateFor(ctx context.Context, in *stophook.Input) (stophook.Decision, error) {
	if isStop(in) && len(in.BackgroundTasks) > 0 {
		if running := runningBackgroundTasks(in); len(running) > 0 {
			return stophook.PassOn(pauseWhy(running)), nil
		}
	}
	if p.next == nil {
		return stophook.Decision{}, errNilPolicy("PauseOnBackgroundTasks")
	}
	return evaluateOf(ctx, p.next, in)
}

// Waits reports whether next may wait for in (see [stophook.Evaluate]).
// The guard itself only reads the input; a stop it passes on, while a
// task runs, may be said to wait, which only costs the hand-off.
func (p *pauseOnBackground) Waits(in stophook.Input) bool { return p.WaitsFor(&in) }

// WaitsFor is Waits with the input by pointer (see [waits.PtrSayer], and
// [waitsOf] for the guards of this package).
func (p *pauseOnBackground) WaitsFor(in *stophook.Input) bool {
	return p.next != nil && waitsOf(p.next, p.says, in)
}

// pauseWhy names the running tasks for the trace.
func pauseWhy(running []backgroundTask) string {
	t := running[0]
	what := t.Description
	if what == "" {
		what = t.Command
	}
	what = textcut.Runes(what, 61, "…")
	var b strings.Builder
	fmt.Fprintf(&b, "paused: %d background task", len(running))
	if len(running) > 1 {
		b.WriteByte('s')
	}
	b.WriteString(" running")
	if t.ID != "" || what != "" {
		fmt.Fprintf(&b, " (%s %q)", t.ID, what)
	}
	b.WriteString("; Claude Code starts the next turn when it ends")
	return b.String()
}
