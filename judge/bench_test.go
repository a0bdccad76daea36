package judge_test

import (
	"strings"
	"testing"

	"github.com/stophook/stophook/judge"
)

// BenchmarkClassify measures a typical final message (a short report with a
// code block and a closing question) and a message at the 16 KiB bound.
func BenchmarkClassify(b *testing.B) {
	typical := "I updated the parser and added tests:\n\n```go\nfunc parse(s string) (int, error) {\n\treturn strconv.Atoi(s)\n}\n```\n\n" +
		"- `parse` rejects empty input\n- the CLI prints a usage line\n\nShall I run the full test suite?"
	long := strings.Repeat("The handler reads the `config` and logs each step; see `main.go`.\n\n", 400) + "Which database do you prefer, Postgres or SQLite?"
	for _, bb := range []struct {
		name, text string
	}{{"typical", typical}, {"16KiB", long}} {
		b.Run(bb.name, func(b *testing.B) {
			b.SetBytes(int64(min(len(bb.text), judge.MaxInput)))
			for b.Loop() {
				judge.Classify(bb.text)
			}
		})
	}
}
