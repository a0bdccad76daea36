package triage

import (
	"context"
	"github.com/stophook/stophook/stophooktest"
	"path/filepath"
	"testing"
)

// BenchmarkMemoryTriage50 is the heuristic path of one hook call on a
// 50-message tail: config lookup, loop guard, transcript tail, scoring and
// the block (the flag it creates is removed between iterations).
func BenchmarkMemoryTriage50(b *testing.B) {
	in := stophooktest.Stop("Renamed the field; tests pass.")
	in.CWD = b.TempDir()
	in.TranscriptPath = filepath.Join("testdata", "bench50.jsonl")
	p := &MemoryTriage{}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		d, err := p.Evaluate(ctx, in)
		if err != nil || !d.Blocks() {
			b.Fatalf("got %v, %v; want a block", d.Verdict, err)
		}
		in.StopHookActive = true // removes the flag
		p.Evaluate(ctx, in)
		in.StopHookActive = false
	}
}
