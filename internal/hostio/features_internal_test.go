package hostio

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"testing"
)

// TestFeatureKeys: featureKeys, by whose lengths Detect skips keys, lists
// exactly the keys of addValue's cases.
func TestFeatureKeys(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), "host.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var cases []string
	ast.Inspect(file, func(n ast.Node) bool {
		fn, ok := n.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "addValue" {
			return true
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CaseClause); ok {
				for _, e := range c.List {
					if lit, ok := e.(*ast.BasicLit); ok {
						s, _ := strconv.Unquote(lit.Value)
						cases = append(cases, s)
					}
				}
			}
			return true
		})
		return false
	})
	keys := featureKeys[:]
	if !slices.Equal(slices.Sorted(slices.Values(cases)), slices.Sorted(slices.Values(keys))) {
		t.Errorf("addValue's cases %q, featureKeys %q", cases, keys)
	}
	for _, k := range keys {
		if featureLens&(1<<len(k)) == 0 {
			t.Errorf("featureLens lacks %q", k)
		}
	}
}
