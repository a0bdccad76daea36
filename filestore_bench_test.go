package stophook_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stophook/stophook"
)

// BenchmarkFileStoreContention runs 64 concurrent updates of one session's
// key, as 64 hook calls on one session do, and reports the latency of an
// update (wait for the lock included) and how long the lock is held, at the
// median and the 99th percentile.
func BenchmarkFileStoreContention(b *testing.B) {
	const n = 64
	s := stophook.NewFileStore(b.TempDir())
	ctx := context.Background()
	var (
		mu          sync.Mutex
		total, hold []time.Duration
	)
	for b.Loop() {
		var wg sync.WaitGroup
		for range n {
			wg.Go(func() {
				start := time.Now()
				var locked time.Time
				err := s.Update(ctx, "turn/session-1", func(old []byte) ([]byte, error) {
					locked = time.Now()
					return append(old[:min(len(old), 64):min(len(old), 64)], '+'), nil
				})
				end := time.Now()
				if err != nil {
					b.Error(err)
				}
				mu.Lock()
				total = append(total, end.Sub(start))
				hold = append(hold, end.Sub(locked))
				mu.Unlock()
			})
		}
		wg.Wait()
	}
	report(b, "update", total)
	report(b, "hold", hold)
}

func report(b *testing.B, name string, d []time.Duration) {
	slices.Sort(d)
	b.ReportMetric(float64(d[len(d)/2])/1e6, name+"-p50-ms")
	b.ReportMetric(float64(d[len(d)*99/100])/1e6, name+"-p99-ms")
}

// BenchmarkFileStoreUpdate measures one update of a loop-sized value, as a
// hook makes per stop, without and with an fsync per update (Sync). The
// state dir is the test's temporary directory: run it on the disk whose
// cost matters (TMPDIR=/path/on/disk go test -bench FileStoreUpdate).
func BenchmarkFileStoreUpdate(b *testing.B) {
	for _, sync := range []bool{false, true} {
		name := "nosync"
		if sync {
			name = "sync"
		}
		b.Run(name, func(b *testing.B) {
			s := stophook.NewFileStore(b.TempDir())
			s.Sync = sync
			ctx := context.Background()
			value := []byte(`{"schema":1,"event":"state","run_id":"r1","stack":[{"prompt":"go on with the plan","iter":3}]}`)
			for b.Loop() {
				if err := s.Update(ctx, "loop/session-1", func([]byte) ([]byte, error) { return value, nil }); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
