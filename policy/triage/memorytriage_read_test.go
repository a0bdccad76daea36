package triage

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/transcript"
)

// TestReadIsTurnOfTail checks that read, which stops at the turn's
// prompt, returns what Turn keeps of transcript.Tail.
func TestReadIsTurnOfTail(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join("testdata", "corpus", "*.jsonl"))
	captured, _ := filepath.Glob(filepath.Join("testdata", "captured", "*.jsonl"))
	files = append(append(files, captured...), filepath.Join("testdata", "bench50.jsonl"))
	if len(files) < 40 {
		t.Fatalf("got %d transcripts, want the corpus", len(files))
	}
	p := &MemoryTriage{}
	for _, f := range files {
		for _, n := range []int{1, 3, 10, 50} {
			tail, err := transcript.Tail(f, n)
			if err != nil {
				t.Fatal(err)
			}
			want := currentTurn(tail)
			got := p.read(context.Background(), stophook.Input{TranscriptPath: f}, n)
			if len(want) == 0 {
				want = nil
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s, n=%d: got %d messages, want %d", f, n, len(got), len(want))
			}
		}
	}
}
