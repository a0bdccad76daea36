package repocheck

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const root = "../.."

// MaxReadmeLines bounds the README: a newcomer's page, details in docs/.
const MaxReadmeLines = 300

// internalWords are phrases that mean something only to the people who
// wrote the code (where an idea came from, who owns a section, how a
// figure used to be), not to a reader of the docs.
var internalWords = regexp.MustCompile(`(?i)\bthe seeds?\b|\bseed's\b|\bseed flow\b|\bClaudeCube\b|\bowned by the\b|\bbefore this tuning\b`)

func read(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sourceLines calls line for every line of the repository's non-test Go
// files, skipping testdata directories, .git and the directories of skip
// (paths relative to the root, with slashes).
func sourceLines(t *testing.T, skip []string, line func(rel string, n int, text string)) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == ".git" || d.Name() == "testdata" || slices.Contains(skip, rel) {
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
		for n, text := range strings.Split(string(src), "\n") {
			line(rel, n+1, text)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// docs returns README.md and the other Markdown files a reader is sent to.
func docs(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md", "SECURITY.md", "CHANGELOG.md", "BENCHMARKS.md"}
	more, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range more {
		rel, _ := filepath.Rel(root, m)
		files = append(files, filepath.ToSlash(rel))
	}
	return files
}

func TestReadmeLength(t *testing.T) {
	t.Parallel()
	if n := strings.Count(read(t, "README.md"), "\n"); n > MaxReadmeLines {
		t.Fatalf("README.md: %d lines, want at most %d (move details to docs/)", n, MaxReadmeLines)
	}
}

var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

func TestDocLinksResolve(t *testing.T) {
	t.Parallel()
	for _, f := range docs(t) {
		inFence := false
		for i, line := range strings.Split(read(t, f), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "```") {
				inFence = !inFence
			}
			if inFence {
				continue
			}
			for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "#") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				target, _, _ = strings.Cut(target, "#")
				p := filepath.Join(root, filepath.Dir(f), filepath.FromSlash(target))
				if _, err := os.Stat(p); err != nil {
					t.Errorf("%s:%d: link %s does not resolve: %v", f, i+1, m[1], err)
				}
			}
		}
	}
}

func TestNoInternalVocabularyInDocs(t *testing.T) {
	t.Parallel()
	for _, f := range docs(t) {
		for i, line := range strings.Split(read(t, f), "\n") {
			if w := internalWords.FindString(line); w != "" {
				t.Errorf("%s:%d: %q: say what the code does, not where it came from", f, i+1, w)
			}
		}
	}
}

// TestNoInternalVocabularyInGodoc checks the comments of every file godoc
// shows: non-test Go files and example tests.
func TestNoInternalVocabularyInGodoc(t *testing.T) {
	t.Parallel()
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "testdata", "node_modules", ".git":
				return filepath.SkipDir
			}
			return nil
		}
		name := d.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") && !strings.HasPrefix(name, "example") {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			i := strings.Index(line, "//")
			if i < 0 {
				continue
			}
			if w := internalWords.FindString(line[i:]); w != "" {
				rel, _ := filepath.Rel(root, path)
				t.Errorf("%s:%d: %q in a comment: say what the code does, not where it came from", rel, n, w)
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
}

// goBlock returns the first ```go block of the README after heading.
func goBlock(t *testing.T, readme, heading string) string {
	t.Helper()
	i := strings.Index(readme, heading)
	if i < 0 {
		t.Fatalf("README.md has no %q", heading)
	}
	rest := readme[i:]
	start := strings.Index(rest, "```go\n")
	if start < 0 {
		t.Fatalf("README.md: no go block after %q", heading)
	}
	rest = rest[start+len("```go\n"):]
	end := strings.Index(rest, "```")
	return rest[:end]
}

// linesBefore returns the n lines before the first line starting with
// call, with leading tabs removed.
func linesBefore(t *testing.T, src, call string, n int, where string) []string {
	t.Helper()
	lines := strings.Split(src, "\n")
	for i, line := range lines {
		if strings.HasPrefix(strings.TrimLeft(line, "\t"), call) {
			if i < n {
				break
			}
			out := make([]string, n)
			for j, l := range lines[i-n : i] {
				out[j] = strings.TrimLeft(l, "\t")
			}
			return out
		}
	}
	t.Fatalf("%s: no %d lines before %s", where, n, call)
	return nil
}

// TestReadmeHookIsTheExample keeps the README's ten-line hook the same code
// as Example_readmeHook, which runs (and checks its output) in go test.
func TestReadmeHookIsTheExample(t *testing.T) {
	t.Parallel()
	block := goBlock(t, read(t, "README.md"), "## A hook in ten lines")
	example := read(t, "example_readme_test.go")
	// The policy is built by the lines between func main() and hook.Main;
	// the example has the same lines before hook.Run.
	body := block[strings.Index(block, "func main() {\n")+len("func main() {\n"):]
	n := strings.Count(body[:strings.Index(body, "hook.Main(")], "\n")
	got, want := linesBefore(t, block, "hook.Main(", n, "README.md"), linesBefore(t, example, "hook.Run(", n, "example_readme_test.go")
	if n == 0 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("README hook:\n%s\nExample_readmeHook:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(example, "func Example_readmeHook()") || !strings.Contains(block, "hook.Main(p, hook.Options{})") ||
		!strings.Contains(example, "hook.Run(context.Background(), p, ") {
		t.Fatal("the README's hook must end in hook.Main(p, hook.Options{}), and Example_readmeHook must run the same p")
	}
	if n := strings.Count(strings.TrimSpace(block[strings.Index(block, "func main()"):]), "\n") + 1; n > 10 {
		t.Errorf("README's main: %d lines, want at most 10", n)
	}
}

// TestReadmeTestCommandIsCIs checks that the README's test command is the
// one .ci/run runs, without STOPHOOK_E2E=1 (exported there), so that it
// passes on a fresh machine, where the e2e tests skip; and that the README
// says .ci/run runs them with STOPHOOK_E2E=1.
func TestReadmeTestCommandIsCIs(t *testing.T) {
	t.Parallel()
	var ci string
	for _, line := range strings.Split(read(t, ".ci/run"), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "go test ") {
			ci = strings.TrimSpace(line)
		}
	}
	if ci == "" || !strings.Contains(read(t, ".ci/run"), "export STOPHOOK_E2E=1") {
		t.Fatal(".ci/run: no go test line after export STOPHOOK_E2E=1")
	}
	readme := read(t, "README.md")
	if want := "\n" + ci + "\n"; !strings.Contains(readme, want) {
		t.Fatalf("README.md lacks CI's test command %q on a line of its own", ci)
	}
	if strings.Contains(readme, "STOPHOOK_E2E=1 "+ci) || !strings.Contains(readme, "`.ci/run`") || !strings.Contains(readme, "`STOPHOOK_E2E=1`") {
		t.Fatal("README.md: the test command must run without STOPHOOK_E2E=1 (a fresh machine has no clients) and the README must say .ci/run sets it")
	}
}
