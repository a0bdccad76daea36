package loopstate

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/stophook/stophook"
)

// sharedKey is the prefix of the keys of shared loops; see [SharedKeyFor].
const sharedKey = "loop"

// SharedKeyFor returns the store key of the loop shared by every session
// working in project directory dir: "loop@" and a hash of the directory's
// absolute path with symlinks resolved. Shared loops of two projects never
// meet, also when both keep their state in one directory
// ($STOPHOOK_STATE_DIR), and no session id maps to this key ([SessionKey]
// keys start with "loop/").
func SharedKeyFor(dir string) string {
	if dir == "" {
		dir = "."
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	sum := sha256.Sum256([]byte(filepath.Clean(dir)))
	return sharedKey + "@" + hex.EncodeToString(sum[:16])
}

// maxSessionIDLen bounds a session id used in a key.
const maxSessionIDLen = 128

// SessionKey returns the store key of the loop owned by session id:
// "loop/<id>". The id must be 1–128 printable ASCII characters.
func SessionKey(id string) (string, error) {
	if id == "" {
		return "", errors.New("loopstate: empty session id")
	}
	if len(id) > maxSessionIDLen {
		return "", fmt.Errorf("loopstate: session id longer than %d bytes", maxSessionIDLen)
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; c <= ' ' || c >= 0x7f {
			return "", fmt.Errorf("loopstate: session id has a character %q that is not printable ASCII", c)
		}
	}
	return sharedKey + "/" + id, nil
}

// Loops keeps loop state records in a [stophook.Store]. Every change is
// one atomic Store.Update, so hooks and commands racing on one key lose
// no update (a [stophook.FileStore] locks across processes).
type Loops struct {
	// Store holds the records. It must not be nil.
	Store stophook.Store
	// Machine decides the stops. The zero value is the default machine.
	Machine Machine
}

// Get returns the record of key: [stophook.ErrNotFound] when there is
// none, a [*corruptError] when it cannot be trusted.
func (l *Loops) Get(ctx context.Context, key string) (*State, error) {
	b, err := l.Store.Get(ctx, key)
	if err != nil {
		return nil, err
	}
	return Parse(b)
}

// Push starts a loop of f under key at now. When a fresh loop is running
// there, f becomes its inner frame (nested start: the outer loop resumes
// when f completes); otherwise a new run begins with f alone, replacing a
// finished, stale or corrupt record. f.Iter and f.StartedAt are set by Push.
func (l *Loops) Push(ctx context.Context, key string, f Frame, now time.Time) (*State, error) {
	if _, err := ParseMode(string(f.Mode)); err != nil {
		return nil, err
	}
	if f.Max < 1 || f.Max > maxIterations {
		return nil, fmt.Errorf("loopstate: max %d out of range 1..%d", f.Max, maxIterations)
	}
	if len(f.Prompt) > maxPromptLen {
		return nil, fmt.Errorf("loopstate: prompt longer than %d bytes", maxPromptLen)
	}
	f.Iter, f.StartedAt = 1, now
	var out *State
	err := l.Store.Update(ctx, key, func(old []byte) ([]byte, error) {
		var s *State
		if old != nil {
			if p, err := Parse(old); err == nil && l.Machine.PhaseOf(p, now) == Active {
				s = p
			}
		}
		if s == nil {
			s = &State{Schema: schemaVersion, Event: EventState, RunID: newRunID()}
		}
		if len(s.Stack) >= maxFrames {
			return nil, fmt.Errorf("loopstate: %d nested loops, limit %d", len(s.Stack), maxFrames)
		}
		s.Stack = append(s.Stack, f)
		s.UpdatedAt = now
		out = s
		return s.Marshal()
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Abort posts an ABORT event for the loop under key: the next stop finds
// it Aborted and lets the session stop. A corrupt record is replaced by an
// ABORT record. It returns [ErrNoLoop] when no loop is running.
func (l *Loops) Abort(ctx context.Context, key, reason string, now time.Time) (*State, error) {
	if reason == "" {
		reason = ReasonAborted
	}
	var out *State
	err := l.Store.Update(ctx, key, func(old []byte) ([]byte, error) {
		if old == nil {
			return nil, ErrNoLoop
		}
		s, err := Parse(old)
		switch {
		case kindOf(err) == kindNewer:
			return nil, err
		case err != nil:
			s = &State{Schema: schemaVersion}
		case s.Event != EventState || len(s.Stack) == 0:
			return nil, ErrNoLoop
		}
		s.Event, s.Reason, s.UpdatedAt = EventAbort, reason, now
		out = s
		return s.Marshal()
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Step runs the machine on the record of key inside one atomic update and
// stores its Next record. See [Machine.Step] for message and v.
func (l *Loops) Step(ctx context.Context, key, message string, now time.Time, v *Verification) (Result, error) {
	var res Result
	err := l.Store.Update(ctx, key, func(old []byte) ([]byte, error) {
		res = l.Machine.Step(old, message, now, v)
		if res.Next == nil {
			return old, nil
		}
		return res.Next.Marshal()
	})
	if err != nil {
		return Result{}, err
	}
	return res, nil
}

func newRunID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
