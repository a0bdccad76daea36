package policy

import (
	"context"
	"encoding/json"

	"fmt"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/waits"
	"github.com/stophook/stophook/judge"
	"github.com/stophook/stophook/transcript"
)

// DefaultRetryReason is the block reason of [ErrorRetry].
const DefaultRetryReason = "The previous approach hit an error. Try a different approach to accomplish the task."

// ErrorRetry sends the agent back to work when its last message reports an
// error, up to MaxRetries times in a row within one turn; then it passes,
// so a later policy (escalation) or the stop decides, for the rest of the
// turn. The count starts again at the first stop of the next turn
// ([stophook.Input.FirstStop]), so each prompt gets its retries.
//
// With AcrossTurns the count is kept per session instead, as the first
// Stop-hook scripts did: MaxRetries errors in a row, whatever the turns,
// then one pass that clears the count.
//
// The count lives in a [stophook.Store] under "retry/<session_id>". It is
// cleared when a stop does not look like an error, when the session ends
// (register the hook for SessionEnd too), and it expires after TTL, so
// sessions that crash do not leave counts behind for ever.
type ErrorRetry struct {
	// Store holds the counts. Nil means [stophook.DefaultStore] of the
	// input.
	Store stophook.Store
	// MaxRetries is the number of blocks in a row; 0 means 2.
	MaxRetries int
	// Matcher detects errors in the last message alone; nil means the
	// turn judge ([Judge]): an error needs an explicit statement that the
	// task failed, or a failed check in the turn's transcript that no later
	// run fixed (see package judge). judge.Keywords{} detects errors by
	// words instead.
	Matcher Matcher
	// Judge is the turn judge of the default; nil judges each stop
	// afresh. Share one with the other policies of the chain.
	Judge *Judge
	// TTL is how long a count survives without a new error; 0 means 24h.
	TTL time.Duration
	// Reason is the block reason; empty means DefaultRetryReason.
	Reason string
	// AcrossTurns counts retries per session rather than per turn.
	AcrossTurns bool
}

var _ stophook.Policy = (*ErrorRetry)(nil)

// Name implements the optional name interface of [stophook.PolicyName].
func (*ErrorRetry) Name() string { return "ErrorRetry" }

// Waits reports whether Evaluate may wait for in (see
// [stophook.Evaluate]): when its store may, or when it judges a stop
// with a Matcher that may, or with a Judge (which may settle with a
// model, read a transcript, or hold its lock for another stop that does)
// or a transcript to read.
func (p *ErrorRetry) Waits(in stophook.Input) bool { return p.waits(&in) }

// waits is Waits, for the guards of this package, which hold the input
// already (see [waitsOf]).
func (p *ErrorRetry) waits(in *stophook.Input) bool {
	if in.SessionID == "" || !isStop(in) && in.HookEventName != stophook.EventSessionEnd {
		return false
	}
	store := p.storeFor(in)
	switch {
	case waits.May(store, in):
		return true
	case !isStop(in) || in.LastAssistantMessage == "":
		return false
	case p.Matcher != nil:
		return waits.May(p.Matcher, in)
	}
	return p.Judge != nil || transcript.Path(in.TranscriptPath, in.AgentTranscriptPath) != ""
}

// storeFor returns the store of the counts for in: p.Store, else
// stophook.DefaultStore(*in), without copying the input when it carries
// its store (as the runner's inputs do).
func (p *ErrorRetry) storeFor(in *stophook.Input) stophook.Store {
	switch {
	case p.Store != nil:
		return p.Store
	case in.Store != nil:
		return in.Store // what DefaultStore returns then
	}
	return stophook.DefaultStore(*in)
}

// judgedWhy says why a stop was judged v: "turn judged " + v.String() +
// ": " + quote(v.Why), made in one allocation when the reason is short
// enough to be quoted whole (TestJudgedWhy). The last why made for a
// Done verdict is kept: most stops are finished turns judged alike ("no
// question, no failure stated"), which then cost no new string.
func judgedWhy(v judge.Verdict) string {
	if e := lastDoneWhy.Load(); e != nil && v.Class == judge.Done && v.Kind == e.kind && v.Why == e.why {
		return e.s
	}
	s := makeJudgedWhy(v)
	if v.Class == judge.Done {
		lastDoneWhy.Store(&judgedWhyEntry{kind: v.Kind, why: v.Why, s: s})
	}
	return s
}

// lastDoneWhy holds the last why judgedWhy made for a Done verdict.
var lastDoneWhy atomic.Pointer[judgedWhyEntry]

// judgedWhyEntry is judgedWhy's s for a Done verdict of kind and why.
type judgedWhyEntry struct {
	kind   judge.Kind
	why, s string
}

// makeJudgedWhy is judgedWhy without the kept why.
func makeJudgedWhy(v judge.Verdict) string {
	if utf8.RuneCountInString(v.Why) <= quoteMax {
		return "turn judged " + v.String() + `: "` + v.Why + `"`
	}
	return "turn judged " + v.String() + ": " + quote(v.Why)
}

type retryState struct {
	Count     int       `json:"count"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Evaluate implements [stophook.Policy].
func (p *ErrorRetry) Evaluate(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
	return p.evaluate(ctx, &in)
}

// evaluate is Evaluate, for the guards of this package, which hold the
// input already (see [evaluateOf]).
func (p *ErrorRetry) evaluate(ctx context.Context, in *stophook.Input) (stophook.Decision, error) {
	if in.SessionID == "" {
		return stophook.PassOn("no session_id"), nil
	}
	store := p.storeFor(in)
	key := "retry/" + in.SessionID
	if in.HookEventName == stophook.EventSessionEnd {
		if err := store.Delete(ctx, key); err != nil {
			return stophook.Decision{}, err
		}
		return stophook.PassOn("session ended: retry count cleared"), nil
	}
	if !isStop(in) {
		return stophook.PassOn("not a stop"), nil
	}
	if in.LastAssistantMessage == "" {
		return stophook.PassOn("no last_assistant_message"), nil
	}
	evidence := "error detected in last message"
	if p.Matcher != nil {
		if !p.Matcher.Match(in.LastAssistantMessage) {
			if err := store.Delete(ctx, key); err != nil {
				return stophook.Decision{}, err
			}
			return stophook.PassOn("last message reports no error"), nil
		}
	} else if v := p.Judge.verdict(ctx, in); v.Class != judge.Error {
		if err := store.Delete(ctx, key); err != nil {
			return stophook.Decision{}, err
		}
		return stophook.PassOn(judgedWhy(v)), nil
	} else {
		evidence = judgedWhy(v)
	}
	return p.retry(ctx, in, store, key, evidence)
}

// retry counts a retry of the error evidence names for the stop in and
// blocks it, or lets it through once the retries are spent. It is apart
// from evaluate, not inlined, so that the frame of evaluate, on the path
// of every stop, holds no room for what only a stop with an error needs
// (the input's Time and FirstStop copy it).
//
//go:noinline
func (p *ErrorRetry) retry(ctx context.Context, in *stophook.Input, store stophook.Store, key, evidence string) (stophook.Decision, error) {
	max := p.MaxRetries
	if max <= 0 {
		max = 2
	}
	ttl := p.TTL
	if ttl <= 0 {
		ttl = 24 * time.Hour
	}
	now := in.Time()
	newTurn := !p.AcrossTurns && in.FirstStop()
	var retry bool
	var count int
	err := store.Update(ctx, key, func(old []byte) ([]byte, error) {
		var st retryState
		if old != nil && !newTurn {
			if err := json.Unmarshal(old, &st); err != nil || st.Count < 0 || now.Sub(st.UpdatedAt) > ttl {
				st = retryState{} // corrupt or expired: start again
			}
		}
		if st.Count >= max {
			retry, count = false, st.Count
			if p.AcrossTurns {
				return nil, nil // across turns: one pass, then count again
			}
			return old, nil // spent for the rest of this turn
		}
		retry, count = true, st.Count+1
		return json.Marshal(retryState{Count: count, UpdatedAt: now})
	})
	if err != nil {
		return stophook.Decision{}, fmt.Errorf("policy: error retry: %w", err)
	}
	if !retry {
		if p.AcrossTurns {
			return stophook.PassOn(fmt.Sprintf("error detected but %d retries used: count cleared", count)), nil
		}
		return stophook.PassOn(fmt.Sprintf("error detected but %d retries used this turn", count)), nil
	}
	reason := p.Reason
	if reason == "" {
		reason = DefaultRetryReason
	}
	d := stophook.BlockWith(reason)
	d.Why = fmt.Sprintf("%s: retry %d/%d", evidence, count, max)
	return d, nil
}
