package repocheck

import (
	"regexp"
	"testing"
)

// handCut matches a string cut by hand to a byte or rune count: the copies
// of truncation that split UTF-8 sequences or drifted apart before they
// were brought together in internal/textcut.
var handCut = regexp.MustCompile(`ToValidUTF8\([a-zA-Z_.]+\[:|string\(\[\]rune\([a-zA-Z_.]+\)\[:|string\(r\[:|\[:n\] \+ "…"`)

// TestOneTruncationHelper fails when library or command code cuts a string
// by hand instead of calling internal/textcut. The examples are starters
// that cannot import internal packages; they may write their own.
func TestOneTruncationHelper(t *testing.T) {
	t.Parallel()
	skip := []string{"examples", "internal/textcut", "internal/e2e"}
	sourceLines(t, skip, func(rel string, n int, text string) {
		if m := handCut.FindString(text); m != "" {
			t.Errorf("%s:%d: %q cuts a string by hand; use internal/textcut", rel, n, m)
		}
	})
}
