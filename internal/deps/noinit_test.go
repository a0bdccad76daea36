package deps

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoInitInLibraries keeps func init() out of the library packages
// (everything but internal/, examples/ and cmd/): nothing registers
// itself at start-up; a hook's main wires what it uses, and a hook that
// does not use a package pays nothing for it.
func TestNoInitInLibraries(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch {
			case rel == ".":
				return nil
			case strings.HasPrefix(d.Name(), "."), d.Name() == "testdata", d.Name() == "internal",
				rel == "examples", rel == "cmd":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		for n := 1; sc.Scan(); n++ {
			if strings.HasPrefix(sc.Text(), "func init()") {
				t.Errorf("%s:%d: func init() in a library package; wire it in main instead", rel, n)
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
}
