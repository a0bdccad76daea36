package triage

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/stophooktest"
)

// TestMemoryTriageFlagInStore: with a Store the loop guard keeps its flag
// there, per session, and nothing is written in the project.
func TestMemoryTriageFlagInStore(t *testing.T) {
	t.Parallel()
	store := stophook.NewFileStore(t.TempDir())
	in := stop(t, decisionAndTODO)
	p := &MemoryTriage{Store: store}
	stophooktest.AssertBlocks(t, evaluate(t, p, in), wantReason)
	if _, err := store.Get(context.Background(), "memory-triage/flag/"+in.SessionID); err != nil {
		t.Fatalf("flag in the store: %v", err)
	}
	if _, err := os.Stat(filepath.Join(in.CWD, ".claude")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("<cwd>/.claude: got %v, want nothing written in the project", err)
	}
	// Another session of the same project is not let through by it.
	other := in
	other.SessionID = "another-session"
	stophooktest.AssertBlocks(t, evaluate(t, p, other), wantReason)
	// The flag lets this session's next stop through, once.
	d := evaluate(t, p, in)
	if d.Verdict != stophook.Pass || !strings.Contains(d.Why, "flag") {
		t.Errorf("second stop: got %s (%s), want pass by the flag", d.Verdict, d.Why)
	}
	stophooktest.AssertBlocks(t, evaluate(t, p, in), wantReason)
	in.StopHookActive = true
	if d := evaluate(t, p, in); d.Verdict != stophook.Pass {
		t.Errorf("stop_hook_active: got %s, want pass", d.Verdict)
	}
	if _, err := store.Get(context.Background(), "memory-triage/flag/"+in.SessionID); !errors.Is(err, stophook.ErrNotFound) {
		t.Errorf("flag after stop_hook_active: got %v, want it removed", err)
	}
}

// failingStore fails its operations from the after-th on (0: all).
type failingStore struct {
	stophook.MemoryStore
	after, calls int
}

func (s *failingStore) Update(ctx context.Context, key string, fn func([]byte) ([]byte, error)) error {
	if s.calls++; s.calls > s.after {
		return errors.New("redisstore: server unavailable")
	}
	return s.MemoryStore.Update(ctx, key, fn)
}

// TestMemoryTriageStoreDownFailsOpen: with its Store down, the loop guard
// could neither be read nor raised, and the stop was sent back to save
// memories all the same: memory triage with -store redis:// blocked while
// Redis was down, where every other stateful hook lets the stop through.
// The store's failure is now the policy's error (the runner lets the stop
// through, says so once, a server counts it).
func TestMemoryTriageStoreDownFailsOpen(t *testing.T) {
	t.Parallel()
	for _, after := range []int{0, 1} { // the guard's read fails; the guard is read, raising it fails
		p := &MemoryTriage{Store: &failingStore{after: after}}
		d, err := p.Evaluate(context.Background(), stop(t, decisionAndTODO))
		if err == nil || d.Blocks() || !strings.Contains(err.Error(), "server unavailable") {
			t.Errorf("store failing after %d operations: %s, %v; want the store's error and no block", after, d.Verdict, err)
		}
	}
}
