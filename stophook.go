package stophook

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"time"

	"github.com/stophook/stophook/internal/chaincall"
	"github.com/stophook/stophook/internal/waits"
)

// Event is a hook event name (hook_event_name in the hook input). Inputs
// from every host are normalised to Claude Code's names.
type Event string

// The hook events stophook knows.
const (
	EventStop             Event = "Stop"
	EventSubagentStop     Event = "SubagentStop"
	EventSessionStart     Event = "SessionStart"
	EventSessionEnd       Event = "SessionEnd"
	EventUserPromptSubmit Event = "UserPromptSubmit"
	EventStopFailure      Event = "StopFailure"
	EventNotification     Event = "Notification"
)

// Input is the hook payload the agent sends on stdin (command hooks) or in
// the POST body (http hooks), with Claude Code's field names. Fields missing
// from the payload keep their zero value; fields this type does not know
// stay available through [Input.Raw] and [Input.Field].
type Input struct {
	// Common to every event.
	SessionID      string `json:"session_id"`
	TranscriptPath string `json:"transcript_path"`
	CWD            string `json:"cwd"`
	HookEventName  Event  `json:"hook_event_name"`
	PermissionMode string `json:"permission_mode,omitempty"`
	PromptID       string `json:"prompt_id,omitempty"`
	AgentID        string `json:"agent_id,omitempty"`
	AgentType      string `json:"agent_type,omitempty"`
	// Effort is the reasoning effort of the session.
	Effort struct {
		Level string `json:"level,omitempty"`
	} `json:"effort,omitzero"`

	// Stop and SubagentStop.
	StopHookActive       bool              `json:"stop_hook_active,omitempty"`
	LastAssistantMessage string            `json:"last_assistant_message,omitempty"`
	BackgroundTasks      []json.RawMessage `json:"background_tasks,omitempty"`
	SessionCrons         []json.RawMessage `json:"session_crons,omitempty"`
	// SubagentStop only.
	AgentTranscriptPath string `json:"agent_transcript_path,omitempty"`

	// SessionStart: Source is startup|resume|clear|compact|fork.
	// UserPromptSubmit also carries a Source.
	Source string `json:"source,omitempty"`
	Model  string `json:"model,omitempty"`

	// UserPromptSubmit: the raw text the user typed ("/gsd:x 3" for a slash command).
	Prompt string `json:"prompt,omitempty"`

	// SessionEnd: why the session ended (clear, logout, prompt_input_exit, other, …).
	Reason string `json:"reason,omitempty"`

	// StopFailure.
	Error        string          `json:"error,omitempty"`
	ErrorDetails json.RawMessage `json:"error_details,omitempty"`

	// Notification.
	Message          string `json:"message,omitempty"`
	Title            string `json:"title,omitempty"`
	NotificationType string `json:"notification_type,omitempty"`

	// Raw is the payload exactly as received. It is nil for inputs built in code.
	Raw json.RawMessage `json:"-"`

	// Host names the agent that sent the input ("claude", "codex",
	// "gemini", "qwen", "copilot", "droid", "cursor"). The runner sets it
	// from the input's shape or the STOPHOOK_HOST override; empty means
	// Claude Code.
	Host string `json:"-"`

	// TurnBlocks is how many times this hook already sent the agent back to
	// work in the current turn (blocks and additional-context continuations
	// alike). The runner counts it per session in the Store and resets it
	// when a stop is allowed, on UserPromptSubmit, SessionStart and
	// SessionEnd; Cursor's loop_count feeds the same count. For inputs
	// built in code it is what the caller sets.
	TurnBlocks int `json:"-"`

	// Store is where the runner keeps state for this input: Options.Store,
	// else a FileStore in the -state directory or $STOPHOOK_STATE_DIR.
	// Policies without a Store of their own use [DefaultStore](in), so one
	// hook keeps all its state in one place. Nil for inputs built in code.
	Store Store `json:"-"`

	// Now is the time the hook was called. [ParseInput] sets it to time.Now;
	// tests set a fixed time. Policies use it instead of calling time.Now.
	Now time.Time `json:"-"`
}

// Verdict is what a policy says about a stop.
type Verdict int

const (
	// Pass means no opinion: the next policy decides. When every policy
	// passes, the session stops.
	Pass Verdict = iota
	// Allow lets the session stop; no later policy runs.
	Allow
	// Block sends the agent back to work with Decision.Reason; no later
	// policy runs.
	Block
)

func (v Verdict) String() string {
	switch v {
	case Pass:
		return "pass"
	case Allow:
		return "allow"
	case Block:
		return "block"
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// Decision is the outcome of a policy or of a whole [Chain]. The zero value
// lets the session stop.
type Decision struct {
	Verdict Verdict
	// Reason is fed to the agent when Verdict is Block. A Block with an
	// empty Reason is treated as an error by [Chain] and lets the session stop.
	Reason string
	// SystemMessage is shown to the user, whatever the verdict.
	SystemMessage string
	// AdditionalContext is sent as hookSpecificOutput.additionalContext.
	// On Stop, Claude Code continues the turn with it as a system reminder.
	AdditionalContext string
	// Halt stops Claude Code entirely (continue:false) with StopReason
	// shown to the user.
	Halt       bool
	StopReason string

	// Why explains the decision for logs and -explain traces; it is never
	// sent to the agent.
	Why string
	// Policy names the policy that made the decision. Set by [Chain].
	Policy string
	// Trace lists what every policy that ran said. Set by [Chain].
	Trace []Step
}

// Step is one policy's contribution to a [Chain] evaluation.
type Step struct {
	Policy  string
	Verdict Verdict
	Why     string
	Err     error
}

func (s Step) String() string {
	if s.Err != nil {
		return fmt.Sprintf("%s: error: %v (treated as pass)", s.Policy, s.Err)
	}
	if s.Why == "" {
		return fmt.Sprintf("%s: %s", s.Policy, s.Verdict)
	}
	return fmt.Sprintf("%s: %s: %s", s.Policy, s.Verdict, s.Why)
}

// Blocks reports whether d sends the agent back to work.
func (d Decision) Blocks() bool { return d.Verdict == Block && d.Reason != "" }

// BlockWith returns a Block decision with the given reason.
func BlockWith(reason string) Decision { return Decision{Verdict: Block, Reason: reason, Why: "block"} }

// AllowStop returns an Allow decision; why is recorded for traces.
func AllowStop(why string) Decision { return Decision{Verdict: Allow, Why: why} }

// PassOn returns a Pass decision (no opinion); why is recorded for traces.
func PassOn(why string) Decision { return Decision{Verdict: Pass, Why: why} }

// Policy decides about one hook event.
//
// Evaluate returns a [Decision] whose Verdict is [Pass] (no opinion: the
// next policy runs), [Allow] (the session stops) or [Block] (the agent is
// sent back to work with Decision.Reason). A non-nil error, or a panic, is
// recorded by [Chain] and treated as Pass: a policy can never cause a block
// by failing.
//
// Evaluate may be called concurrently from several goroutines (an HTTP hook
// server) and from several processes at once (command hooks); shared state
// belongs in a [Store]. ctx carries the hook's deadline: when it is done,
// Evaluate should return promptly; [Evaluate] lets the session stop anyway.
//
// A policy (or a [Store]) may also have a method Waits(in Input) bool that
// says whether it may wait on anything for in (see [Evaluate]); one
// without it is assumed to.
type Policy interface {
	Evaluate(ctx context.Context, in Input) (Decision, error)
}

// PolicyFunc adapts a function to [Policy].
type PolicyFunc func(ctx context.Context, in Input) (Decision, error)

var _ Policy = PolicyFunc(nil)

// Evaluate calls f(ctx, in).
func (f PolicyFunc) Evaluate(ctx context.Context, in Input) (Decision, error) { return f(ctx, in) }

// Named gives p a name for traces and logs. Policies may instead implement
// interface{ Name() string }.
func Named(name string, p Policy) Policy {
	return namedPolicy{name: name, Policy: p, says: waits.Of[Input](p)}
}

type namedPolicy struct {
	name string
	Policy
	says waits.Sayer[Input] // Policy's Waits, nil when it has none
}

func (n namedPolicy) Name() string { return n.name }

// Waits is the named policy's: see [Evaluate].
func (n namedPolicy) Waits(in Input) bool { return waits.Ask(n.says, &in) }

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

// Chain runs policies in order; the first Allow or Block wins. A zero or
// empty Chain lets every session stop. A *Chain is itself a [Policy], so
// chains nest: the deciding policy and the trace of the inner chain are kept
// in the outer decision.
type Chain struct {
	links []link // the policies, in order
}

// link is a policy of a chain and its optional methods, found once.
type link struct {
	p    Policy
	says waits.Sayer[Input] // p's Waits, nil when it has none
	// p's WaitsFor and EvaluateFor, nil when it has none: see waitsFor and
	// evaluateFor.
	saysFor waits.PtrSayer[Input]
	byPtr   evaluatorFor
}

// evaluatorFor is a policy of this module (an unexported wrapper type of
// package policy or httphook) that also runs with the input by pointer:
// EvaluateFor(ctx, in) returns what Evaluate(ctx, *in) would, without
// copying the input (some hundred bytes) into each level of a chain of
// wrappers.
type evaluatorFor interface {
	EvaluateFor(ctx context.Context, in *Input) (Decision, error)
}

var _ Policy = (*Chain)(nil)

// NewChain returns a chain of the given policies; the first listed runs
// first. The slice is copied.
func NewChain(policies ...Policy) *Chain {
	chainCalls.Do(func() { chaincall.Set(chainWaits, chainEvaluate) })
	c := &Chain{links: make([]link, len(policies))}
	for i, p := range policies {
		byPtr, _ := p.(evaluatorFor)
		c.links[i] = link{p: p, says: waits.Of[Input](p), saysFor: waits.PtrOf[Input](p), byPtr: byPtr}
	}
	return c
}

// Evaluate implements [Policy]: it runs the chain on in. A policy's error or
// panic is recorded in the trace (the runner prints it as a warning) and
// treated as Pass; a done ctx lets the
// session stop. The returned Decision names the deciding policy and carries
// the trace of every policy that ran, nested chains included. The error is
// always nil: failures are part of the trace.
func (c *Chain) Evaluate(ctx context.Context, in Input) (Decision, error) {
	return c.evaluate(ctx, &in), nil
}

// chainCalls registers chainWaits and chainEvaluate with package
// chaincall, for package hook, at the first NewChain.
var chainCalls sync.Once

// chainWaits is c.Waits(*in) and chainEvaluate c.Evaluate(ctx, *in), with
// the input by pointer (see package chaincall): in escapes.
func chainWaits(c *Chain, in *Input) bool { return c.waitsFor(in) }

func chainEvaluate(ctx context.Context, c *Chain, in *Input, d *Decision) {
	*d = c.evaluateFor(ctx, in)
}

// waitsFor is Waits asking the policies that have a WaitsFor method
// through it; in escapes.
func (c *Chain) waitsFor(in *Input) bool {
	if c == nil {
		return false
	}
	for i := range c.links {
		if l := &c.links[i]; l.p != nil && waits.AskFor(l.saysFor, l.says, in) {
			return true
		}
	}
	return false
}

// Waits reports whether one of c's policies may wait on anything for in
// (see [Evaluate]): a policy without a Waits method is assumed to.
func (c *Chain) Waits(in Input) bool {
	if c == nil {
		return false
	}
	for i := range c.links {
		if l := &c.links[i]; l.p != nil && waits.Ask(l.says, &in) {
			return true
		}
	}
	return false
}

// deadlinePolicy is the Decision.Policy of a decision made because the
// context was done or the budget ran out: the session is allowed to stop.
const deadlinePolicy = "stophook.deadline"

// defaultBudget bounds [Evaluate] when its context has no deadline.
const defaultBudget = 50 * time.Second

// Evaluate runs p (a policy or a [*Chain]) on in and returns the final
// decision. It never fails: a policy's error or panic counts as Pass, and
// a context that is done first — ctx's deadline, or [defaultBudget] when
// ctx has none — lets the session stop (Decision.Policy is then
// [deadlinePolicy]) even if p is still running and ignores its context.
// A Decision with Verdict Pass also lets the session stop. The chain runs
// on a goroutine of its own, which Evaluate keeps for later calls once the
// chain returned; a goroutine idle for a second exits.
//
// A chain whose every policy says it does not wait runs on the caller's
// goroutine instead, with the same panic recovery and without a timer: a
// policy says so with a method Waits(in Input) bool that returns false
// when its Evaluate(ctx, in) only computes — no network, no lock another
// process holds, no file (whatever file system it is on), no model, no
// human — and calls nothing that waits (its Store, its next policy: ask
// them). [MemoryStore] does not wait; a policy or store without the
// method is assumed to.
func Evaluate(ctx context.Context, p Policy, in Input) Decision {
	chain, ok := p.(*Chain)
	if !ok {
		chain = NewChain(p)
	}
	if !chain.Waits(in) {
		return chain.evaluate(ctx, &in)
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, defaultBudget)
		defer cancel()
	}
	j := jobPool.Get().(*evalJob)
	j.ctx, j.chain, j.in = ctx, chain, in
	done := j.done
	j.start() // on a goroutine of its own: see evaluator.go
	select {
	case d := <-done:
		j.ctx, j.chain, j.in = nil, nil, Input{}
		jobPool.Put(j)
		return d
	case <-ctx.Done():
		select {
		case d := <-done:
			return d
		default:
		}
		// j stays with its evaluator, which sends the late decision into
		// done's buffer and drops it.
		return Decision{Verdict: Allow, Policy: deadlinePolicy, Why: "budget exceeded: " + ctx.Err().Error()}
	}
}

// evaluate is Evaluate; in is a pointer so that the input is copied once,
// for each policy, not at each call on the way to it.
func (c *Chain) evaluate(ctx context.Context, in *Input) Decision {
	return c.run(ctx, func(l *link) (Decision, error) { return safeEvaluate(ctx, l.p, in) })
}

// evaluateFor is evaluate running the policies that have an EvaluateFor
// method through it; in escapes.
func (c *Chain) evaluateFor(ctx context.Context, in *Input) Decision {
	return c.run(ctx, func(l *link) (Decision, error) { return safeEvaluateFor(ctx, l.p, l.byPtr, in) })
}

// run is evaluate and evaluateFor, which differ in how a policy is called:
// call(l) runs l's policy on the input.
func (c *Chain) run(ctx context.Context, call func(l *link) (Decision, error)) Decision {
	var trace []Step
	if c != nil {
		for i := range c.links {
			l := &c.links[i]
			if err := ctx.Err(); err != nil {
				trace = append(trace, Step{Policy: deadlinePolicy, Verdict: Allow, Why: err.Error()})
				return Decision{Verdict: Allow, Why: "deadline: " + err.Error(), Policy: deadlinePolicy, Trace: trace}
			}
			name := PolicyName(l.p)
			d, err := call(l)
			if err == nil && d.Verdict == Block && d.Reason == "" {
				err = fmt.Errorf("stophook: policy %s blocked without a reason", name)
			}
			if err == nil && d.Verdict != Pass && d.Verdict != Allow && d.Verdict != Block {
				err = fmt.Errorf("stophook: policy %s returned unknown verdict %v", name, d.Verdict)
			}
			if err != nil {
				trace = append(trace, Step{Policy: name, Verdict: Pass, Err: err})
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
				trace = append(trace, Step{Policy: deadlinePolicy, Verdict: Allow, Why: err.Error()})
				d = Decision{Verdict: Allow, Why: "deadline: " + err.Error()}
				name = deadlinePolicy
			}
			d.Policy = name
			d.Trace = trace
			return d
		}
	}
	return Decision{Verdict: Pass, Why: "no policy objected", Trace: trace}
}

func safeEvaluate(ctx context.Context, p Policy, in *Input) (d Decision, err error) {
	defer func() {
		if r := recover(); r != nil {
			d = Decision{}
			err = fmt.Errorf("stophook: policy panicked: %v", r)
		}
	}()
	if p == nil {
		return Decision{}, fmt.Errorf("stophook: nil policy")
	}
	return p.Evaluate(ctx, *in)
}

// safeEvaluateFor is safeEvaluate through byPtr, p's EvaluateFor, when p
// has one; in escapes.
func safeEvaluateFor(ctx context.Context, p Policy, byPtr evaluatorFor, in *Input) (d Decision, err error) {
	if byPtr == nil {
		return safeEvaluate(ctx, p, in)
	}
	defer func() {
		if r := recover(); r != nil {
			d = Decision{}
			err = fmt.Errorf("stophook: policy panicked: %v", r)
		}
	}()
	return byPtr.EvaluateFor(ctx, in)
}
