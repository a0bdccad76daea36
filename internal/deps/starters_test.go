package deps

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExamplesBuildAsStarters copies the non-test Go files of each
// examples/<name> into a new module that requires stophook and builds it:
// an example is a starter, so it may import stophook's public packages
// but nothing internal.
func TestExamplesBuildAsStarters(t *testing.T) {
	t.Parallel()
	examples, err := filepath.Glob(filepath.Join("..", "..", "examples", "*"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	var names []string
	for _, ex := range examples {
		srcs, _ := filepath.Glob(filepath.Join(ex, "*.go"))
		name := filepath.Base(ex)
		isMain := false
		for _, src := range srcs {
			if strings.HasSuffix(src, "_test.go") {
				continue
			}
			data, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			isMain = isMain || strings.Contains(string(data), "\npackage main\n") || strings.HasPrefix(string(data), "package main\n")
			files[name+"/"+filepath.Base(src)] = string(data)
		}
		if !isMain {
			for rel := range files {
				if strings.HasPrefix(rel, name+"/") {
					delete(files, rel) // a helper package such as hookcli: imported, not copied
				}
			}
			continue
		}
		names = append(names, name)
	}
	if len(names) < 6 {
		t.Fatalf("found examples %q, want at least 6", names)
	}
	dir := newModule(t, "example.com/starter", files)
	bin := filepath.Join(dir, "bin")
	goIn(t, dir, "build", "-o", bin+string(filepath.Separator), "./...")
	t.Logf("built %q as a new module", names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			checkCommandLine(t, filepath.Join(bin, name), name)
		})
	}
}
