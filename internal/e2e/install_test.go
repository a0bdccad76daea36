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
	if got := doc.Hooks["Stop"][0].Hooks[0]["command"]; got != "stophook-quickstart" {
		t.Fatalf("command: got %v, want the name found on PATH (a teammate's PATH finds it too)", got)
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

// TestInstallPortableAndConfigDir: a project-scope install of a binary
// inside the project writes ${CLAUDE_PROJECT_DIR}/… in exec form, which
// the real Claude Code expands and runs; a user-scope install with
// CLAUDE_CONFIG_DIR set writes the settings Claude Code reads from there.
func TestInstallPortableAndConfigDir(t *testing.T) {
	t.Parallel()
	e := New(t)
	cli, binDir := installedHook(t)
	cfg := filepath.Join(e.Root, "claude-config")
	if err := os.MkdirAll(cfg, 0o755); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(e.Home, ".claude.json")); err != nil || os.WriteFile(filepath.Join(cfg, ".claude.json"), b, 0o600) != nil {
		t.Fatalf("seed %s: %v", cfg, err)
	}
	e.Setenv("CLAUDE_CONFIG_DIR", cfg)
	hook, err := os.ReadFile(filepath.Join(binDir, "stophook-quickstart"))
	if err != nil {
		t.Fatal(err)
	}
	inProject := filepath.Join(e.Dir, "tools", "stophook-quickstart")
	if err := os.MkdirAll(filepath.Dir(inProject), 0o755); err != nil || os.WriteFile(inProject, hook, 0o755) != nil {
		t.Fatalf("copy the hook into the project: %v", err)
	}
	env := e.Environ()

	out, code := stophookCLI(t, cli, e.Dir, env, "install", "-scope", "project", "-events", "Stop", "-command", "./tools/stophook-quickstart")
	settings := filepath.Join(e.Dir, ".claude", "settings.json")
	b, _ := os.ReadFile(settings)
	if code != 0 || !strings.Contains(string(b), `"${CLAUDE_PROJECT_DIR}/tools/stophook-quickstart"`) || strings.Contains(string(b), e.Dir) {
		t.Fatalf("install: exit %d\n%s\nsettings:\n%s", code, out, b)
	}
	e.API.Enqueue(Text("API Error: 529 Overloaded. Please try again."), Text("Done: the file is written."))
	r := e.RunOK("write the file")
	if fb := e.API.StopHookFeedback(); len(fb) != 1 || !strings.Contains(fb[0], retryReason) {
		e.Dump(r)
		t.Fatalf("project hook: stop hook feedback %q, want one retry holding %q", fb, retryReason)
	}
	if out, code := stophookCLI(t, cli, e.Dir, env, "uninstall", "-scope", "project", "-events", "Stop", "-command", "./tools/stophook-quickstart"); code != 0 {
		t.Fatalf("uninstall: exit %d\n%s", code, out)
	}

	out, code = stophookCLI(t, cli, e.Dir, env, "install", "-events", "Stop", "-command", inProject)
	if b, err := os.ReadFile(filepath.Join(cfg, "settings.json")); code != 0 || err != nil || !strings.Contains(string(b), inProject) {
		t.Fatalf("user install with CLAUDE_CONFIG_DIR: exit %d\n%s\n%s", code, out, b)
	}
	if _, err := os.Stat(filepath.Join(e.Home, ".claude", "settings.json")); err == nil {
		t.Fatal("install wrote ~/.claude/settings.json although CLAUDE_CONFIG_DIR is set")
	}
	seen := len(e.API.Conversation())
	e.API.Enqueue(Text("API Error: 529 Overloaded. Please try again."), Text("Done: the file is written."))
	r = e.RunOK("write the file")
	retried := false
	for _, req := range e.API.Conversation()[seen:] {
		for _, s := range req.UserTexts() {
			retried = retried || strings.Contains(s, retryReason)
		}
	}
	if !retried {
		e.Dump(r)
		t.Fatalf("user hook under CLAUDE_CONFIG_DIR: the second run was not retried with %q", retryReason)
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
