package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/escalate/deferred"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/policy"
)

// claudeConfig holds the settings for Claude Code's newer hook features:
// resuming after API errors, deferred answers, paging during a pause.
type claudeConfig struct {
	// ResumeAfter is the first wait before resending a turn that ended on
	// a rate limit or server error (StopFailure); 0 turns resuming off.
	ResumeAfter time.Duration
	// Deferred lets the session stop at once after asking the human; the
	// answer starts a new turn through the session's messaging socket.
	Deferred     bool
	DeferredWait time.Duration
	// PageDuringBackground asks the human even while a background task runs.
	PageDuringBackground bool
}

func (c *claudeConfig) register(fs *flag.FlagSet) {
	fs.DurationVar(&c.ResumeAfter, "resume-after", policy.DefaultResumeFirstWait,
		"on StopFailure (rate limit, server error) wait this long, then resend; doubling, bounded (`0` turns it off; register as an async hook with asyncRewake)")
	fs.BoolVar(&c.Deferred, "deferred", false, "ask the human without holding the session: it stops at once, and the answer starts a new turn (interactive Claude Code on Unix)")
	fs.DurationVar(&c.DeferredWait, "deferred-wait", deferred.DefaultWait, "how long a -deferred question waits for its answer")
	fs.BoolVar(&c.PageDuringBackground, "page-during-background", false, "ask the human even when the agent stops while a background task runs")
}

func (c claudeConfig) validate() error {
	switch {
	case c.ResumeAfter < 0:
		return fmt.Errorf("autopilot: -resume-after must not be negative")
	case c.DeferredWait <= 0:
		return fmt.Errorf("autopilot: -deferred-wait must be positive")
	}
	return nil
}

// resumeSlack is the budget beyond the longest resume wait.
const resumeSlack = 30 * time.Second

// withResume puts ResumeAfterAPIError first in policies (a Stop clears its
// count, so it must see every Stop) and adds StopFailure to the events.
func (c claudeConfig) withResume(policies []stophook.Policy, store stophook.Store, opts *hook.Options) []stophook.Policy {
	if c.ResumeAfter == 0 {
		return policies
	}
	r := &policy.ResumeAfterAPIError{Store: store, FirstWait: c.ResumeAfter}
	opts.Events = append(opts.Events, stophook.EventStopFailure)
	return append([]stophook.Policy{r}, policies...)
}

// resumeBudget is the decision budget of a StopFailure: the longest wait
// and some slack. Other events keep the usual budget, so a stuck policy
// cannot hold a Stop for minutes.
func (c claudeConfig) resumeBudget() time.Duration {
	return max(policy.DefaultResumeMaxWait, c.ResumeAfter) + resumeSlack
}

// budgetExceptStopFailure bounds next by budget on every event but
// StopFailure, whose wait for the API the runner's larger budget bounds.
// The hook input is read once, by the runner, which decides as soon as
// one complete JSON value has arrived.
func budgetExceptStopFailure(budget time.Duration, next stophook.Policy) stophook.Policy {
	return stophook.PolicyFunc(func(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
		if in.HookEventName != stophook.EventStopFailure {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, budget)
			defer cancel()
		}
		return stophook.Evaluate(ctx, next, in), nil
	})
}
