package policy

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/stophook/stophook"
)

// Defaults of [ResumeAfterAPIError].
const (
	DefaultResumeFirstWait    = 30 * time.Second
	DefaultResumeMaxWait      = 8 * time.Minute
	defaultResumeMaxAttempts  = 5
	defaultResumeMaxTotalWait = 30 * time.Minute
	defaultResumeResetAfter   = time.Hour
)

// resumableErrors are the StopFailure error values [ResumeAfterAPIError]
// resumes by default: a rate limit (HTTP 429) and an overloaded or failing
// server (529, 500). Authentication failures, invalid requests and
// unknown errors do not go away by waiting.
var resumableErrors = []string{"rate_limit", "server_error"}

// ResumeAfterAPIError handles StopFailure, the event Claude Code sends
// instead of Stop when a turn ends on an API error after its own retries.
// For a resumable error it waits, then blocks; the runner turns a block on
// StopFailure into exit code 2 with the reason on stderr, which makes an
// async hook registered with "asyncRewake": true start a new turn: Claude
// Code resends the failed request. Only the interactive client does that;
// `claude -p` waits for the hook and exits without a new turn.
//
// The waits double from FirstWait, each at most MaxWait, and stop after
// MaxAttempts failures in a row or MaxTotalWait waited in all; then the
// policy passes and the session stays stopped. The count lives in the
// Store under "resume/<session_id>"; it is recorded before the wait, so a
// hook killed while waiting still counts. It is cleared by a Stop (a turn
// that ended normally), by SessionEnd, and ResetAfter after the last failure.
//
// A wait is cut to fit the context's deadline (the runner's budget), less a
// second; with no time left the policy passes. Keep the hook's timeout in
// settings above the longest wait.
//
// Other events pass. The zero value is ready to use.
type ResumeAfterAPIError struct {
	// Store holds the counts. Nil means [stophook.DefaultStore] of the
	// input.
	Store stophook.Store
	// Errors lists the StopFailure error values to resume; nil means
	// "rate_limit" and "server_error".
	Errors []string
	// FirstWait is the first wait; default [DefaultResumeFirstWait].
	FirstWait time.Duration
	// MaxWait bounds one wait; default [DefaultResumeMaxWait].
	MaxWait time.Duration
	// MaxAttempts bounds the resumes in a row; default 5.
	MaxAttempts int
	// MaxTotalWait bounds the time waited in a row; default
	// 30 minutes.
	MaxTotalWait time.Duration
	// ResetAfter forgets the count this long after the last failure;
	// default an hour.
	ResetAfter time.Duration

	sleep func(ctx context.Context, d time.Duration) error // nil: a timer
}

var _ stophook.Policy = (*ResumeAfterAPIError)(nil)

// Name implements the optional name interface of [stophook.PolicyName].
func (*ResumeAfterAPIError) Name() string { return "ResumeAfterAPIError" }

type resumeState struct {
	Attempts  int           `json:"attempts"`
	Waited    time.Duration `json:"waited_ns"`
	UpdatedAt time.Time     `json:"updated_at"`
}

// Evaluate implements [stophook.Policy].
func (p *ResumeAfterAPIError) Evaluate(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
	if in.SessionID == "" {
		return stophook.PassOn("no session_id"), nil
	}
	store := p.Store
	if store == nil {
		store = stophook.DefaultStore(in)
	}
	key := "resume/" + in.SessionID
	switch in.HookEventName {
	case stophook.EventStop, stophook.EventSessionEnd:
		if err := store.Delete(ctx, key); err != nil {
			return stophook.Decision{}, fmt.Errorf("policy: resume: %w", err)
		}
		return stophook.PassOn("resume count cleared"), nil
	case stophook.EventStopFailure:
	default:
		return stophook.PassOn("not a StopFailure"), nil
	}
	errs := p.Errors
	if errs == nil {
		errs = resumableErrors
	}
	if !slices.Contains(errs, in.Error) {
		return stophook.PassOn(fmt.Sprintf("API error %q is not resumed", in.Error)), nil
	}
	first := orDuration(p.FirstWait, DefaultResumeFirstWait)
	maxWait := orDuration(p.MaxWait, DefaultResumeMaxWait)
	maxTotal := orDuration(p.MaxTotalWait, defaultResumeMaxTotalWait)
	reset := orDuration(p.ResetAfter, defaultResumeResetAfter)
	maxAttempts := p.MaxAttempts
	if maxAttempts <= 0 {
		maxAttempts = defaultResumeMaxAttempts
	}
	now := in.Time()
	var (
		st     resumeState
		wait   time.Duration
		giveUp string
	)
	err := store.Update(ctx, key, func(old []byte) ([]byte, error) {
		st = resumeState{}
		if old != nil {
			if err := json.Unmarshal(old, &st); err != nil || st.Attempts < 0 || st.Waited < 0 || now.Sub(st.UpdatedAt) > reset {
				st = resumeState{} // corrupt or old: start again
			}
		}
		wait, giveUp = nextWait(st, first, maxWait, maxAttempts, maxTotal)
		if deadline, ok := ctx.Deadline(); ok && giveUp == "" {
			if left := time.Until(deadline) - time.Second; left < wait {
				wait = left
			}
			if wait <= 0 {
				giveUp = "no time left in the hook's budget to wait"
			}
		}
		if giveUp != "" {
			return old, nil // keep the count: later failures give up too
		}
		st.Attempts++
		st.Waited += wait
		st.UpdatedAt = now
		return json.Marshal(st)
	})
	if err != nil {
		return stophook.Decision{}, fmt.Errorf("policy: resume: %w", err)
	}
	if giveUp != "" {
		return stophook.PassOn(fmt.Sprintf("API error %s: not resuming: %s", in.Error, giveUp)), nil
	}
	sleep := p.sleep
	if sleep == nil {
		sleep = sleepCtx
	}
	if err := sleep(ctx, wait); err != nil {
		return stophook.Decision{}, fmt.Errorf("policy: resume: waiting %s: %w", wait, err)
	}
	d := stophook.BlockWith(fmt.Sprintf("The API request failed (%s). Waited %s; resending (attempt %d/%d).",
		in.Error, wait.Round(time.Millisecond), st.Attempts, maxAttempts))
	d.Why = fmt.Sprintf("API error %s: waited %s, resume %d/%d (%s waited in all)",
		in.Error, wait.Round(time.Millisecond), st.Attempts, maxAttempts, st.Waited.Round(time.Millisecond))
	return d, nil
}

// nextWait returns the wait before the next resume, or why there is none.
func nextWait(st resumeState, first, maxWait time.Duration, maxAttempts int, maxTotal time.Duration) (time.Duration, string) {
	if st.Attempts >= maxAttempts {
		return 0, fmt.Sprintf("%d resumes in a row already", st.Attempts)
	}
	wait := first
	for i := 0; i < st.Attempts && wait < maxWait; i++ {
		wait *= 2
	}
	wait = min(wait, maxWait)
	if left := maxTotal - st.Waited; left < wait {
		wait = left
	}
	if wait <= 0 {
		return 0, fmt.Sprintf("%s waited already", st.Waited.Round(time.Millisecond))
	}
	return wait, ""
}

func orDuration(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

// sleepCtx waits d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
