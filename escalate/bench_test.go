package escalate

import (
	"strings"
	"testing"
)

// BenchmarkFormat renders a worst-case message: long summary, long last
// message, many tools.
func BenchmarkFormat(b *testing.B) {
	req := Request{
		Label:       "myapp · 1b2c3d4e",
		Summary:     strings.Repeat("The agent edited the parser. ", 200),
		LastMessage: strings.Repeat("Some output with ünïcödé and 😀. ", 300),
		RecentTools: []string{"Edit(src/foo.ts)", "Bash(npm test)", "Read(package.json)", "Write(README.md)", "Grep(TODO)", "Bash(go vet ./...)"},
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = Format(req, Footer)
	}
}
