package triage

import (
	"context"
	"errors"

	"github.com/stophook/stophook"
)

// flagKey is the Store key of a session's loop-guard flag.
func flagKey(session string) string { return "memory-triage/flag/" + session }

// guard is the loop guard: the flag file's (loopGuard), or with a Store
// the session's flag there, taken (deleted) by the stop that finds it.
// A flag that cannot be read lets the stop be triaged.
func (p *MemoryTriage) guard(ctx context.Context, in stophook.Input) (stophook.Decision, bool) {
	if p.Store == nil {
		return p.loopGuard(in)
	}
	if in.StopHookActive {
		if in.SessionID != "" {
			p.Store.Delete(ctx, flagKey(in.SessionID))
		}
		return stophook.PassOn("stop_hook_active: memories were already requested this turn"), true
	}
	if in.SessionID == "" {
		return stophook.Decision{}, false
	}
	var found bool
	err := p.Store.Update(ctx, flagKey(in.SessionID), func(old []byte) ([]byte, error) {
		found = old != nil
		return nil, nil
	})
	if err != nil || !found {
		return stophook.Decision{}, false
	}
	return stophook.PassOn("flag present in the store: memories were already requested"), true
}

// raise sets the loop guard's flag after a block.
func (p *MemoryTriage) raise(ctx context.Context, in stophook.Input) error {
	if p.Store == nil {
		return p.setFlag(in)
	}
	if in.SessionID == "" {
		return errors.New("memory triage: no session_id for the loop-guard flag")
	}
	return p.Store.Update(ctx, flagKey(in.SessionID), func([]byte) ([]byte, error) { return []byte(in.SessionID), nil })
}
