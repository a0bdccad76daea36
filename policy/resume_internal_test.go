package policy

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook"
)

var resumeT0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func stopFailure(errName string, at time.Time) stophook.Input {
	return stophook.Input{SessionID: "s1", CWD: ".", HookEventName: stophook.EventStopFailure, Error: errName,
		LastAssistantMessage: "API Error: Request rejected (429)", Now: at}
}

// resumeRecorder returns a policy on a memory store whose waits are recorded, not slept.
func resumeRecorder(p ResumeAfterAPIError) (*ResumeAfterAPIError, *[]time.Duration) {
	var waits []time.Duration
	if p.Store == nil {
		p.Store = new(stophook.MemoryStore)
	}
	p.sleep = func(_ context.Context, d time.Duration) error {
		waits = append(waits, d)
		return nil
	}
	return &p, &waits
}

func TestResumeBackoff(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		p     ResumeAfterAPIError
		calls int
		waits []time.Duration
	}{
		{"defaults: doubling from 30s, five attempts", ResumeAfterAPIError{}, 7,
			[]time.Duration{30 * time.Second, time.Minute, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute}},
		{"each wait capped by MaxWait", ResumeAfterAPIError{FirstWait: time.Minute, MaxWait: 90 * time.Second, MaxAttempts: 4}, 5,
			[]time.Duration{time.Minute, 90 * time.Second, 90 * time.Second, 90 * time.Second}},
		{"total wait bounded, last wait shortened", ResumeAfterAPIError{FirstWait: time.Second, MaxTotalWait: 10 * time.Second, MaxAttempts: 9}, 6,
			[]time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 3 * time.Second}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p, waits := resumeRecorder(tt.p)
			blocks := 0
			for i := range tt.calls {
				d, err := p.Evaluate(context.Background(), stopFailure("rate_limit", resumeT0.Add(time.Duration(i)*time.Minute)))
				if err != nil {
					t.Fatalf("call %d: %v", i, err)
				}
				if d.Blocks() {
					blocks++
					if !strings.Contains(d.Reason, "rate_limit") || !strings.Contains(d.Reason, "resending") {
						t.Errorf("reason %q, want the error and the resend", d.Reason)
					}
				} else if d.Verdict != stophook.Pass || !strings.Contains(d.Why, "not resuming") {
					t.Errorf("call %d: got %v %q, want a pass saying why", i, d.Verdict, d.Why)
				}
			}
			if got := *waits; !equalDurations(got, tt.waits) {
				t.Errorf("waits: got %v, want %v", got, tt.waits)
			}
			if blocks != len(tt.waits) {
				t.Errorf("blocks: got %d, want %d", blocks, len(tt.waits))
			}
		})
	}
}

func equalDurations(a, b []time.Duration) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestResumeEvents(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		in    stophook.Input
		block bool
	}{
		{"rate limit", stopFailure("rate_limit", resumeT0), true},
		{"server error", stopFailure("server_error", resumeT0), true},
		{"authentication failed", stopFailure("authentication_failed", resumeT0), false},
		{"invalid request", stopFailure("invalid_request", resumeT0), false},
		{"unknown", stopFailure("unknown", resumeT0), false},
		{"stop", stophook.Input{SessionID: "s1", HookEventName: stophook.EventStop, Now: resumeT0}, false},
		{"no session", stophook.Input{HookEventName: stophook.EventStopFailure, Error: "rate_limit", Now: resumeT0}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p, _ := resumeRecorder(ResumeAfterAPIError{})
			d, err := p.Evaluate(context.Background(), tt.in)
			if err != nil || d.Blocks() != tt.block {
				t.Errorf("got %v %q, %v; want block %v", d.Verdict, d.Why, err, tt.block)
			}
		})
	}
}

// A normal Stop, SessionEnd, or an hour without failures start the count again.
func TestResumeReset(t *testing.T) {
	t.Parallel()
	for _, reset := range []stophook.Input{
		{SessionID: "s1", HookEventName: stophook.EventStop, Now: resumeT0},
		{SessionID: "s1", HookEventName: stophook.EventSessionEnd, Now: resumeT0},
		{SessionID: "other", HookEventName: stophook.EventUserPromptSubmit, Now: resumeT0}, // no reset: wait the late failure out
	} {
		t.Run(string(reset.HookEventName), func(t *testing.T) {
			t.Parallel()
			p, waits := resumeRecorder(ResumeAfterAPIError{FirstWait: time.Second, MaxAttempts: 2})
			ctx := context.Background()
			for range 2 {
				p.Evaluate(ctx, stopFailure("rate_limit", resumeT0))
			}
			p.Evaluate(ctx, reset)
			later := resumeT0
			if reset.SessionID == "other" {
				later = resumeT0.Add(defaultResumeResetAfter + time.Minute)
			}
			d, _ := p.Evaluate(ctx, stopFailure("rate_limit", later))
			if !d.Blocks() || (*waits)[len(*waits)-1] != time.Second {
				t.Errorf("after reset: got %v %q, waits %v; want a block after the first wait", d.Verdict, d.Why, *waits)
			}
		})
	}
}

// The wait fits the budget; a cancelled wait is an error (the stop goes on)
// but still counts.
func TestResumeBudget(t *testing.T) {
	t.Parallel()
	p, waits := resumeRecorder(ResumeAfterAPIError{FirstWait: time.Hour, MaxWait: time.Hour, MaxTotalWait: 2 * time.Hour})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	d, err := p.Evaluate(ctx, stopFailure("server_error", resumeT0))
	if err != nil || !d.Blocks() || len(*waits) != 1 || (*waits)[0] > 29*time.Second || (*waits)[0] < 20*time.Second {
		t.Fatalf("got %v, %v, waits %v; want a block after a wait cut to the budget", d.Verdict, err, *waits)
	}
	short, cancel2 := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel2()
	if d, _ := p.Evaluate(short, stopFailure("server_error", resumeT0)); d.Verdict != stophook.Pass || !strings.Contains(d.Why, "budget") {
		t.Errorf("no time left: got %v %q, want a pass naming the budget", d.Verdict, d.Why)
	}

	p.sleep = func(ctx context.Context, d time.Duration) error { return context.Canceled }
	if _, err := p.Evaluate(context.Background(), stopFailure("server_error", resumeT0)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled wait: got %v, want context.Canceled", err)
	}
	b, _ := p.Store.Get(context.Background(), "resume/s1")
	if !strings.Contains(string(b), `"attempts":2`) {
		t.Errorf("state %s, want the cancelled attempt counted", b)
	}
}

func TestResumeCorruptState(t *testing.T) {
	t.Parallel()
	p, waits := resumeRecorder(ResumeAfterAPIError{FirstWait: time.Second})
	ctx := context.Background()
	p.Store.Update(ctx, "resume/s1", func([]byte) ([]byte, error) { return []byte(`{"attempts":-4`), nil })
	if d, err := p.Evaluate(ctx, stopFailure("rate_limit", resumeT0)); err != nil || !d.Blocks() || (*waits)[0] != time.Second {
		t.Errorf("got %v, %v, waits %v; want a fresh start", d.Verdict, err, *waits)
	}
}
