package redisstore_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stophook/stophook/internal/redistest"
	"github.com/stophook/stophook/redisstore"
	"github.com/stophook/stophook/stophooktest/storetest"
)

// TestFourReplicasOneKey hammers one key from four stores (replicas) at
// once: every update lands, and no replica is starved of its turn until
// it gives up (with 64 rounds before, one in a thousand did).
func TestFourReplicasOneKey(t *testing.T) {
	srv := redistest.Start(t)
	var stores []*redisstore.Store
	for range 4 {
		stores = append(stores, open(t, srv, redisstore.Options{Prefix: "four:"}))
	}
	ctx := context.Background()
	const n = 4000
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			if err := storetest.Increment(ctx, stores[i%4], "k"); err != nil {
				t.Errorf("Increment: %v", err)
			}
		})
	}
	wg.Wait()
	if got, err := storetest.Count(ctx, stores[0], "k"); err != nil || got != n {
		t.Errorf("count: got %d, %v, want %d", got, err, n)
	}
}
