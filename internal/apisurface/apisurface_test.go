package apisurface

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Ceilings on exported identifiers: top-level funcs, types, consts and
// vars, and methods of exported types, in non-test files. Lower them as
// the surface shrinks; never raise them without a reason in the commit.
const (
	rootCeiling  = 52
	totalCeiling = 384
)

func TestExportedIdentifiers(t *testing.T) {
	root := filepath.Join("..", "..")
	counts := map[string]int{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" ||
				rel == "internal" || rel == "examples" || rel == "cmd" || strings.HasSuffix(rel, "/internal")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		n, err := countFile(path)
		if err != nil {
			return err
		}
		counts[filepath.ToSlash(filepath.Dir(rel))] += n
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	pkgs := make([]string, 0, len(counts))
	total := 0
	for p, n := range counts {
		pkgs = append(pkgs, p)
		total += n
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		t.Logf("%-28s %4d", p, counts[p])
	}
	t.Logf("%-28s %4d", "total", total)
	if counts["."] > rootCeiling {
		t.Errorf("root package exports %d identifiers, want at most %d", counts["."], rootCeiling)
	}
	if total > totalCeiling {
		t.Errorf("public packages export %d identifiers, want at most %d", total, totalCeiling)
	}
}

// countFile counts the exported identifiers a file declares.
func countFile(path string) (int, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.SkipObjectResolution)
	if err != nil {
		return 0, err
	}
	if strings.HasSuffix(f.Name.Name, "_test") || f.Name.Name == "main" {
		return 0, nil
	}
	n := 0
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() {
				continue
			}
			if d.Recv != nil && !ast.IsExported(recvType(d.Recv.List[0].Type)) {
				continue
			}
			n++
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					if s.Name.IsExported() {
						n++
					}
				case *ast.ValueSpec:
					for _, name := range s.Names {
						if name.IsExported() {
							n++
						}
					}
				}
			}
		}
	}
	return n, nil
}

// recvType returns the name of a method's receiver type.
func recvType(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}
