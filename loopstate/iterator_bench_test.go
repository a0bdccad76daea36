package loopstate_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/gentranscript"
	"github.com/stophook/stophook/loopstate"
	"github.com/stophook/stophook/stophooktest"
)

// BenchmarkLoopIterator measures one iteration decision of an active
// loop: with last_assistant_message, or from a 10 MB transcript without
// it; on a MemoryStore and on a FileStore (flock, write, fsync, rename).
func BenchmarkLoopIterator(b *testing.B) {
	path := filepath.Join(b.TempDir(), "t.jsonl")
	if err := gentranscript.WriteFile(path, gentranscript.Options{Size: 10 << 20, LastText: "Still working on it."}); err != nil {
		b.Fatal(err)
	}
	stores := map[string]func() stophook.Store{
		"memory": func() stophook.Store { return new(stophook.MemoryStore) },
		"file":   func() stophook.Store { return stophook.NewFileStore(b.TempDir()) },
	}
	for _, sname := range []string{"memory", "file"} {
		for _, src := range []string{"message", "transcript"} {
			b.Run(sname+"/"+src, func(b *testing.B) {
				store := stores[sname]()
				(&loopstate.Loops{Store: store}).Push(context.Background(), sessionKey,
					loopstate.Frame{Mode: loopstate.ModeLoop, Max: loopstate.MaxIterations}, stophooktest.T0)
				li := loopstate.WithEnv(&loopstate.Iterator{Store: store}, noEnv)
				in := stophooktest.Stop("Still working on it.")
				if src == "transcript" {
					in.LastAssistantMessage, in.TranscriptPath = "", path
				}
				b.ResetTimer()
				for i := 0; b.Loop(); i++ {
					in.Now = stophooktest.T0.Add(time.Duration(i) * time.Millisecond)
					d, err := li.Evaluate(context.Background(), in)
					if err != nil || d.Verdict != stophook.Block {
						b.Fatalf("got %s, %v; want block", d.Verdict, err)
					}
				}
			})
		}
	}
}
