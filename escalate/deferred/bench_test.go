package deferred

import (
	"context"
	"testing"
	"time"

	"github.com/stophook/stophook/escalate"
)

// BenchmarkDefer is the hook's own cost of a deferred question, without the
// channel's network call and the waiter's fork: the job's atomic, synced
// write in a FileStore (about 5 ms here, the fsync dominating). The hook
// process as a whole (start-up, transcript, Telegram, fork) measured
// 0.05–0.2 s end to end; the target is well under a second.
func BenchmarkDefer(b *testing.B) {
	ch := newFakeChannel()
	a := &Asker{Channel: ch, StateDir: b.TempDir(), Wait: time.Hour,
		Getenv: func(k string) string { return attended[k] },
		Start:  func(string, string, string) (int, error) { return 1, nil }}
	in := stopIn(".")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, ok, err := a.Defer(ctx, in, escalate.Request{ID: "q1"}); !ok || err != nil {
			b.Fatal(err)
		}
		ch.mu.Lock()
		ch.sent = ch.sent[:0]
		ch.mu.Unlock()
	}
}
