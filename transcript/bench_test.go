package transcript_test

import (
	"os"
	"testing"

	"github.com/stophook/stophook/internal/gentranscript"
	"github.com/stophook/stophook/transcript"
)

// benchSizes are the transcript sizes of the benchmarks. The files are
// generated on first use into gentranscript.CacheDir() ($STOPHOOK_BENCH_DIR,
// else the user cache dir) and reused; the 1 GB one only when
// STOPHOOK_BENCH_1GB=1.
var benchSizes = []struct {
	name string
	size int64
}{
	{"1MB", 1 << 20},
	{"100MB", 100 << 20},
	{"1GB", 1 << 30},
}

const benchLast = "All tests pass. The change is complete."

func benchFile(b *testing.B, size int64) string {
	b.Helper()
	if size >= 1<<30 && os.Getenv("STOPHOOK_BENCH_1GB") != "1" {
		b.Skip("set STOPHOOK_BENCH_1GB=1 to generate and read a 1 GB transcript")
	}
	path, err := gentranscript.Cached(gentranscript.CacheDir(), gentranscript.Options{Size: size, LastText: benchLast})
	if err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkTail reads the last 15 messages: the time per call should be
// the same for every size.
func BenchmarkTail(b *testing.B) {
	for _, s := range benchSizes {
		b.Run(s.name, func(b *testing.B) {
			path := benchFile(b, s.size)
			b.ReportAllocs()
			for b.Loop() {
				msgs, err := transcript.Tail(path, 15)
				if err != nil || len(msgs) != 15 || msgs[14].Text != benchLast {
					b.Fatalf("got %d messages, err %v", len(msgs), err)
				}
			}
		})
	}
}

// BenchmarkLastAssistantText falls back to the transcript (empty hook
// field), as a hook does on a client that does not send it.
func BenchmarkLastAssistantText(b *testing.B) {
	for _, s := range benchSizes {
		b.Run(s.name, func(b *testing.B) {
			path := benchFile(b, s.size)
			b.ReportAllocs()
			for b.Loop() {
				text, err := transcript.LastAssistantText("", path)
				if err != nil || text != benchLast {
					b.Fatalf("got %q, err %v", text, err)
				}
			}
		})
	}
}
