package deferred

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/escalate/internal/plain"
)

// DefaultWait is how long a waiter waits for the answer unless
// [Asker.Wait] says otherwise.
const DefaultWait = 4 * time.Hour

// closeTimeout bounds the closing edit of a question.
const closeTimeout = 10 * time.Second

// Asker sends questions without waiting in the hook. Set it as
// escalate.Escalation.Defer, and put it in the hook's chain as well, so that
// it sees UserPromptSubmit and SessionEnd (register the hook for both).
// The zero value needs only a Channel.
type Asker struct {
	// Channel reaches the human; required.
	Channel Channel
	// StateDir is the FileStore directory shared with the waiter; empty
	// means the directory of [stophook.DefaultStore] of the input when
	// that is a FileStore (the runner's -state DIR or $STOPHOOK_STATE_DIR),
	// also under wrappers with an Unwrap() stophook.Store method (a hook
	// server's, counting failures), else stophook.StateDir(Input.CWD).
	StateDir string
	// Wait bounds the wait for the answer; default [DefaultWait].
	Wait time.Duration
	// Start starts the detached waiter for the job of session in the
	// state dir and returns its pid; nil means [startWaiter] (this binary,
	// re-executed with [WaitCommand]).
	Start func(stateDir, session, id string) (pid int, err error)
	// Getenv reads the session's environment; nil means os.Getenv.
	Getenv func(string) string
}

var _ stophook.Policy = (*Asker)(nil)

// Name implements the optional name interface of [stophook.PolicyName].
func (*Asker) Name() string { return "DeferredAnswers" }

func (a *Asker) getenv(k string) string {
	if a.Getenv != nil {
		return a.Getenv(k)
	}
	return os.Getenv(k)
}

func (a *Asker) dir(in stophook.Input) string {
	if a.StateDir != "" {
		return a.StateDir
	}
	store := stophook.DefaultStore(in)
	for range maxUnwrap {
		if fs, ok := store.(*stophook.FileStore); ok {
			return fs.Dir()
		}
		u, ok := store.(interface{ Unwrap() stophook.Store }) // a hook server's counted store
		if !ok {
			break
		}
		store = u.Unwrap()
	}
	return stophook.StateDir(in.CWD)
}

// maxUnwrap bounds how many wrappers [Asker] looks through for the
// FileStore under an input's store.
const maxUnwrap = 8

// Defer sends the question for req, records the job and starts its waiter;
// the returned decision lets the session stop at once. deferred is false
// (and the caller should ask in the hook instead) when the answer could
// not be delivered later: no messaging socket, an unattended session
// (claude -p), no session id, or a system without detached waiters; d.Why
// then says why. An error means the question could not be sent or its
// waiter not started.
func (a *Asker) Defer(ctx context.Context, in stophook.Input, req escalate.Request) (d stophook.Decision, deferred bool, err error) {
	socket := a.getenv(envSocket)
	switch {
	case a.Channel == nil:
		return stophook.PassOn("deferred answers off: no channel"), false, nil
	case !supported:
		return stophook.PassOn("deferred answers need a Unix system: asking in the hook"), false, nil
	case socket == "":
		return stophook.PassOn("no " + envSocket + ": asking in the hook"), false, nil
	case a.getenv(envAttended) == "0":
		return stophook.PassOn("unattended session (claude -p): asking in the hook"), false, nil
	case in.SessionID == "":
		return stophook.PassOn("no session_id: asking in the hook"), false, nil
	}
	if !validID(req.ID) {
		req.ID = plain.NewRequestID()
	}
	ticket, err := a.Channel.Send(ctx, req)
	if err != nil {
		return stophook.Decision{}, false, fmt.Errorf("deferred: send: %w", err)
	}
	wait := a.Wait
	if wait <= 0 {
		wait = DefaultWait
	}
	now := in.Time()
	job := jobRecord{ID: req.ID, SessionID: in.SessionID, Ticket: ticket, Socket: socket, State: statePending,
		CreatedAt: now, Deadline: now.Add(wait)}
	dir := a.dir(in)
	store := stophook.NewFileStore(dir)
	var replaced string
	err = store.Update(ctx, jobKey(in.SessionID), func(old []byte) ([]byte, error) {
		if j, err := parseJob(old); err == nil {
			if j.State == statePending {
				replaced = j.ID
			}
			job.Previous = &endedRecord{ID: j.ID, State: j.State, Why: j.Why}
		}
		return json.Marshal(job)
	})
	if err == nil {
		start := a.Start
		if start == nil {
			start = startWaiter
		}
		var pid int
		if pid, err = start(dir, in.SessionID, job.ID); err == nil {
			why := fmt.Sprintf("question %s sent; waiter %d delivers the answer within %s", job.ID, pid, shortDuration(wait))
			if replaced != "" {
				why += "; it replaces question " + replaced
			}
			return stophook.AllowStop(why), true, nil
		}
		transition(context.WithoutCancel(ctx), store, in.SessionID, job.ID, stateClosed, "waiter not started")
	}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), closeTimeout)
	defer cancel()
	_ = a.Channel.Close(cctx, ticket, "⚠️ Could not wait for the answer — the session stopped")
	return stophook.Decision{}, false, fmt.Errorf("deferred: %w", err)
}

// Evaluate implements [stophook.Policy] for the events that end a pending
// question: UserPromptSubmit (the user typed in the session first) and
// SessionEnd. It cancels the session's pending job, which its waiter sees
// within a second. On SessionStart (a resumed session runs in a new
// process) it points a pending job at the session's new messaging socket.
// It always passes.
func (a *Asker) Evaluate(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
	var why string
	switch in.HookEventName {
	case stophook.EventSessionStart:
		return a.follow(ctx, in)
	case stophook.EventUserPromptSubmit:
		why = "the user typed in the session first"
		if strings.HasPrefix(strings.TrimSpace(in.Prompt), "<task-notification>") {
			why = "a background task's end started a new turn"
		}
	case stophook.EventSessionEnd:
		why = "the session ended"
		if in.Reason != "" {
			why += " (" + in.Reason + ")"
		}
	default:
		return stophook.PassOn("not a UserPromptSubmit or SessionEnd"), nil
	}
	if in.SessionID == "" {
		return stophook.PassOn("no session_id"), nil
	}
	store := stophook.NewFileStore(a.dir(in))
	if _, err := store.Get(ctx, jobKey(in.SessionID)); err != nil {
		return stophook.PassOn("no pending question"), nil // the common path writes nothing
	}
	moved, _, err := transition(ctx, store, in.SessionID, "", stateCancelled, why)
	if err != nil {
		return stophook.Decision{}, fmt.Errorf("deferred: %w", err)
	}
	if !moved {
		return stophook.PassOn("no pending question"), nil
	}
	return stophook.PassOn("pending question cancelled: " + why), nil
}

// validID reports whether id is usable as a request id (the form of
// plain.NewRequestID, 16 hex digits, and safe in callback data and argv).
func validID(id string) bool {
	if id == "" || len(id) > 40 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// follow points the session's pending job at the current messaging socket.
func (a *Asker) follow(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
	socket := a.getenv(envSocket)
	if in.SessionID == "" || socket == "" {
		return stophook.PassOn("no session or socket"), nil
	}
	store := stophook.NewFileStore(a.dir(in))
	if _, err := store.Get(ctx, jobKey(in.SessionID)); err != nil {
		return stophook.PassOn("no pending question"), nil
	}
	moved := false
	err := store.Update(ctx, jobKey(in.SessionID), func(old []byte) ([]byte, error) {
		j, err := parseJob(old)
		if err != nil || j.State != statePending || j.Socket == socket {
			return old, nil
		}
		j.Socket, moved = socket, true
		return json.Marshal(j)
	})
	if err != nil {
		return stophook.Decision{}, fmt.Errorf("deferred: %w", err)
	}
	if !moved {
		return stophook.PassOn("no pending question to move"), nil
	}
	return stophook.PassOn("pending question follows the session to its new socket"), nil
}
