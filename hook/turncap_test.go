package hook_test

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
)

// TestTurnCapUnderConcurrentStops: stops of one session decided at once
// (a burst sent to a server, or split across replicas) each read the
// turn's count before any wrote it: 32 stops at a cap of 8 were all sent
// back, and the count kept was one of theirs, not 32. Each continuation is
// now counted on the record as it is when it is written; one that finds
// the cap reached lets its stop through.
func TestTurnCapUnderConcurrentStops(t *testing.T) {
	t.Parallel()
	const n, limit = 32, 8
	// The burst's policies decide once all of them have been called: each
	// stop read the turn's count (0) before any wrote it.
	var arrived atomic.Int32
	all := make(chan struct{})
	p := stophook.Named("Keeper", stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		switch k := arrived.Add(1); {
		case k == n:
			close(all)
		case k < n:
			<-all
		}
		return stophook.BlockWith("go on"), nil
	}))
	serve := hook.Server(p, hook.Options{Store: new(stophook.MemoryStore), MaxTurnBlocks: limit, Host: "claude"})
	body := []byte(`{"session_id":"s","prompt_id":"p1","cwd":"/","hook_event_name":"Stop","stop_hook_active":true,"last_assistant_message":"x"}`)
	var wg sync.WaitGroup
	var mu sync.Mutex
	blocked := 0
	for range n {
		wg.Go(func() {
			answer, wait, err := serve(context.Background(), body)
			if wait != nil {
				wait()
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				t.Errorf("serve: %v", err)
			}
			if strings.Contains(string(answer), "block") {
				blocked++
			}
		})
	}
	wg.Wait()
	if blocked != limit {
		t.Errorf("%d of %d concurrent stops of one turn were sent back, want the cap, %d", blocked, n, limit)
	}
	answer, _, _ := serve(context.Background(), body)
	if strings.Contains(string(answer), "block") {
		t.Errorf("the stop after the burst: %s, want it let through (the turn's count is at the cap)", answer)
	}
}
