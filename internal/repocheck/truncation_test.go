package repocheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
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
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch rel {
			case "examples", "internal/textcut", "internal/e2e", ".git":
				return filepath.SkipDir
			}
			if d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for n, line := range strings.Split(string(src), "\n") {
			if m := handCut.FindString(line); m != "" {
				t.Errorf("%s:%d: %q cuts a string by hand; use internal/textcut", rel, n+1, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
