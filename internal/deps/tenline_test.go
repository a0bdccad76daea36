package deps

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// notInTenLineHook are the packages the README's ten-line hook
// (WithTurnBudget and ErrorRetry) must not link: each feature's own policy and state, the
// Markdown parser, and the network and process stacks. A hook pays for
// what it links at every start (package init, page faults), and this one
// is the hook most people start from.
var notInTenLineHook = []string{
	"github.com/yuin/goldmark",
	module + "/loopstate",
	module + "/queue",
	module + "/escalate",
	module + "/policy/triage",
	"net/http",
	"os/exec",
}

// TestTenLineHookIsLean builds the README's "A hook in ten lines" program
// in a new module and fails when it depends on any of notInTenLineHook,
// naming the package that pulls it in. Packages the two policies use
// (policy, and judge if ErrorRetry asks it) must stay free of them too.
func TestTenLineHookIsLean(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	src := tenLineHook(string(readme))
	if src == "" {
		t.Fatal(`README.md: no Go block under "## A hook in ten lines"`)
	}
	dir := newModule(t, "example.com/tenline", map[string]string{"main.go": src})
	goIn(t, dir, "build", "-o", os.DevNull, ".")
	out := goIn(t, dir, "list", "-deps", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, ".")
	for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		fields := strings.Fields(line)
		for _, imp := range fields[1:] {
			for _, bad := range notInTenLineHook {
				if imp == bad || strings.HasPrefix(imp, bad+"/") {
					t.Errorf("the ten-line hook links %s (imported by %s)", imp, fields[0])
				}
			}
		}
	}
}

// tenLineHook returns the first ```go block after the README heading
// "## A hook in ten lines".
func tenLineHook(readme string) string {
	_, after, ok := strings.Cut(readme, "\n## A hook in ten lines\n")
	if !ok {
		return ""
	}
	_, block, ok := strings.Cut(after, "```go\n")
	if !ok {
		return ""
	}
	code, _, _ := strings.Cut(block, "```")
	return code
}
