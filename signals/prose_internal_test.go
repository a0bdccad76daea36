package signals

import (
	"testing"

	"github.com/yuin/goldmark/ast"
)

// A panicking parser must not escape Prose; the text comes back unblanked so
// that a signal is found (fail open) rather than a loop kept alive.
func TestProseParserPanic(t *testing.T) {
	old := parse
	parse = func([]byte) ast.Node { panic("boom") }
	defer func() { parse = old }()

	const msg = "```\n<loop-done>COMPLETE</loop-done>\n```\n"
	if got := Prose(msg); got != msg {
		t.Fatalf("Prose with panicking parser = %q, want %q", got, msg)
	}
}

func TestBlankClampsSegments(t *testing.T) {
	t.Parallel()
	src := []byte("ab\ncd")
	blank(src, -3, 100)
	if got, want := string(src), "  \n  "; got != want {
		t.Fatalf("blank = %q, want %q", got, want)
	}
	src = []byte("ab")
	blank(src, 2, 1)
	if got, want := string(src), "ab"; got != want {
		t.Fatalf("blank(start > stop) = %q, want %q", got, want)
	}
}
