package signals_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stophook/stophook/signals"
)

func TestProse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"no code", "Hello <b>world</b>\n", "Hello <b>world</b>\n"},
		{"empty", "", ""},
		{"inline code", "run `go test` now", "run `       ` now"},
		{"fence keeps fence lines", "```go\nx := 1\n```\n", "```go\n      \n```\n"},
		{"tilde fence", "~~~\nab\n~~~", "~~~\n  \n~~~"},
		{"unclosed fence", "```\nab\ncd", "```\n  \n  "},
		{"indented code", "p\n\n    code\n", "p\n\n        \n"},
		{"CRLF kept", "```\r\nab\r\n```\r\n", "```\r\n  \r\n```\r\n"},
		{"multibyte code blanked per byte", "`é`", "`  `"},
		{"invalid UTF-8 kept", "a\xff\n`\xfe`", "a\xff\n` `"},
		{"fence in block quote", "> ```\n> ab\n", "> ```\n>   \n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := signals.Prose(tt.in); got != tt.want {
				t.Fatalf("Prose(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestLines(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"empty", "", nil},
		{"trimmed and non-empty", "  a  \n\n b\t\n \n", []string{"a", "b"}},
		{"tab-indented line is code", "a\n\n\tb\n", []string{"a"}},
		{"CRLF", "a\r\nb\r\n", []string{"a", "b"}},
		{"lone CR", "a\rb", []string{"a", "b"}},
		{"code lines vanish", "a\n```\nx\n```\nb `y`", []string{"a", "```", "```", "b ` `"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := signals.Lines(tt.in); !slices.Equal(got, tt.want) {
				t.Fatalf("Lines(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestProseHugeKeepsTail(t *testing.T) {
	t.Parallel()
	head := strings.Repeat("h", 100) + "\n"
	body := strings.Repeat("b\n", signals.MaxInput/2)
	got := signals.Prose(head + "partial line" + body)
	if len(got) > signals.MaxInput {
		t.Fatalf("len(Prose) = %d, want <= %d", len(got), signals.MaxInput)
	}
	if !strings.HasPrefix(got, "b\n") || strings.Contains(got, "h") {
		t.Fatalf("Prose(huge) starts %q, want the whole lines of the tail", got[:20])
	}
}

func TestProseConcurrent(t *testing.T) {
	t.Parallel()
	const msg = "a `b` c\n```\nd\n```\n"
	const want = "a ` ` c\n```\n \n```\n"
	for i := range 8 {
		t.Run(string(rune('a'+i)), func(t *testing.T) {
			t.Parallel()
			for range 50 {
				if got := signals.Prose(msg); got != want {
					t.Fatalf("Prose = %q, want %q", got, want)
				}
			}
		})
	}
}
