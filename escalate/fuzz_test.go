package escalate

import (
	"github.com/stophook/stophook/escalate/internal/plain"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzFormat checks the message invariants for any request text.
func FuzzFormat(f *testing.F) {
	f.Add("label", "summary", "last message", "Edit(a.go)")
	f.Add("", "", "", "")
	f.Add("\xff\x00", strings.Repeat("😀", 3000), strings.Repeat("\n", 900), strings.Repeat("x", 700))
	f.Fuzz(func(t *testing.T, label, summary, last, tool string) {
		got := Format(Request{Label: label, Summary: summary, LastMessage: last, RecentTools: []string{tool, tool}}, Footer)
		if plain.UTF16Len(got) > plain.MaxMessageLen {
			t.Fatalf("message of %d UTF-16 units", plain.UTF16Len(got))
		}
		if !utf8.ValidString(got) {
			t.Fatal("invalid UTF-8")
		}
		if !strings.HasPrefix(got, "🛑 Agent stopped — ") || !strings.HasSuffix(got, Footer) {
			t.Fatalf("missing title or footer: %q", got)
		}
		if title, _, _ := strings.Cut(got, "\n"); strings.ContainsAny(title, "\r\t") {
			t.Fatalf("title spans lines: %q", title)
		}
	})
}
