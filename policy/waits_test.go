package policy_test

import (
	"encoding/json"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/stophooktest"
)

// waits asks p whether it may wait for in, as stophook.Evaluate does.
func waits(p stophook.Policy, in stophook.Input) bool {
	w, ok := p.(interface{ Waits(stophook.Input) bool })
	return !ok || w.Waits(in)
}

// TestQuickstartChainWaits: the quickstart's chain runs on the caller's
// goroutine (see stophook.Evaluate) only for inputs on which nothing it
// does can wait: a memory store, no transcript to read, no Judge, no
// Matcher that does not say.
func TestQuickstartChainWaits(t *testing.T) {
	mem := new(stophook.MemoryStore)
	stop := func(edit func(*stophook.Input)) stophook.Input {
		in := stophooktest.Stop("All done: the tests pass.")
		in.SessionID, in.TranscriptPath, in.Store = "s", "", mem
		if edit != nil {
			edit(&in)
		}
		return in
	}
	retry := func(edit func(*policy.ErrorRetry)) stophook.Policy {
		r := &policy.ErrorRetry{MaxRetries: 2}
		if edit != nil {
			edit(r)
		}
		return policy.WithTurnBudget(2, policy.PauseOnBackgroundTasks(r))
	}
	for _, c := range []struct {
		name  string
		p     stophook.Policy
		in    stophook.Input
		waits bool
	}{
		{"memory store, no transcript", retry(nil), stop(nil), false},
		{"transcript to read", retry(nil), stop(func(in *stophook.Input) { in.TranscriptPath = "session.jsonl" }), true},
		{"subagent transcript to read", retry(nil), stop(func(in *stophook.Input) {
			in.HookEventName, in.AgentTranscriptPath = stophook.EventSubagentStop, "agent.jsonl"
		}), true},
		{"file store", retry(nil), stop(func(in *stophook.Input) { in.Store = stophook.NewFileStore(t.TempDir()) }), true},
		{"file store, not a stop", retry(nil), stop(func(in *stophook.Input) {
			in.Store, in.HookEventName = stophook.NewFileStore(t.TempDir()), stophook.EventUserPromptSubmit
		}), false},
		{"file store, session end", retry(nil), stop(func(in *stophook.Input) {
			in.Store, in.HookEventName = stophook.NewFileStore(t.TempDir()), stophook.EventSessionEnd
		}), true},
		{"file store, turn budget used", retry(nil), stop(func(in *stophook.Input) {
			in.Store, in.TurnBlocks = stophook.NewFileStore(t.TempDir()), 2
		}), false},
		{"shared judge", retry(func(r *policy.ErrorRetry) { r.Judge = new(policy.Judge) }), stop(nil), true},
		{"matcher", retry(func(r *policy.ErrorRetry) { r.Matcher = containsError{} }), stop(nil), true},
		{"no message", retry(nil), stop(func(in *stophook.Input) { in.LastAssistantMessage = "" }), false},
		{"background task running", retry(nil), stop(func(in *stophook.Input) {
			in.TranscriptPath = "session.jsonl"
			in.BackgroundTasks = []json.RawMessage{json.RawMessage(`{"id":"b1","status":"running"}`)}
		}), true}, // the guard says what its next policy says
		{"nil next", policy.WithTurnBudget(2, policy.PauseOnBackgroundTasks(nil)), stop(nil), false},
	} {
		if got := waits(c.p, c.in); got != c.waits {
			t.Errorf("%s: waits %v, want %v", c.name, got, c.waits)
		}
	}
}
