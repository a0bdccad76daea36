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

// TestOwnEvents: the names ownEvent lets host skip the event tables for
// are keys of none of them, so that skipping them changes no answer.
func TestOwnEvents(t *testing.T) {
	for _, e := range []string{"", EventStop, EventSubagentStop, EventSessionStart, EventSessionEnd, EventUserPromptSubmit} {
		if !ownEvent(e) {
			t.Errorf("ownEvent(%q) = false", e)
		}
		for name, table := range map[string]map[string]string{"gemini": geminiEvents, "cursor": cursorEvents, "copilot": copilotEvents} {
			if _, ok := table[e]; ok {
				t.Errorf("%q is a key of the %s event table: ownEvent must not hold it", e, name)
			}
		}
	}
	for _, table := range []map[string]string{geminiEvents, cursorEvents, copilotEvents} {
		for e := range table {
			if ownEvent(e) {
				t.Errorf("ownEvent(%q) = true for a key of an event table", e)
			}
		}
	}
}
