package signals_test

import (
	"strings"
	"testing"

	"github.com/stophook/stophook/signals"
)

// message returns a real-shaped assistant message of about size bytes:
// prose paragraphs, bullet lists, inline code and fenced Go code, ending in
// a completion signal on its own line.
func message(size int) string {
	const chunk = "I changed `loopstate.Machine` so that a stale state is reported instead of resumed.\n" +
		"The tests cover both timestamp formats:\n\n" +
		"- `2026-01-02T03:04:05Z`\n- `2026-01-02T03:04:05+00:00`\n\n" +
		"```go\nfunc TestStale(t *testing.T) {\n\tm := loopstate.Machine{Now: t0}\n\tif got := m.Step(in); got != want {\n\t\tt.Fatalf(\"got %v, want %v\", got, want)\n\t}\n}\n```\n\n" +
		"Printing `<loop-done>COMPLETE</loop-done>` inside code does not end the loop.\n\n"
	var b strings.Builder
	for b.Len() < size {
		b.WriteString(chunk)
	}
	b.WriteString("<loop-done>COMPLETE</loop-done>\n")
	return b.String()
}

func BenchmarkFind(b *testing.B) {
	msg := message(100 << 10)
	b.SetBytes(int64(len(msg)))
	for b.Loop() {
		if _, _, ok := signals.Find(msg, loopDone, issueComplete); !ok {
			b.Fatal("Find: signal not found")
		}
	}
}

// BenchmarkFindShownOnly is a 100 KB message that shows the signal in
// inline code but never prints it: no line can be a signal, so Find skips
// the Markdown parse.
func BenchmarkFindShownOnly(b *testing.B) {
	msg := strings.TrimSuffix(message(100<<10), "<loop-done>COMPLETE</loop-done>\n")
	b.SetBytes(int64(len(msg)))
	for b.Loop() {
		if _, _, ok := signals.Find(msg, loopDone, issueComplete); ok {
			b.Fatal("Find: found a signal that was only shown")
		}
	}
}

func BenchmarkFindNoMention(b *testing.B) {
	msg := strings.Repeat("Nothing to see here, just prose.\n", (100<<10)/33)
	b.SetBytes(int64(len(msg)))
	for b.Loop() {
		if _, _, ok := signals.Find(msg, loopDone, issueComplete); ok {
			b.Fatal("Find: found a signal in plain prose")
		}
	}
}

// BenchmarkProseHostile measures Prose on MaxInput bytes of shapes that
// goldmark handles slowly, to keep the worst case in view.
func BenchmarkProseHostile(b *testing.B) {
	n := signals.MaxInput
	shapes := []struct{ name, text string }{
		{"deep-quotes", strings.Repeat(">", n)},
		{"html-lines", strings.Repeat("<a\n", n/3)},
		{"setext", strings.Repeat("a\n=\n", n/4)},
		{"short-lines", strings.Repeat("x\n", n/2)},
		{"backticks", strings.Repeat("` x\n", n/4)},
	}
	for _, s := range shapes {
		b.Run(s.name, func(b *testing.B) {
			b.SetBytes(int64(len(s.text)))
			for b.Loop() {
				signals.Prose(s.text)
			}
		})
	}
}
