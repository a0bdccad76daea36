package hostio

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The hook's fast path: recognising the host, normalizing its input (no
// transcript to read) and encoding a block.
func BenchmarkDetect(b *testing.B) {
	for _, name := range []string{"claude-stop.json", "codex-stop.json", "captured/copilot/turnend-1.json"} {
		raw := readFixtureB(b, name)
		b.Run(filepath.Base(filepath.Dir(name))+"/"+filepath.Base(name), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Detect(raw)
			}
		})
	}
}

func BenchmarkNormalize(b *testing.B) {
	for _, name := range []string{"claude-stop.json", "codex-stop.json", "qwen-stop.json", "gemini-afteragent.json"} {
		raw := readFixtureB(b, name)
		host := hostOfFile(name)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := normalize(host, raw, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkEncode(b *testing.B) {
	r := Reply{Block: true, Reason: "The tests fail: run them again and fix the failures.", SystemMessage: "retrying"}
	for _, host := range Hosts {
		b.Run(host, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Encode(host, r)
			}
		})
	}
}

func readFixtureB(b *testing.B, name string) []byte {
	b.Helper()
	if !strings.Contains(name, "/") {
		name = filepath.Join("inputs", name)
	}
	raw, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		b.Fatal(err)
	}
	return raw
}
