package escalate

import (
	"context"
	"encoding/json"

	"fmt"
	"path/filepath"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/textcut"
)

// registration is what [Register] records about a session.
type registration struct {
	SessionID      string    `json:"session_id"`
	CWD            string    `json:"cwd,omitempty"`
	TranscriptPath string    `json:"transcript_path,omitempty"`
	Label          string    `json:"label,omitempty"`
	FirstSeen      time.Time `json:"first_seen"`
	LastSeen       time.Time `json:"last_seen"`
}

// Limits on registered fields, which come from untrusted hook input.
const (
	maxRegisteredPath  = 4096
	maxRegisteredLabel = 200
)

// Register is the first step of the retry-and-escalate chain: it records the session's id, working
// directory, transcript path and label in a [stophook.Store] under
// "session/<session_id>", and always passes. On SessionEnd it deletes the
// record. Later policies ([Escalation]) read it.
type Register struct {
	// Store holds the records; nil means [stophook.DefaultStore] of the input.
	Store stophook.Store
	// Label names the session for humans; empty means the last element of the working
	// directory and the first 8 characters of the session id, "myapp · 1b2c3d4e".
	Label string
}

var _ stophook.Policy = (*Register)(nil)

// Name implements the optional name interface of [stophook.PolicyName].
func (*Register) Name() string { return "Register" }

func sessionKey(id string) string { return "session/" + id }

// Evaluate implements [stophook.Policy]. It always passes; a store error is
// returned (and treated as a pass by [stophook.Chain]).
func (p *Register) Evaluate(ctx context.Context, in stophook.Input) (stophook.Decision, error) {
	if in.SessionID == "" {
		return stophook.PassOn("no session_id"), nil
	}
	store := p.Store
	if store == nil {
		store = stophook.DefaultStore(in)
	}
	if in.HookEventName == stophook.EventSessionEnd {
		if err := store.Delete(ctx, sessionKey(in.SessionID)); err != nil {
			return stophook.Decision{}, fmt.Errorf("escalate: register: %w", err)
		}
		return stophook.PassOn("session ended: registration deleted"), nil
	}
	now := in.Time()
	label := p.Label
	if label == "" {
		label = defaultLabel(in.CWD, in.SessionID)
	}
	err := store.Update(ctx, sessionKey(in.SessionID), func(old []byte) ([]byte, error) {
		var r registration
		if old != nil && json.Unmarshal(old, &r) != nil {
			r = registration{} // corrupt: start again
		}
		if r.FirstSeen.IsZero() {
			r.FirstSeen = now
		}
		r.SessionID = in.SessionID
		r.LastSeen = now
		if in.CWD != "" {
			r.CWD = textcut.Bytes(in.CWD, maxRegisteredPath)
		}
		if in.TranscriptPath != "" {
			r.TranscriptPath = textcut.Bytes(in.TranscriptPath, maxRegisteredPath)
		}
		r.Label = textcut.Bytes(label, maxRegisteredLabel)
		return json.Marshal(r)
	})
	if err != nil {
		return stophook.Decision{}, fmt.Errorf("escalate: register: %w", err)
	}
	return stophook.PassOn("registered"), nil
}

// lookupSession returns the registration of session id in store, or an
// error wrapping [stophook.ErrNotFound].
func lookupSession(ctx context.Context, store stophook.Store, id string) (registration, error) {
	data, err := store.Get(ctx, sessionKey(id))
	if err != nil {
		return registration{}, err
	}
	var r registration
	if err := json.Unmarshal(data, &r); err != nil {
		return registration{}, fmt.Errorf("escalate: session %q: corrupt registration: %w", id, err)
	}
	return r, nil
}

// defaultLabel names a session by the last element of its working
// directory and the first 8 characters of its id: "myapp · 1b2c3d4e".
func defaultLabel(cwd, sessionID string) string {
	id := sessionID
	if len(id) > 8 {
		id = id[:8]
	}
	dir := ""
	if cwd != "" {
		dir = filepath.Base(filepath.Clean(cwd))
	}
	switch {
	case dir == "" || dir == "." || dir == string(filepath.Separator):
		return id
	case id == "":
		return dir
	}
	return dir + " · " + id
}
