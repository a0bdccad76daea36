package triage

import (
	"path/filepath"
	"testing"

	"github.com/stophook/stophook/transcript"
)

// BenchmarkScore50 scores a 50-message turn: transcript tail, turn window
// and scoring, the heuristic path of MemoryTriage without process start.
func BenchmarkScore50(b *testing.B) {
	path := filepath.Join("testdata", "bench50.jsonl")
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		msgs, err := transcript.Tail(path, 50)
		if err != nil || len(msgs) < 50 {
			b.Fatalf("Tail: %d messages, %v", len(msgs), err)
		}
		res := s.score(currentTurn(msgs))
		if len(res.Findings) == 0 {
			b.Fatal("no findings")
		}
	}
}

// BenchmarkNew compiles the default cues, which every hook process does once.
func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScoreOnly50 is BenchmarkScore50 without reading the transcript:
// the scoring alone.
func BenchmarkScoreOnly50(b *testing.B) {
	msgs, err := transcript.Tail(filepath.Join("testdata", "bench50.jsonl"), 50)
	if err != nil || len(msgs) < 50 {
		b.Fatalf("Tail: %d messages, %v", len(msgs), err)
	}
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	turn := currentTurn(msgs)
	b.ReportAllocs()
	for b.Loop() {
		if res := s.score(turn); len(res.Findings) == 0 {
			b.Fatal("no findings")
		}
	}
}
