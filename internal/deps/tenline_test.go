package deps

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stophook/stophook/examples/hookcli"
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

// TestTenLineHookAnswersItsFlags builds the README's ten-line hook in a
// new module, committed to git as a user's project would be, and checks
// what hook.Main gives it: -h lists the flags, then the environment; a
// typo is one line and lets the session stop; -version names the module
// version and the commit it was built from.
func TestTenLineHookAnswersItsFlags(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	dir := newModule(t, "example.com/tenline", map[string]string{"main.go": tenLineHook(string(readme))})
	rev := ""
	if _, err := exec.LookPath("git"); err == nil {
		git := func(args ...string) string {
			cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("git %v: %v\n%s", args, err, out)
			}
			return strings.TrimSpace(string(out))
		}
		git("init", "-q")
		git("add", ".")
		git("commit", "-q", "-m", "hook")
		rev = git("rev-parse", "HEAD")
	}
	bin := filepath.Join(dir, "tenline")
	vcs := "-buildvcs=false"
	if rev != "" {
		vcs = "-buildvcs=true"
	}
	goIn(t, dir, "build", vcs, "-o", bin, ".")
	hook := func(args ...string) (stdout, stderr string, code int) {
		cmd := exec.Command(bin, args...)
		cmd.Stdin = strings.NewReader("")
		var o, e strings.Builder
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		if x, ok := err.(*exec.ExitError); ok {
			code = x.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return o.String(), e.String(), code
	}
	help, _, code := hook("-h")
	flags, env := strings.Index(help, "\nflags:\n"), strings.Index(help, "\nenvironment:\n")
	if code != 0 || !strings.HasPrefix(help, "usage: tenline [flags]") || flags < 0 || env < flags ||
		!strings.Contains(help, "-explain") || !strings.Contains(help[env:], "STOPHOOK_DISABLE") {
		t.Errorf("-h: exit %d, output:\n%s\nwant usage, the flags, then the environment", code, help)
	}
	var runner strings.Builder
	hookcli.Print(&runner, hookcli.Runner)
	if !strings.HasSuffix(help, runner.String()) {
		t.Errorf("-h ends with:\n%s\nwant the environment the ready hooks list (hookcli.Runner):\n%s", help[max(env, 0):], runner.String())
	}
	out, errs, code := hook("-explian")
	if want := "tenline: flag provided but not defined: -explian (tenline -h for help); allowing stop\n"; code != 0 || out != "" || errs != want {
		t.Errorf("a typo: exit %d, stdout %q, stderr %q; want exit 0 and the one line %q", code, out, errs, want)
	}
	out, _, code = hook("-version")
	want := "tenline (devel) (revision not recorded"
	if rev != "" {
		want = "tenline v0.0.0-" // a pseudo-version of the commit
	}
	if code != 0 || !strings.HasPrefix(out, want) || !strings.Contains(out, rev) || !strings.Contains(out, " go1.") {
		t.Errorf("-version: exit %d, %q; want it to start with %q and name revision %q", code, out, want, rev)
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
