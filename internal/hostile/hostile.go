// Package hostile builds the inputs an adversarial review used against the
// hooks, so tests in every package can reproduce them in a temporary
// directory instead of committing multi-megabyte fixtures.
package hostile

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// DeepLevels is the nesting of [DeepLine]: enough to overflow the stack of a
// decoder that recurses per level with no bound.
const DeepLevels = 6_000_000

// DeepLine returns an assistant transcript line (no newline) whose field
// "x" nests n arrays: a valid JSON document of 2n+~100 bytes.
func DeepLine(n int) []byte {
	var b bytes.Buffer
	b.Grow(2*n + 128)
	b.WriteString(`{"type":"assistant","message":{"id":"m","content":[{"type":"text","text":"hi"}]},"x":`)
	b.WriteString(strings.Repeat("[", n))
	b.WriteString(strings.Repeat("]", n))
	b.WriteString("}")
	return b.Bytes()
}

// WideLine returns an assistant transcript line whose content holds about
// size bytes of empty blocks `{},`: cheap to send, costly to decode into a
// slice of structs.
func WideLine(size int) []byte {
	var b bytes.Buffer
	b.Grow(size + 128)
	b.WriteString(`{"type":"assistant","message":{"id":"m","content":[`)
	for b.Len() < size {
		b.WriteString(`{},`)
	}
	b.WriteString(`{"type":"text","text":"hi"}]}}`)
	return b.Bytes()
}

// Transcript writes lines, each ended by a newline, to a file in a new
// temporary directory of t and returns its path.
func Transcript(t testing.TB, lines ...[]byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "hostile.jsonl")
	var b bytes.Buffer
	for _, l := range lines {
		b.Write(l)
		b.WriteByte('\n')
	}
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}
