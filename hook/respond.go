package hook

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/stophook/stophook"

	"github.com/stophook/stophook/internal/chaincall"
	"github.com/stophook/stophook/internal/decided"
	"github.com/stophook/stophook/internal/hostio"
	"github.com/stophook/stophook/internal/inputstore"
	"github.com/stophook/stophook/internal/onepass"
	"github.com/stophook/stophook/internal/reported"
)

// defaultEvents are the stop events a hook handles when none are given.
var defaultEvents = []stophook.Event{stophook.EventStop, stophook.EventSubagentStop}

// lifecycleEvents are always accepted: they keep the per-turn count and the
// policies' state, and are never blocked.
var lifecycleEvents = []stophook.Event{stophook.EventSessionStart, stophook.EventUserPromptSubmit, stophook.EventSessionEnd}

// handlesEvent reports whether a hook configured for events handles the
// event name. An empty list means Stop and SubagentStop; the lifecycle
// events SessionStart, UserPromptSubmit and SessionEnd are always handled.
func handlesEvent(events []stophook.Event, name stophook.Event) bool {
	if slices.Contains(lifecycleEvents, name) {
		return true
	}
	if len(events) == 0 {
		events = defaultEvents
	}
	return slices.Contains(events, name)
}

// response is a hook's answer, encoded for the host that asked.
type response struct {
	// Decision is the final decision, with its trace.
	Decision stophook.Decision
	// Input is the decoded hook input.
	Input stophook.Input
	// Stdout is what a command hook prints (the body of an http hook's
	// response); it may be empty.
	Stdout []byte
	// Stderr holds the lines a command hook prints on stderr: warnings,
	// the -explain trace, and the reason of an exit-code block.
	Stderr string
	// Code is the exit code: 0, or 2 for a block the host reads from the
	// exit code.
	Code int
	// wait, in a [Server], waits for a policy still running after the
	// budget ran out; nil when none is.
	wait func()
	// members is where decodeInput's one pass records the input's
	// members.
	members onepass.Members
}

// respond decodes one hook input, decides with p and encodes the answer for
// the host that sent it: the part of [Run] shared with [Server].
//
// The host is opts.Host, else $STOPHOOK_HOST, else recognised from the
// input's shape. Lifecycle events (SessionStart, UserPromptSubmit,
// SessionEnd) reset the session's turn count and reach p, but are never
// blocked. Stop events get [stophook.Input.TurnBlocks]; once the turn used its budget
// of continuations (opts.MaxTurnBlocks) the session may stop without asking
// p, on every host. respond fails open: the only error is an input that is
// not a hook payload, and the caller lets the session stop.
//
// In a server, an input whose cwd is relative gets the answer that lets
// the session stop, without any policy running: it names no directory of
// the server's.
//
// opts has its defaults (see [Options.withDefaults]). The answer is made
// in resp, which must be zero, and the input decoded in resp.Input: a
// decision copies neither the input nor the answer on its way.
func respond(ctx context.Context, p stophook.Policy, data []byte, opts *Options, resp *response) error {
	if opts.env.disable {
		return nil
	}
	var start time.Time // for the decision log only: a clock read less per request without one
	if opts.Log != "" {
		start = time.Now()
	}
	var warn warnings
	in := &resp.Input
	top, err := decodeInput(data, opts.Host, in, &resp.members)
	if err != nil {
		*in = stophook.Input{}
		if note := logFailOpen(opts, nil, data, strings.TrimPrefix(err.Error(), "stophook: "), start); note != "" {
			err = fmt.Errorf("%w%s", err, note)
		}
		return err
	}
	if opts.now != nil {
		in.Now = opts.now() // else stophook.ParseInput's time.Now, read once
	}
	if !handlesEvent(opts.Events, in.HookEventName) {
		why := fmt.Sprintf("event %q is not handled by this hook", in.HookEventName)
		fmt.Fprintf(warn.to(), "stophook: %s; allowing%s\n", why, logFailOpen(opts, in, data, why, start))
		resp.Stderr = warn.String()
		resp.Stdout, _, _ = encode(in, &stophook.Decision{}, opts)
		return nil
	}
	if opts.server && in.CWD != "" && !filepath.IsAbs(in.CWD) {
		why := fmt.Sprintf("hook input with a relative cwd %q", in.CWD)
		fmt.Fprintf(warn.to(), "stophook: %s; allowing stop%s\n", why, logFailOpen(opts, in, data, why, start))
		resp.Stderr = warn.String()
		resp.Stdout, _, _ = encode(in, &stophook.Decision{}, opts)
		return nil
	}
	if in.Store == nil {
		in.Store = opts.Store
	}
	if in.Store == nil && in.CWD != "" {
		in.Store = defaultStore(in)
		if opts.server {
			in.Store = countedStore(ctx, in.Store)
		}
	}
	// An input without a cwd names no project: no turn state is kept for
	// it unless a state directory was given.
	t := turns{store: in.Store}
	chain := p

	d := &resp.Decision
	switch {
	case slices.Contains(lifecycleEvents, in.HookEventName):
		if err := t.reset(ctx, in); err != nil {
			opts.Logger.Debug("stophook: turn reset", "error", err)
		}
		resp.wait = decide(ctx, chain, in, opts, d)
		if d.Verdict == stophook.Block {
			d.Verdict, d.Reason = stophook.Allow, "" // a lifecycle event is never blocked
		}
	case isStop(in):
		limit := opts.MaxTurnBlocks
		capped := hostio.HasBlockCap(in.Host)
		n, stored, err := t.begin(ctx, in, top)
		if err != nil {
			if !capped {
				*d = uncounted(warn.to(), err)
				decided.Report(ctx, *d) // the policy never saw this stop: a server counts it
				break
			}
			// The host caps its own continuations: go on with what it says.
			n = 0
			if in.StopHookActive {
				n = 1
			}
		}
		in.TurnBlocks = n
		if n >= limit {
			*d = budgetUsed(warn.to(), n, limit)
			decided.Report(ctx, *d)
			break
		}
		resp.wait = decide(ctx, chain, in, opts, d)
		if err := t.end(ctx, in, n, stored, limit, continues(in, d), continuation(d)); err != nil {
			if errors.Is(err, errTurnBudget) {
				*d = budgetUsed(warn.to(), limit, limit)
				break
			}
			if continues(in, d) && !capped {
				*d = uncounted(warn.to(), err)
				break
			}
			opts.Logger.Debug("stophook: turn count", "error", err)
		}
	default:
		resp.wait = decide(ctx, chain, in, opts, d)
	}
	if d.Policy == deadlinePolicy {
		fmt.Fprintf(warn.to(), "stophook: %s; allowing stop\n", d.Why)
	}
	failed := false
	for _, s := range d.Trace {
		// A store outage its store logged (once) is not logged again for
		// every stop it lets through. Several policies failing (a store
		// down fails each that keeps state) share the stop's one line.
		if s.Err != nil && !reported.Is(s.Err) {
			sep := "stophook: "
			if failed {
				sep = "; "
			}
			fmt.Fprintf(warn.to(), "%spolicy %s failed, treated as pass: %v", sep, s.Policy, s.Err)
			failed = true
		}
	}
	if failed {
		warn.to().WriteByte('\n')
	}
	if opts.Explain {
		writeExplain(warn.to(), *d)
	}
	if opts.Log != "" {
		if err := logDecision(opts.Log, in, d, start); err != nil {
			fmt.Fprintf(warn.to(), "stophook: decision log: %v\n", err)
		}
	}
	stdout, stderr, code := encode(in, d, opts)
	resp.Stdout, resp.Code = stdout, code
	if stderr != "" {
		warn.to().WriteString(strings.TrimRight(stderr, "\n") + "\n")
	}
	resp.Stderr = warn.String()
	return nil
}

// decide evaluates p on in within opts.Budget into d. In a server, the
// function it returns (when not nil) waits for a policy that outlived the
// budget.
//
// A policy that says it does not wait (see [stophook.Evaluate]) runs on
// this goroutine: no timer for the budget, nothing to follow.
func decide(ctx context.Context, p stophook.Policy, in *stophook.Input, opts *Options, d *stophook.Decision) (wait func()) {
	chain, ok := p.(*stophook.Chain)
	if !ok {
		chain = stophook.NewChain(p) // as stophook.Evaluate would
	}
	// Asked and run with the input by pointer (package chaincall): it is a
	// pooled response's, on the heap anyway.
	may, ok := chaincall.Waits(chain, in)
	if !ok {
		may = chainWaits(chain, in)
	}
	if !may {
		// What stophook.Evaluate does, without asking again.
		if !chaincall.Evaluate(ctx, chain, in, d) {
			chainEvaluate(ctx, chain, in, d)
		}
		return nil
	}
	return decideWaiting(ctx, p, in, opts, d)
}

// The calls that copy the input (some hundred bytes) are made in functions
// of their own, not inlined, so that the frames of the decision's common
// path, which the request's goroutine stacks up, do not hold room for the
// copies: with them, the stack outgrew its size on every decision after
// the collector had shrunk it, and was copied.

// chainWaits is chain.Waits(*in); chainEvaluate is chain.Evaluate(ctx, *in)
// into *d.
//
//go:noinline
func chainWaits(chain *stophook.Chain, in *stophook.Input) bool { return chain.Waits(*in) }

//go:noinline
func chainEvaluate(ctx context.Context, chain *stophook.Chain, in *stophook.Input, d *stophook.Decision) {
	*d, _ = chain.Evaluate(ctx, *in)
}

// decideWaiting is decide for a chain that may wait: on an evaluator,
// under the budget.
//
//go:noinline
func decideWaiting(ctx context.Context, p stophook.Policy, in *stophook.Input, opts *Options, d *stophook.Decision) (wait func()) {
	var f *flight
	if opts.server {
		f = new(flight)
		p = f.track(p)
	}
	ctx, cancel := context.WithTimeout(ctx, opts.Budget)
	defer cancel()
	*d = stophook.Evaluate(ctx, p, *in)
	if d.Policy == deadlinePolicy && len(d.Trace) == 0 {
		d.Why = "budget of " + opts.Budget.String() + " exceeded"
	}
	if f != nil {
		wait = f.abandon()
	}
	return wait
}

// warnings collects the lines a decision prints on stderr. Most decisions
// have none: the builder is made for the first line.
type warnings struct{ b *strings.Builder }

// to returns the builder to write a line to.
func (w *warnings) to() *strings.Builder {
	if w.b == nil {
		w.b = new(strings.Builder)
	}
	return w.b
}

// String returns the lines written, or "".
func (w *warnings) String() string {
	if w.b == nil {
		return ""
	}
	return w.b.String()
}

// uncounted is the decision when the turn's continuations cannot be
// counted on a host that does not cap them itself: without the count the
// budget cannot hold, so the session may stop.
func uncounted(warn *strings.Builder, err error) stophook.Decision {
	d := stophook.AllowStop("the turn's continuations cannot be counted: " + err.Error())
	d.Policy = budgetPolicy
	if !reported.Is(err) {
		fmt.Fprintf(warn, "stophook: cannot count this turn's continuations (%v); allowing stop\n", err)
	}
	return d
}

// budgetUsed is the decision of a stop whose turn was continued n times,
// at or over the budget of limit: the session may stop.
func budgetUsed(warn *strings.Builder, n, limit int) stophook.Decision {
	d := stophook.AllowStop(fmt.Sprintf("turn budget used: %d continuations this turn (max %d)", n, limit))
	d.Policy = budgetPolicy
	fmt.Fprintf(warn, "stophook: %d continuations this turn reached the budget of %d; allowing stop\n", n, limit)
	return d
}

// budgetPolicy names decisions made by the per-turn budget.
const budgetPolicy = "stophook.turn-budget"

// continues reports whether d sends the agent back to work on a stop: a
// block, or additional context (which continues a Stop on Claude Code).
func continues(in *stophook.Input, d *stophook.Decision) bool {
	return d.Blocks() || (isStop(in) && d.AdditionalContext != "" && !d.Halt)
}

// isStop is in.IsStop(), without the copy of *in that calling a method
// of Input on a pointer makes.
func isStop(in *stophook.Input) bool {
	return in.HookEventName == stophook.EventStop || in.HookEventName == stophook.EventSubagentStop
}

// continuation is the text a continuation feeds back to the agent: the
// reason of a block, else the additional context.
func continuation(d *stophook.Decision) string {
	if d.Blocks() {
		return d.Reason
	}
	return d.AdditionalContext
}

// decodeInput recognises the host and decodes its payload into in with
// Claude Code's field names. Raw holds the normalized payload, in which
// every field of the host's own is kept. top holds what the turn
// accounting reads of the payload when recognising the host read it too.
//
// m holds the members decodeOnce reads; it and in escape (see
// [onepass.Decode]).
func decodeInput(data []byte, host string, in *stophook.Input, m *onepass.Members) (top topFields, err error) {
	if !hostio.Known(host) {
		if h, top, ok := decodeOnce(data, in, m); ok && h == hostio.Claude {
			return top, nil
		} else if ok {
			return topFields{}, decodeAs(data, h, in)
		}
		if host, top = detect(data); host == "" {
			host = hostio.Detect(data)
		}
	}
	if err := decodeAs(data, host, in); err != nil {
		return topFields{}, err
	}
	return top, nil
}

// decodeAs decodes data, a payload of host, into in.
func decodeAs(data []byte, host string, in *stophook.Input) error {
	norm, err := hostio.Normalize(host, data)
	if err != nil {
		detail := strings.TrimPrefix(err.Error(), hostio.ErrInvalidInput.Error()+": ")
		return fmt.Errorf("stophook: invalid hook input: %s", detail)
	}
	if *in, err = stophook.ParseInput(norm); err != nil {
		return err
	}
	in.Host = host
	return nil
}

// encode turns d into the host's output: stdout, extra stderr and exit code.
func encode(in *stophook.Input, d *stophook.Decision, opts *Options) (stdout []byte, stderr string, code int) {
	if isStop(in) && opts.ContinueWithContext && d.Blocks() {
		c := *d // the answer continues with context; the decision stays
		c.AdditionalContext = joinNonEmpty(d.Reason, d.AdditionalContext)
		c.Verdict, c.Reason = stophook.Allow, ""
		d = &c
	}
	if in.HookEventName == stophook.EventStopFailure && (in.Host == hostio.Claude || in.Host == "") {
		// Claude Code reads only the exit code and stderr of an asyncRewake
		// hook: exit 2 asks it to resend.
		if d.Blocks() {
			return nil, d.Reason, 2
		}
		return nil, "", 0
	}
	stdout, stderr, code = hostio.Encode(in.Host, hostio.Reply{
		Event:         string(in.HookEventName),
		Block:         d.Blocks(),
		Reason:        d.Reason,
		Context:       d.AdditionalContext,
		SystemMessage: d.SystemMessage,
		Halt:          d.Halt,
		StopReason:    d.StopReason,
		ExitCode:      opts.ExitCode,
	})
	return bytes.TrimSuffix(stdout, []byte("\n")), stderr, code
}

func joinNonEmpty(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n\n" + b
}

// deadlinePolicy is the Decision.Policy [stophook.Evaluate] gives a
// decision made because the budget ran out.
const deadlinePolicy = "stophook.deadline"

// defaultStore is stophook.DefaultStore(*in) and logDecision appendLog of
// *in and *d, called apart (see chainWaits).
//
//go:noinline
func defaultStore(in *stophook.Input) stophook.Store { return stophook.DefaultStore(*in) }

// countedStore is inputstore.Wrap: a server's metrics count the failures
// of the store an input gets without one. Called apart (see chainWaits).
//
//go:noinline
func countedStore(ctx context.Context, s stophook.Store) stophook.Store {
	return inputstore.Wrap(ctx, s)
}

//go:noinline
func logDecision(path string, in *stophook.Input, d *stophook.Decision, start time.Time) error {
	return appendLog(path, *in, *d, time.Since(start))
}
