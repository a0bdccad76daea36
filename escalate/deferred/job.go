package deferred

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/stophook/stophook"
)

// jobState is where a [jobRecord] stands.
type jobState string

const (
	// Pending: the waiter may still deliver an answer.
	statePending jobState = "pending"
	// Delivered: a waiter claimed the answer and posted (or is posting) it.
	stateDelivered jobState = "delivered"
	// Cancelled: the user typed first or the session ended; Why says which.
	stateCancelled jobState = "cancelled"
	// Closed: no answer will be delivered (deadline, let stop, failure).
	stateClosed jobState = "closed"
)

// jobRecord is a question waiting for its answer, stored under [jobKey] of its
// session. A newer question of the same session replaces it.
type jobRecord struct {
	ID        string          `json:"id"`
	SessionID string          `json:"session_id"`
	Ticket    json.RawMessage `json:"ticket"` // the Channel's handle of the sent question
	Socket    string          `json:"socket"` // CLAUDE_CODE_MESSAGING_SOCKET of the session
	State     jobState        `json:"state"`
	Why       string          `json:"why,omitempty"`
	CreatedAt time.Time       `json:"created_at"`
	Deadline  time.Time       `json:"deadline"`
	// Previous is how the job this one replaced ended, so that its waiter
	// can say so (the user typed first) rather than only "replaced".
	Previous *endedRecord `json:"previous,omitempty"`
}

// endedRecord is how a replaced job ended.
type endedRecord struct {
	ID    string   `json:"id"`
	State jobState `json:"state"`
	Why   string   `json:"why,omitempty"`
}

// replacedWhy says why job id ended when cur replaced it: the reason the
// replaced job had already ended for, else that a newer question came.
func replacedWhy(cur jobRecord, id string) string {
	if p := cur.Previous; p != nil && p.ID == id && p.State != statePending && p.Why != "" {
		return p.Why
	}
	return "a newer question replaced it"
}

// jobKey is the Store key of a session's job.
func jobKey(sessionID string) string { return "deferred/" + sessionID }

// maxJobBytes bounds a stored job.
const maxJobBytes = 64 << 10

// parseJob decodes a stored job. It rejects records that are not a job:
// too large, not JSON, or without id, session or state.
func parseJob(data []byte) (jobRecord, error) {
	var j jobRecord
	if len(data) > maxJobBytes {
		return jobRecord{}, errors.New("deferred: job record too large")
	}
	if err := json.Unmarshal(data, &j); err != nil {
		return jobRecord{}, fmt.Errorf("deferred: job record: %w", err)
	}
	if j.ID == "" || j.SessionID == "" || j.State == "" {
		return jobRecord{}, errors.New("deferred: job record without id, session or state")
	}
	return j, nil
}

// loadJob reads the job of session; ok is false when there is none (or it
// is unreadable).
func loadJob(ctx context.Context, store stophook.Store, session string) (jobRecord, bool, error) {
	b, err := store.Get(ctx, jobKey(session))
	if errors.Is(err, stophook.ErrNotFound) {
		return jobRecord{}, false, nil
	}
	if err != nil {
		return jobRecord{}, false, err
	}
	j, err := parseJob(b)
	if err != nil {
		return jobRecord{}, false, nil
	}
	return j, true, nil
}

// transition moves the job id of session from statePending to state with why.
// It reports whether it did; when it did not, cur is the job found (zero
// when none).
func transition(ctx context.Context, store stophook.Store, session, id string, state jobState, why string) (moved bool, cur jobRecord, err error) {
	err = store.Update(ctx, jobKey(session), func(old []byte) ([]byte, error) {
		moved, cur = false, jobRecord{}
		if old == nil {
			return nil, nil
		}
		j, perr := parseJob(old)
		if perr != nil {
			return old, nil
		}
		cur = j
		if j.State != statePending || (id != "" && j.ID != id) {
			return old, nil
		}
		j.State, j.Why = state, why
		cur, moved = j, true
		return json.Marshal(j)
	})
	return moved, cur, err
}
