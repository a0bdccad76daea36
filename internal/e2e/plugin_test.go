package e2e

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The repository as a Claude Code plugin marketplace: the real client adds
// the checkout, installs a plugin without a prompt, and the plugin's Stop
// hook (built by its launcher on first use) decides in a `claude -p` run.

// retryReason is what the quickstart hook sends back on an error reply.
const retryReason = "The previous approach hit an error"

// claudeCLI runs a claude subcommand (not a session) in e's environment.
func claudeCLI(e *Env, args ...string) (string, error) {
	e.T.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, e.Claude, args...)
	cmd.Dir = e.Dir
	cmd.Env = e.Environ()
	cmd.Stdin = strings.NewReader("")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

// useGoCaches lets hooks that build Go code share this process's build
// and module caches (the temp HOME has none), offline.
func useGoCaches(t *testing.T, e *Env) {
	t.Helper()
	for _, v := range []string{"GOCACHE", "GOMODCACHE", "GOPATH"} {
		out, err := exec.Command("go", "env", v).Output()
		if err != nil {
			t.Fatalf("e2e: go env %s: %v", v, err)
		}
		e.Setenv(v, strings.TrimSpace(string(out)))
	}
	e.Setenv("GOPROXY", "off")
	e.Setenv("GOFLAGS", "-mod=mod")
	e.Setenv("GOTOOLCHAIN", "local")
}

// warmPluginBuild runs the build the plugin launcher runs, so that its
// first-use build inside a hook is a cache hit and the hook answers well
// within its timeout on a loaded machine.
func warmPluginBuild(t *testing.T, name string) {
	t.Helper()
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-trimpath", "-o", filepath.Join(t.TempDir(), "stophook-"+name), "./examples/"+name)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("e2e: go build %s: %v\n%s", name, err, out)
	}
}

func TestPluginMarketplaceQuickstartRetries(t *testing.T) {
	t.Parallel()
	e := New(t)
	e.Timeout = 150 * time.Second // the first Stop may build the hook
	useGoCaches(t, e)
	warmPluginBuild(t, "quickstart")
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	if out, err := claudeCLI(e, "plugin", "marketplace", "add", root); err != nil {
		t.Fatalf("claude plugin marketplace add: %v\n%s", err, out)
	}
	if out, err := claudeCLI(e, "plugin", "install", "quickstart@stophook"); err != nil {
		t.Fatalf("claude plugin install: %v\n%s", err, out)
	}
	e.API.Enqueue(Text("API Error: 529 Overloaded. Please try again."), Text("Done: the file is written."))
	r := e.RunOK("write the file")
	fb := e.API.StopHookFeedback()
	if len(fb) != 1 || !strings.Contains(fb[0], retryReason) {
		e.Dump(r)
		t.Fatalf("stop hook feedback: got %q, want one retry holding %q", fb, retryReason)
	}
	if r.Out.Result != "Done: the file is written." {
		t.Fatalf("result: got %q, want the reply after the retry", r.Out.Result)
	}
	bin := filepath.Join(e.Home, ".claude", "plugins", "data")
	matches, _ := filepath.Glob(filepath.Join(bin, "*", "bin", "stophook-quickstart"))
	if len(matches) != 1 {
		t.Fatalf("built binary under %s: got %v, want one stophook-quickstart in CLAUDE_PLUGIN_DATA/bin", bin, matches)
	}
}
