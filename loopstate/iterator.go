package loopstate

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/transcript"
)

// DisableEnv names the escape hatch: IDLE_LOOP_DISABLE=1 lets every
// stop through before Iterator looks at anything.
const DisableEnv = "IDLE_LOOP_DISABLE"

// Iterator is the idle loop's Stop hook: while a loop started with
// [Loops.Push] is running, it blocks each stop with
// "[ITERATION N/MAX] Continue working on the task. …" until the agent
// emits its mode's completion signal on its own line outside code, the
// loop reaches its max, or the state goes stale or bad.
//
// It looks first at the session's own loop (key "loop/<session_id>"),
// then at the loop shared by the sessions of the project directory
// ([SharedKeyFor] of the input's cwd). With no running loop, or
// a session id [SessionKey] refuses, it passes. It ignores
// SubagentStop: a subagent finishing is not an iteration of its parent's
// loop. On SessionEnd it removes the session's own loop (a shared loop
// stays for the project's other sessions).
//
// # Guards
//
// Every iteration's stop after the first block arrives with
// stop_hook_active: true. Do not wrap Iterator in policy.StopActive (it
// would end every loop after one iteration); wrap the policies next to it
// that should act once per turn, in any order:
//
//	stophook.NewChain(&Iterator{}, policy.StopActive(&escalate.Escalation{…}))
//
// Claude Code itself ends the turn after 8 consecutive blocks unless
// CLAUDE_CODE_STOP_HOOK_BLOCK_CAP is raised; see [CapWarning].
//
// # Failure
//
// Every error (unreadable store, a transcript that cannot be read, failed
// lock) is returned, and a [stophook.Chain] treats it as Pass: the session
// stops.
// A stop with neither last_assistant_message nor transcript_path (Cursor
// sends no transcript) is no error: no completion signal is seen and the
// loop goes on, bounded by its max and the runner's per-turn budget.
// The zero value is ready to use.
type Iterator struct {
	// Store holds the loop records. Nil means [stophook.DefaultStore] of
	// the input.
	Store stophook.Store
	// Machine decides each stop; set Machine.Remind to repeat the frame's
	// prompt in the block reason.
	Machine Machine
	// Verify, when non-empty, is a command (argv) that must exit 0 within
	// VerifyTimeout, run in the session's cwd, before a completion signal
	// counts; otherwise the stop is blocked with its output tail.
	Verify []string
	// VerifyTimeout bounds Verify. Zero means DefaultVerifyTimeout. The
	// command always ends two seconds before the hook's budget: one still
	// running then blocks the stop with "verification timed out". A
	// command that cannot run (not found, exit status 126 or 127) lets the
	// completion signal through with a warning.
	VerifyTimeout time.Duration
	// Logger receives the warning about a verification command that cannot
	// run; nil means slog.Default().
	Logger *slog.Logger

	// getenv reads the environment (IDLE_LOOP_DISABLE); nil means
	// os.Getenv. Tests replace it.
	getenv func(string) string
	// lastAssistantText reads the last assistant message from the
	// transcript when the input carries no last_assistant_message; nil
	// means transcript.LastAssistantText. Tests replace it.
	lastAssistantText func(last, path string) (string, error)
}

var _ stophook.Policy = (*Iterator)(nil)

// Name implements the naming interface used by [stophook.PolicyName].
func (p *Iterator) Name() string { return "LoopIterator" }

// Evaluate implements [stophook.Policy].
func (p *Iterator) Evaluate(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
	getenv := p.getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	if getenv(DisableEnv) == "1" {
		return stophook.AllowStop(DisableEnv + "=1"), nil
	}
	if in.HookEventName != stophook.EventStop && in.HookEventName != stophook.EventSessionEnd {
		return stophook.PassOn("not a Stop event"), nil
	}
	store := p.Store
	if store == nil {
		store = stophook.DefaultStore(in)
	}
	if in.HookEventName == stophook.EventSessionEnd {
		key, err := SessionKey(in.SessionID)
		if err != nil {
			return stophook.PassOn("session ended"), nil
		}
		if err := store.Delete(ctx, key); err != nil {
			return stophook.Decision{}, fmt.Errorf("loopstate: loop: %w", err)
		}
		return stophook.PassOn("session ended: its loop is removed"), nil
	}
	loops := &Loops{Store: store, Machine: p.Machine}
	now := in.Time()

	key, raw, phase, err := p.find(ctx, store, in.SessionID, in.CWD, now)
	if err != nil {
		return stophook.Decision{}, err
	}
	if key == "" {
		return stophook.PassOn("no running loop"), nil
	}

	var msg, warn string
	var v *Verification
	if phase == Active {
		msg = in.LastAssistantMessage
		// No transcript to read (Cursor sends none) means no completion
		// signal seen: the loop goes on, bounded by its max and the budget.
		if msg == "" && in.TranscriptPath != "" {
			last := p.lastAssistantText
			if last == nil {
				last = transcript.LastAssistantText
			}
			msg, err = last("", in.TranscriptPath)
			if err != nil && msg == "" {
				return stophook.Decision{}, fmt.Errorf("loopstate: loop: last assistant message: %w", err)
			}
		}
		if len(p.Verify) > 0 {
			if pre := p.Machine.Step(raw, msg, now, nil); pre.Phase == Completing {
				v, warn, err = p.verify(ctx, in.CWD)
				if err != nil {
					return stophook.Decision{}, err
				}
				if warn != "" {
					p.logger().LogAttrs(ctx, slog.LevelWarn, "loop: "+warn)
				}
			}
		}
	}

	res, err := loops.Step(ctx, key, msg, now, v)
	if err != nil {
		return stophook.Decision{}, fmt.Errorf("loopstate: loop: %w", err)
	}
	why := res.Phase.String() + ": " + res.Why
	switch res.Phase {
	case Active:
		d := stophook.BlockWith(res.Reason)
		d.Why = why
		return d, nil
	case Idle:
		return stophook.PassOn(why), nil
	}
	d := stophook.AllowStop(why)
	switch {
	case res.Warning != "":
		d.SystemMessage = "loop: " + res.Warning
	case warn != "":
		d.SystemMessage = "loop: " + warn
	}
	return d, nil
}

func (p *Iterator) logger() *slog.Logger {
	if p.Logger != nil {
		return p.Logger
	}
	return slog.Default()
}

// find returns the first key (the session's, then cwd's shared one) whose
// record is not idle, with the record and its phase. A corrupt record is
// returned with phase Aborted so the machine can clean it up. key is ""
// when no loop needs this stop.
func (p *Iterator) find(ctx context.Context, store stophook.Store, session, cwd string, now time.Time) (key string, raw []byte, phase Phase, err error) {
	own, err := SessionKey(session)
	if err != nil {
		return "", nil, 0, nil // no usable session id: no loop, not even the shared one
	}
	for _, k := range []string{own, SharedKeyFor(cwd)} {
		b, err := store.Get(ctx, k)
		if errors.Is(err, stophook.ErrNotFound) {
			continue
		}
		if err != nil {
			return "", nil, 0, fmt.Errorf("loopstate: loop: %w", err)
		}
		s, err := Parse(b)
		if err != nil {
			if kindOf(err) == kindNewer {
				continue
			}
			return k, b, Aborted, nil
		}
		if ph := p.Machine.PhaseOf(s, now); ph != Idle {
			return k, b, ph, nil
		}
	}
	return "", nil, 0, nil
}
