package triage

import (
	"context"
	"errors"
	"fmt"

	"github.com/stophook/stophook"
)

// flagKey is the Store key of a session's loop-guard flag.
func flagKey(session string) string { return "memory-triage/flag/" + session }

// guard is the loop guard: the flag file's (loopGuard), or with a Store
// the session's flag there, taken (deleted) by the stop that finds it.
// A flag file that cannot be read lets the stop be triaged; a Store that
// fails is the policy's error (see [errStore]).
func (p *MemoryTriage) guard(ctx context.Context, in stophook.Input) (stophook.Decision, bool, error) {
	if p.Store == nil {
		d, ok := p.loopGuard(in)
		return d, ok, nil
	}
	if in.StopHookActive {
		if in.SessionID != "" {
			p.Store.Delete(ctx, flagKey(in.SessionID))
		}
		return stophook.PassOn("stop_hook_active: memories were already requested this turn"), true, nil
	}
	if in.SessionID == "" {
		return stophook.Decision{}, false, nil
	}
	var found bool
	err := p.Store.Update(ctx, flagKey(in.SessionID), func(old []byte) ([]byte, error) {
		found = old != nil
		return nil, nil
	})
	if err != nil {
		return stophook.Decision{}, false, errStore(err)
	}
	if !found {
		return stophook.Decision{}, false, nil
	}
	return stophook.PassOn("flag present in the store: memories were already requested"), true, nil
}

// errStore is the policy's error when its Store fails: like every policy
// that keeps state, it lets the stop through (the runner treats an error
// as a pass) rather than send the agent back without the loop guard. The
// store's error stays in the chain, so that a store that logged its outage
// once is not logged again for each stop.
func errStore(err error) error { return fmt.Errorf("memory triage: loop-guard flag: %w", err) }

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
