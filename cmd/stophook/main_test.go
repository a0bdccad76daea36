package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/loopstate"
)

// env is a temp HOME and project for one test.
type env struct {
	t           *testing.T
	home, dir   string
	vars        map[string]string
	out, errOut bytes.Buffer
}

func newEnv(t *testing.T) *env {
	t.Helper()
	root := t.TempDir()
	e := &env{t: t, home: filepath.Join(root, "home"), dir: filepath.Join(root, "project"), vars: map[string]string{}}
	os.MkdirAll(e.home, 0o755)
	os.MkdirAll(e.dir, 0o755)
	e.vars["HOME"] = e.home
	e.vars["PATH"] = filepath.Join(root, "bin")
	return e
}

func (e *env) run(args ...string) int {
	e.out.Reset()
	e.errOut.Reset()
	return run(args, &sys{stdout: &e.out, stderr: &e.errOut, getenv: func(k string) string { return e.vars[k] }, cwd: e.dir})
}

func (e *env) read(rel ...string) string {
	b, err := os.ReadFile(filepath.Join(rel...))
	if err != nil {
		e.t.Fatalf("read: %v", err)
	}
	return string(b)
}

// script writes an executable shell script into the project dir.
func (e *env) script(name, body string) string {
	if runtime.GOOS == "windows" {
		e.t.Skip("shell-script hooks")
	}
	p := filepath.Join(e.dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		e.t.Fatal(err)
	}
	return p
}

func TestInstallClaudeProjectIdempotentAndUninstall(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	hook := e.script("stophook-fake", "cat >/dev/null; echo '{}'")
	settings := filepath.Join(e.dir, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(settings), 0o755)
	old := `{
  "model": "sonnet",
  "hooks": {
    "Stop": [
      {"hooks": [{"type": "command", "command": "` + hook + ` -v"}]},
      {"hooks": [{"type": "command", "command": "other-hook"}]}
    ]
  },
  "zzz": {"kept": [1.0, "\u00e9"]}
}
`
	os.WriteFile(settings, []byte(old), 0o644)

	if code := e.run("install", "-scope", "project", "-dry-run", "-command", "./stophook-fake", "--", "-v"); code != 0 {
		t.Fatalf("dry run: exit %d: %s", code, e.errOut.String())
	}
	if !strings.Contains(e.out.String(), "+++ b/") || !strings.Contains(e.out.String(), `+            "args": [`) {
		t.Fatalf("dry run: got %s, want a unified diff adding the exec form", e.out.String())
	}
	if got := e.read(settings); got != old {
		t.Fatal("dry run wrote the file")
	}

	if code := e.run("install", "-scope", "project", "-command", "./stophook-fake", "--", "-v"); code != 0 {
		t.Fatalf("install: exit %d: %s", code, e.errOut.String())
	}
	got := e.read(settings)
	var doc struct {
		Model string
		Hooks map[string][]struct {
			Hooks []map[string]any
		}
		Zzz json.RawMessage
	}
	if err := json.Unmarshal([]byte(got), &doc); err != nil {
		t.Fatalf("settings: %v\n%s", err, got)
	}
	stop := doc.Hooks["Stop"]
	if len(stop) != 2 || stop[0].Hooks[0]["command"] != "${CLAUDE_PROJECT_DIR}/stophook-fake" || stop[1].Hooks[0]["command"] != "other-hook" {
		t.Fatalf("Stop hooks: got %+v, want the shell form replaced in place by the exec form, the other hook kept", stop)
	}
	if args, _ := stop[0].Hooks[0]["args"].([]any); len(args) != 1 || args[0] != "-v" {
		t.Fatalf("args: got %v", stop[0].Hooks[0]["args"])
	}
	if stop[0].Hooks[0]["statusMessage"] == nil || stop[0].Hooks[0]["timeout"] != float64(60) {
		t.Fatalf("entry: got %v, want a timeout of 60 and a status message", stop[0].Hooks[0])
	}
	for _, ev := range []string{"SessionStart", "UserPromptSubmit", "SessionEnd"} {
		if len(doc.Hooks[ev]) != 1 {
			t.Errorf("%s: got %d groups, want 1", ev, len(doc.Hooks[ev]))
		}
	}
	if doc.Model != "sonnet" || !strings.Contains(got, `"kept": [`) || !strings.Contains(got, `1.0`) || !strings.Contains(got, `"\u00e9"`) {
		t.Fatalf("other keys changed:\n%s", got)
	}
	if e.read(settings+".bak") != old {
		t.Fatal("backup does not hold the previous file")
	}

	if code := e.run("install", "-scope", "project", "-command", hook, "--", "-v"); code != 0 || !strings.HasPrefix(e.out.String(), "unchanged ") {
		t.Fatalf("second install: exit %d, out %q; want unchanged", code, e.out.String())
	}
	if e.read(settings) != got {
		t.Fatal("second install changed the file")
	}

	if code := e.run("uninstall", "-scope", "project", "-command", "./stophook-fake", "--", "-v"); code != 0 {
		t.Fatalf("uninstall: exit %d: %s", code, e.errOut.String())
	}
	after := e.read(settings)
	if strings.Contains(after, "stophook-fake") || !strings.Contains(after, "other-hook") || !strings.Contains(after, `"model": "sonnet"`) {
		t.Fatalf("after uninstall:\n%s", after)
	}
}

func TestInstallEveryHost(t *testing.T) {
	t.Parallel()
	tests := []struct {
		host, scope, file, want string
		extra                   []string // more files that must mention the hook
	}{
		{"claude", "user", ".claude/settings.json", `"Stop"`, nil},
		{"claude", "local", "P/.claude/settings.local.json", `"SessionEnd"`, nil},
		{"qwen", "user", ".qwen/settings.json", `"timeout": 60`, nil},
		{"droid", "project", "P/.factory/settings.json", `"UserPromptSubmit"`, nil},
		{"gemini", "user", ".gemini/settings.json", `"timeout": 60000`, nil},
		{"gemini", "project", "P/.gemini/settings.json", `"AfterAgent"`, nil},
		{"codex", "user", ".codex/hooks.json", `"Stop"`, []string{".codex/config.toml"}},
		{"copilot", "user", ".copilot/hooks/stophook.json", `"agentStop"`, nil},
		{"copilot", "project", "P/.github/hooks/stophook.json", `"bash"`, nil},
		{"cursor", "user", ".cursor/hooks.json", `"loop_limit": 5`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.host+"-"+tt.scope, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			hook := e.script("stophook-fake", "exit 0")
			path := func(rel string) string {
				if p, ok := strings.CutPrefix(rel, "P/"); ok {
					return filepath.Join(e.dir, p)
				}
				return filepath.Join(e.home, rel)
			}
			if code := e.run("install", "-host", tt.host, "-scope", tt.scope, "-command", hook); code != 0 {
				t.Fatalf("install: exit %d: %s", code, e.errOut.String())
			}
			got := e.read(path(tt.file))
			if !strings.Contains(got, tt.want) || !strings.Contains(got, "stophook-fake") {
				t.Fatalf("%s: got\n%s\nwant %s and the hook", tt.file, got, tt.want)
			}
			for _, f := range tt.extra {
				if !strings.Contains(e.read(path(f)), "trusted_hash") {
					t.Fatalf("%s: no trust entry", f)
				}
			}
			if code := e.run("install", "-host", tt.host, "-scope", tt.scope, "-command", hook); code != 0 || strings.Contains(e.out.String(), "updated") {
				t.Fatalf("second install: exit %d, %s", code, e.out.String())
			}
			if code := e.run("uninstall", "-host", tt.host, "-scope", tt.scope, "-command", hook); code != 0 {
				t.Fatalf("uninstall: exit %d: %s", code, e.errOut.String())
			}
			for _, f := range append([]string{tt.file}, tt.extra...) {
				if s := e.read(path(f)); strings.Contains(s, "stophook-fake") || strings.Contains(s, "trusted_hash") {
					t.Fatalf("%s after uninstall:\n%s", f, s)
				}
			}
		})
	}
}

func TestUsage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args         []string
		want, unwant []string
	}{
		{[]string{"install", "-h"}, []string{"-timeout", "-dry-run", "-command", "CODEX_HOME", "HOME"}, []string{"-dir DIR]\n\nLists"}},
		{[]string{"uninstall", "-h"}, []string{"-command", "-scope"}, []string{"-timeout"}},
		{[]string{"doctor", "-h"}, []string{"-dir", "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP", "STOPHOOK_STATE_DIR"}, []string{"-command", "\n  -scope"}},
		{[]string{"help", "doctor"}, []string{"usage: stophook doctor"}, nil},
		{[]string{"help"}, []string{"install", "uninstall", "doctor"}, nil},
		{[]string{"-h"}, []string{"commands:"}, nil},
	}
	for _, tt := range tests {
		e := newEnv(t)
		if code := e.run(tt.args...); code != 0 {
			t.Errorf("%v: exit %d, want 0; stderr %s", tt.args, code, e.errOut.String())
		}
		for _, w := range tt.want {
			if !strings.Contains(e.out.String(), w) {
				t.Errorf("%v: output lacks %q:\n%s", tt.args, w, e.out.String())
			}
		}
		for _, w := range tt.unwant {
			if strings.Contains(e.out.String(), w) {
				t.Errorf("%v: output has %q:\n%s", tt.args, w, e.out.String())
			}
		}
	}
	e := newEnv(t)
	if code := e.run("frobnicate"); code != 2 {
		t.Errorf("unknown command: exit %d, want 2", code)
	}
	if code := e.run("install"); code != 2 || !strings.Contains(e.errOut.String(), "-command is required") {
		t.Errorf("install without -command: exit %d, stderr %s", code, e.errOut.String())
	}
}

func TestDoctorStateDirAndLoops(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	hook := e.script("stophook-fake", `cat >/dev/null`)
	e.run("install", "-scope", "project", "-command", hook)
	state := filepath.Join(e.dir, ".claude", "stophook")
	os.MkdirAll(state, 0o700)
	loops := &loopstate.Loops{Store: stophook.NewFileStore(state)}
	if _, err := loops.Push(context.Background(), "loop/s1", loopstate.Frame{Mode: loopstate.ModeLoop, Max: 20, Prompt: "p"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	e.vars["CLAUDE_CODE_STOP_HOOK_BLOCK_CAP"] = "8"
	code := e.run("doctor")
	if code != 0 || !strings.Contains(e.out.String(), "warn loop loop%2Fs1.json: max 20 is above 8") {
		t.Fatalf("doctor: exit %d; want a warning about the loop's max, and exit 0 (warnings are not failures):\n%s", code, e.out.String())
	}
	e.vars["CLAUDE_CODE_STOP_HOOK_BLOCK_CAP"] = "30"
	e.run("doctor")
	if !strings.Contains(e.out.String(), "ok   loop loop%2Fs1.json: max 20 within the block cap 30") {
		t.Fatalf("doctor with a raised cap:\n%s", e.out.String())
	}
	if !strings.Contains(e.out.String(), "writable") {
		t.Fatalf("no state dir check:\n%s", e.out.String())
	}
}
