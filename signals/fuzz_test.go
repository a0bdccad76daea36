package signals_test

import (
	"strings"
	"testing"

	"github.com/stophook/stophook/signals"
)

// FuzzProse checks that Prose never panics, keeps every line ending in place
// and only ever turns bytes into spaces, and that Lines are trimmed lines.
// Seed corpus: testdata/fuzz/FuzzProse.
func FuzzProse(f *testing.F) {
	f.Fuzz(func(t *testing.T, text string) {
		got := signals.Prose(text)
		if len(text) <= signals.MaxInput {
			if len(got) != len(text) {
				t.Fatalf("len(Prose) = %d, want %d", len(got), len(text))
			}
			for i := range len(text) {
				switch {
				case text[i] == '\n' || text[i] == '\r':
					if got[i] != text[i] {
						t.Fatalf("Prose changed line ending at %d: got %q, want %q", i, got[i], text[i])
					}
				case got[i] != text[i] && got[i] != ' ':
					t.Fatalf("Prose byte %d = %q, want %q or a space", i, got[i], text[i])
				}
			}
		}
		for _, line := range signals.Lines(text) {
			if line == "" || line != strings.TrimSpace(line) || strings.ContainsAny(line, "\r\n") {
				t.Fatalf("Lines returned %q, want a trimmed non-empty line", line)
			}
		}
	})
}

// FuzzFind checks that Find never panics, that what it finds is a valid
// signal on a line of its own, and that nothing is found once the whole
// text is wrapped in a code fence. Seed corpus: testdata/fuzz/FuzzFind.
func FuzzFind(f *testing.F) {
	tags := []signals.Tag{loopDone, issueComplete, grindDone}
	f.Fuzz(func(t *testing.T, text string) {
		tag, value, ok := signals.Find(text, tags...)
		// Find skips the parse when no raw line is a signal; it must agree
		// with a plain search of Lines.
		want := false
		for _, line := range signals.Lines(text) {
			for _, t := range tags {
				if _, m := t.Match(line); m {
					want = true
				}
			}
		}
		if ok != want {
			t.Fatalf("Find ok = %v, but a signal in Lines(text) = %v", ok, want)
		}
		if ok {
			if _, valid := tag.Match(tag.Signal(value)); !valid {
				t.Fatalf("Find = %s %q, not a valid signal", tag.Name, value)
			}
			sig := tag.Signal(value)
			if !strings.Contains(text, sig) {
				t.Fatalf("Find = %q, not in text", sig)
			}
			found := false
			for _, line := range signals.Lines(text) {
				found = found || line == sig
			}
			if !found {
				t.Fatalf("Find = %q, not a line of Lines(text)", sig)
			}
		}
		if len(text) > signals.MaxInput/2 {
			return
		}
		fence := strings.Repeat("`", max(3, longestRun(text, '`')+1))
		wrapped := fence + "\n" + text + "\n" + fence + "\n"
		if tag, value, ok := signals.Find(wrapped, tags...); ok {
			t.Fatalf("Find(fenced text) = %s %q, want not found", tag.Name, value)
		}
	})
}

func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := range len(s) {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}
