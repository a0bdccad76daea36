package deferred

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/stophook/stophook"
)

// State is where a [Job] stands.
type State string

const (
	// Pending: the waiter may still deliver an answer.
	Pending State = "pending"
	// Delivered: a waiter claimed the answer and posted (or is posting) it.
	Delivered State = "delivered"
	// Cancelled: the user typed first or the session ended; Why says which.
	Cancelled State = "cancelled"
	// Closed: no answer will be delivered (deadline, let stop, failure).
	Closed State = "closed"
)

// Job is a question waiting for its answer, stored under [Key] of its
// session. A newer question of the same session replaces it.
type Job struct {
	ID        string          `json:"id"`
	SessionID string          `json:"session_id"`
	Ticket    json.RawMessage `json:"ticket"` // the Channel's handle of the sent question
	Socket    string          `json:"socket"` // CLAUDE_CODE_MESSAGING_SOCKET of the session
	State     State           `json:"state"`
	Why       string          `json:"why,omitempty"`
	CreatedAt time.Time       `json:"created_at"`
	Deadline  time.Time       `json:"deadline"`
	// Previous is how the job this one replaced ended, so that its waiter
	// can say so (the user typed first) rather than only "replaced".
	Previous *Ended `json:"previous,omitempty"`
}

// Ended is how a replaced job ended.
type Ended struct {
	ID    string `json:"id"`
	State State  `json:"state"`
	Why   string `json:"why,omitempty"`
}

// replacedWhy says why job id ended when cur replaced it: the reason the
// replaced job had already ended for, else that a newer question came.
func replacedWhy(cur Job, id string) string {
	if p := cur.Previous; p != nil && p.ID == id && p.State != Pending && p.Why != "" {
		return p.Why
	}
	return "a newer question replaced it"
}

// Key is the Store key of a session's job.
func Key(sessionID string) string { return "deferred/" + sessionID }

// maxJobBytes bounds a stored job.
const maxJobBytes = 64 << 10

// ParseJob decodes a stored job. It rejects records that are not a job:
// too large, not JSON, or without id, session or state.
func ParseJob(data []byte) (Job, error) {
	var j Job
	if len(data) > maxJobBytes {
		return Job{}, errors.New("deferred: job record too large")
	}
	if err := json.Unmarshal(data, &j); err != nil {
		return Job{}, fmt.Errorf("deferred: job record: %w", err)
	}
	if j.ID == "" || j.SessionID == "" || j.State == "" {
		return Job{}, errors.New("deferred: job record without id, session or state")
	}
	return j, nil
}

// loadJob reads the job of session; ok is false when there is none (or it
// is unreadable).
func loadJob(ctx context.Context, store stophook.Store, session string) (Job, bool, error) {
	b, err := store.Get(ctx, Key(session))
	if errors.Is(err, stophook.ErrNotFound) {
		return Job{}, false, nil
	}
	if err != nil {
		return Job{}, false, err
	}
	j, err := ParseJob(b)
	if err != nil {
		return Job{}, false, nil
	}
	return j, true, nil
}

// transition moves the job id of session from Pending to state with why.
// It reports whether it did; when it did not, cur is the job found (zero
// when none).
func transition(ctx context.Context, store stophook.Store, session, id string, state State, why string) (moved bool, cur Job, err error) {
	err = store.Update(ctx, Key(session), func(old []byte) ([]byte, error) {
		moved, cur = false, Job{}
		if old == nil {
			return nil, nil
		}
		j, perr := ParseJob(old)
		if perr != nil {
			return old, nil
		}
		cur = j
		if j.State != Pending || (id != "" && j.ID != id) {
			return old, nil
		}
		j.State, j.Why = state, why
		cur, moved = j, true
		return json.Marshal(j)
	})
	return moved, cur, err
}
