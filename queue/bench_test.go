package queue

import (
	"context"
	"strings"
	"testing"

	"github.com/stophook/stophook/stophooktest"
)

// BenchmarkQueue measures the queue's share of hook latency: one op
// drives an 8-command queue and advances it to completion with ~4 KiB
// replies, each event a lock, read, parse, atomic write (with fsync) and
// unlock; typing and waking are no-ops here.
func BenchmarkQueue(b *testing.B) {
	p := &Processor{Dir: NewDir(b.TempDir()), Driver: DriverFunc(func(context.Context, string, string) error { return nil }), Logger: quiet}
	ctx := context.Background()
	cmds := make([]string, 8)
	for i := range cmds {
		cmds[i] = "/gsd:plan-phase 3"
	}
	reply := stophooktest.Stop(strings.Repeat("The reply of the model. ", 170))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Drive(ctx, "s", cmds, stophooktest.T0); err != nil {
			b.Fatal(err)
		}
		for range cmds {
			if _, err := p.handle(ctx, "s", reply); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*(len(cmds)+1)), "µs/event")
}

// BenchmarkNoQueueStop measures the common case: a Stop with no queue
// (lock, miss, filter) without waking.
func BenchmarkNoQueueStop(b *testing.B) {
	p := &Processor{Dir: NewDir(b.TempDir()), Logger: quiet}
	ctx := context.Background()
	in := stophooktest.Stop("")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.handle(ctx, "s", in); err != nil {
			b.Fatal(err)
		}
	}
}
