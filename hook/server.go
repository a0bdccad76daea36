package hook

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"

	"github.com/stophook/stophook"
)

// Server returns what a hook server runs for each request: it takes the
// request's body (one hook input) and returns the JSON to answer with,
// encoded for the host that sent it — the flow of [Run], with the same turn
// accounting, Store, decision log and host encoding. Package httphook
// serves it over HTTP. The environment is read once, here; a value it does
// not understand is logged once. Warnings go to opts.Logger (default
// slog.Default()); Stdin, Stdout, Stderr and ExitCode are not used.
//
// The returned function is safe for concurrent use. Its error reports a
// body that is not a hook input (answer 400: the host lets the session
// stop). An input whose cwd is relative names no directory of the
// server's: it gets {} without any policy running.
//
// When the budget runs out the answer lets the session stop at once, and
// the policy's context is cancelled. A policy that is still running then
// is not left behind: wait, when not nil, returns once it has returned.
// Call it after the answer was sent, so that the request (and its place
// under any cap on concurrent requests) lasts as long as its policy.
func Server(p stophook.Policy, opts Options) func(ctx context.Context, body []byte) (answer []byte, wait func(), err error) {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	fresh := opts.env == nil
	opts = opts.withDefaults()
	if fresh {
		for _, w := range opts.env.warnings {
			opts.Logger.Warn(w)
		}
	}
	opts.server = true
	return func(ctx context.Context, body []byte) ([]byte, func(), error) {
		resp := responses.Get().(*response)
		defer func() {
			*resp = response{} // keeps nothing of the request
			responses.Put(resp)
		}()
		if err := respond(ctx, p, body, &opts, resp); err != nil {
			return nil, nil, err
		}
		if resp.Stderr != "" {
			opts.Logger.Warn(strings.TrimSpace(resp.Stderr), "session_id", resp.Input.SessionID)
		}
		if len(resp.Stdout) == 0 {
			return []byte("{}"), resp.wait, nil
		}
		return resp.Stdout, resp.wait, nil
	}
}

// responses holds a [Server]'s responses for reuse, zero, as *response:
// respond decodes the input in place (see [onepass.Decode]), which takes
// it off the stack.
var responses = sync.Pool{New: func() any { return new(response) }}

// flight follows one evaluation of a policy in a [Server], so that the
// request can wait for a policy that outlived the budget:
// [stophook.Evaluate] answers at the deadline without it.
type flight struct {
	mu        sync.Mutex
	started   bool // the policy was called
	abandoned bool // the decision was made: the policy is no longer called
	done      chan struct{}
}

// track returns p, recording when it runs and when it returns.
func (f *flight) track(p stophook.Policy) stophook.Policy {
	f.done = make(chan struct{})
	return stophook.Named(stophook.PolicyName(p), stophook.PolicyFunc(func(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
		f.mu.Lock()
		if f.abandoned {
			f.mu.Unlock()
			return stophook.PassOn("decided without it"), nil
		}
		f.started = true
		f.mu.Unlock()
		defer close(f.done)
		if p == nil {
			return stophook.Decision{}, errNilPolicy
		}
		return p.Evaluate(ctx, in)
	}))
}

// abandon marks the evaluation decided and returns a function that waits
// for the policy, or nil when it returned or never ran.
func (f *flight) abandon() func() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.abandoned = true
	if !f.started {
		return nil
	}
	select {
	case <-f.done:
		return nil
	default:
		return func() { <-f.done }
	}
}

// errNilPolicy is a server's policy error when it was given none.
var errNilPolicy = errors.New("stophook: nil policy")
