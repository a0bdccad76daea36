package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// `stophook install` as a new user runs it: the real client must obey the
// settings it writes, `stophook doctor` must find the hook healthy, and
// `stophook uninstall` must take it out again.

// installedHook builds the stophook command and the quickstart hook, the
// hook named stophook-quickstart in a directory of its own for PATH.
func installedHook(t *testing.T) (cli, binDir string) {
	t.Helper()
	cli = BuildHook(t, "./cmd/stophook")
	binDir = t.TempDir()
	if err := os.Symlink(BuildHook(t, "./examples/quickstart"), filepath.Join(binDir, "stophook-quickstart")); err != nil {
		t.Fatal(err)
	}
	return cli, binDir
}

// stophookCLI runs the stophook command in dir with env.
func stophookCLI(t *testing.T, cli, dir string, env []string, args ...string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, cli, args...)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("e2e: stophook %v: %v", args, err)
	}
	return string(out), code
}

func TestInstallProjectRetriesDoctorUninstall(t *testing.T) {
	t.Parallel()
	e := New(t)
	cli, binDir := installedHook(t)
	e.Setenv("PATH", binDir+string(os.PathListSeparator)+os.Getenv("PATH"))
	env := e.Environ()

	out, code := stophookCLI(t, cli, e.Dir, env, "install", "-scope", "project", "-command", "stophook-quickstart")
	if code != 0 {
		t.Fatalf("install: exit %d\n%s", code, out)
	}
	settings := filepath.Join(e.Dir, ".claude", "settings.json")
	var doc struct {
		Hooks map[string][]struct{ Hooks []map[string]any }
	}
	b, _ := os.ReadFile(settings)
	if err := json.Unmarshal(b, &doc); err != nil || len(doc.Hooks["Stop"]) != 1 {
		t.Fatalf("settings after install: %v\n%s", err, b)
	}
	if got := doc.Hooks["Stop"][0].Hooks[0]["command"]; got != filepath.Join(binDir, "stophook-quickstart") {
		t.Fatalf("command: got %v, want the absolute path found on PATH", got)
	}

	e.API.Enqueue(Text("API Error: 529 Overloaded. Please try again."), Text("Done: the file is written."))
	r := e.RunOK("write the file")
	if fb := e.API.StopHookFeedback(); len(fb) != 1 || !strings.Contains(fb[0], retryReason) {
		e.Dump(r)
		t.Fatalf("stop hook feedback: got %q, want one retry holding %q", fb, retryReason)
	}

	// doctor lists the project's hook and, the repository's, never runs it.
	out, code = stophookCLI(t, cli, e.Dir, env, "doctor", "-run")
	if code != 0 || !strings.Contains(out, "ok   project hook Stop: ") || strings.Contains(out, "sample Stop") {
		t.Fatalf("doctor -run: exit %d, want 0 and the project hook listed, not run\n%s", code, out)
	}

	out, code = stophookCLI(t, cli, e.Dir, env, "uninstall", "-scope", "project", "-command", "stophook-quickstart")
	if b, _ := os.ReadFile(settings); code != 0 || strings.Contains(string(b), "stophook-quickstart") {
		t.Fatalf("uninstall: exit %d\n%s\nsettings:\n%s", code, out, b)
	}
}

// TestInstallHostsObeyed installs quickstart with `stophook install -host`
// into the config the harness wrote for each client (keeping the harness's
// keys), then runs the client: the error reply must be retried once with
// the hook's reason reaching the model. For Codex the run does not bypass
// hook trust, so the trust entry install wrote must be right.
func TestInstallHostsObeyed(t *testing.T) {
	t.Parallel()
	for _, c := range []hostCase{{"codex", Codex, ""}, {"gemini", Gemini, ""}, {"qwen", Qwen, ""}, {"copilot", Copilot, CopilotNative}, {"droid", Droid, ""}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := c.env(t)
			cli, binDir := installedHook(t)
			e.writeConfig()
			env := e.Environ()
			out, code := stophookCLI(t, cli, e.Dir, env, "install", "-host", c.client.Name, "-command", filepath.Join(binDir, "stophook-quickstart"))
			if code != 0 {
				t.Fatalf("install: exit %d\n%s", code, out)
			}
			e.Model.Enqueue("API Error: 529 Overloaded. Please try again.", "Done: the file is written.")
			argv := slices.DeleteFunc(e.argv("write the file"), func(a string) bool { return a == "--dangerously-bypass-hook-trust" })
			ctx, cancel := context.WithTimeout(context.Background(), RunTimeout)
			defer cancel()
			cmd := exec.CommandContext(ctx, e.Bin, argv...)
			cmd.Dir, cmd.Env, cmd.Stdin = e.Dir, env, strings.NewReader("")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			cmd.WaitDelay = 5 * time.Second
			if c.client.Name == Copilot.Name {
				warmCopilot(t, e.Bin)
			}
			err := cmd.Run()
			if !e.Model.Saw(retryReason) {
				t.Fatalf("%s (err %v): the model never saw the retry reason %q\nstderr:\n%s", c.name, err, retryReason, truncate(stderr.String(), 3000))
			}
			out, code = stophookCLI(t, cli, e.Dir, env, "uninstall", "-host", c.client.Name, "-command", filepath.Join(binDir, "stophook-quickstart"))
			if code != 0 {
				t.Fatalf("uninstall: exit %d\n%s", code, out)
			}
		})
	}
}
