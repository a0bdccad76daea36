package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeSettings writes a Claude Code settings file with one Stop hook
// entry (JSON of the hook object).
func writeSettings(t *testing.T, path, hook string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	doc := `{"hooks":{"Stop":[{"hooks":[` + hook + `]}]}}`
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestDoctorRunsOnlyTheUsersOwnHooksAndOnlyWithRun(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		body     string
		wantCode int
		want     string
	}{
		{"healthy", `cat >/dev/null; echo '{}'`, 0, "fails open on garbage input"},
		{"blocks garbage", `read x; case "$x" in '{'*) echo '{}';; *) exit 2;; esac`, 1, "FAIL"},
		{"prints text", `cat >/dev/null; echo hello`, 1, "stdout is not JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			hook := e.script("my-hook", tt.body)
			if code := e.run("install", "-scope", "user", "-command", hook); code != 0 {
				t.Fatalf("install: %s", e.errOut.String())
			}
			if code := e.run("doctor"); code != 0 || strings.Contains(e.out.String(), "sample Stop") {
				t.Fatalf("doctor without -run: exit %d, want 0 and no hook run:\n%s", code, e.out.String())
			}
			if !strings.Contains(e.out.String(), "ok   user hook Stop: "+hook+"\n") {
				t.Fatalf("doctor does not list the hook:\n%s", e.out.String())
			}
			code := e.run("doctor", "-run")
			if code != tt.wantCode || !strings.Contains(e.out.String(), tt.want) {
				t.Fatalf("doctor -run: exit %d, want %d; output lacks %q:\n%s", code, tt.wantCode, tt.want, e.out.String())
			}
		})
	}
}

// A cloned repository's hooks are listed and never run, with or without
// -run, whatever their command looks like.
func TestDoctorNeverRunsProjectOrLocalHooks(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	owned := filepath.Join(e.dir, "owned")
	evil := e.script("stophook-evil", "echo owned >"+owned)
	writeSettings(t, filepath.Join(e.dir, ".claude", "settings.json"),
		`{"type":"command","command":"stophook-lint; echo owned > `+owned+`"}`)
	writeSettings(t, filepath.Join(e.dir, ".claude", "settings.local.json"),
		`{"type":"command","command":"`+evil+`","args":["-x"]}`)
	writeSettings(t, filepath.Join(e.dir, ".codex", "hooks.json"), `{"type":"command","command":"`+evil+`"}`)
	for _, args := range [][]string{{"doctor"}, {"doctor", "-run"}} {
		e.run(args...)
		if _, err := os.Stat(owned); err == nil {
			t.Fatalf("%v ran a repository's hook:\n%s", args, e.out.String())
		}
		out := e.out.String()
		for _, want := range []string{
			"warn project hook Stop: stophook-lint; echo owned > " + owned + ": stophook-lint: not found on PATH",
			"ok   local hook Stop: " + evil + " -x\n",
			"project and local hooks are listed, never run",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("%v: output lacks %q:\n%s", args, want, out)
			}
		}
	}
}

// Every hook is listed whatever its name; a missing exec-form command
// FAILs; warnings alone exit 0.
func TestDoctorChecksEveryHookAndExitsZeroOnWarnings(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	lint := e.script("my-linter", "exit 0")
	settings := filepath.Join(e.home, ".claude", "settings.json")
	writeSettings(t, settings, `{"type":"command","command":"\"$CLAUDE_PROJECT_DIR\"/my-linter --fast"},{"type":"command","command":"`+lint+`"}`)
	code := e.run("doctor")
	out := e.out.String()
	if code != 0 || !strings.Contains(out, "ok   user hook Stop: \"$CLAUDE_PROJECT_DIR\"/my-linter --fast ("+lint+")") ||
		!strings.Contains(out, "ok   user hook Stop: "+lint+"\n") {
		t.Fatalf("doctor: exit %d, want 0 and both hooks listed as found:\n%s", code, out)
	}
	// A shell line whose program is not found only warns: exit 0.
	writeSettings(t, settings, `{"type":"command","command":"FOO=1 no-such-linter --x"}`)
	code = e.run("doctor")
	if out := e.out.String(); code != 0 || !strings.Contains(out, "warn user hook Stop: FOO=1 no-such-linter --x: no-such-linter: not found on PATH") || !strings.Contains(out, "1 warning(s), 0 failure(s)") {
		t.Fatalf("doctor with a warning: exit %d, want 0:\n%s", code, out)
	}
	// An exec-form program that does not exist FAILs.
	writeSettings(t, settings, `{"type":"command","command":"/no/such/hook","args":["a"]}`)
	if code := e.run("doctor"); code != 1 || !strings.Contains(e.out.String(), "FAIL user hook Stop: /no/such/hook a: /no/such/hook: does not exist") {
		t.Fatalf("doctor with a missing program: exit %d, want 1:\n%s", code, e.out.String())
	}
}

func TestDoctorHonoursClaudeConfigDir(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	config := filepath.Join(e.home, "elsewhere")
	e.vars["CLAUDE_CONFIG_DIR"] = config
	writeSettings(t, filepath.Join(e.home, ".claude", "settings.json"), `{"type":"command","command":"/not/read"}`)
	writeSettings(t, filepath.Join(config, "settings.json"), `{"type":"command","command":"/from/config/dir"}`)
	e.run("doctor")
	if out := e.out.String(); !strings.Contains(out, "user hook Stop: /from/config/dir") || strings.Contains(out, "/not/read") {
		t.Fatalf("doctor with CLAUDE_CONFIG_DIR:\n%s", out)
	}
}

func TestDoctorReportsPluginLaunches(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	config := filepath.Join(e.home, ".claude")
	os.MkdirAll(config, 0o755)
	os.WriteFile(filepath.Join(config, "settings.json"), []byte(`{"enabledPlugins":{
		"quickstart@stophook": true, "loop@stophook": true, "memory-triage@stophook": true,
		"other@market": true, "off@stophook": false, "../../x@y": true}}`), 0o644)
	reason := "stophook-quickstart (plugin quickstart): Go is not installed and the download of URL failed; the session goes on without this hook. Fix: install Go"
	data := filepath.Join(config, "plugins", "data")
	os.MkdirAll(filepath.Join(data, "quickstart-stophook"), 0o755)
	os.WriteFile(filepath.Join(data, "quickstart-stophook", "launch-error"), []byte(reason+"\n"), 0o644)
	for _, name := range []string{"quickstart", "loop", "memory-triage"} {
		hooks := filepath.Join(config, "plugins", "cache", "stophook", name, "0.1.0", "hooks")
		os.MkdirAll(hooks, 0o755)
		os.WriteFile(filepath.Join(hooks, "launch.sh"), []byte("#!/bin/sh\n"), 0o755)
	}
	os.MkdirAll(filepath.Join(data, "loop-stophook", "bin"), 0o755)
	os.WriteFile(filepath.Join(data, "loop-stophook", "bin", "stophook-loop"), []byte("#!/bin/sh\n"), 0o755)
	code := e.run("doctor")
	out := e.out.String()
	for _, want := range []string{
		"FAIL user plugin quickstart@stophook: " + reason + "\n",
		"ok   user plugin loop@stophook enabled: stophook-loop ready",
		"warn user plugin memory-triage@stophook enabled: stophook-memory-triage is not there yet",
		"ok   user plugin other@market enabled\n",
		`warn user plugin "../../x@y" enabled: not a NAME@MARKETPLACE`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if code != 1 || strings.Contains(out, "off@stophook") {
		t.Errorf("exit %d, want 1 (a plugin that cannot run); disabled plugins not listed", code)
	}
	if t.Failed() {
		t.Log(out)
	}
}

func TestVersion(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"version"}, {"-version"}, {"--version"}} {
		e := newEnv(t)
		if code := e.run(args...); code != 0 || !strings.HasPrefix(e.out.String(), "stophook ") || !strings.Contains(e.out.String(), "go1.") {
			t.Errorf("%v: exit %d, stdout %q; want one line with the version", args, code, e.out.String())
		}
	}
}

// A bad command line gets one line on stderr naming the valid choices and
// pointing to -h, not the whole usage.
func TestErrorsAreOneLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"install", "-scope", "foo", "-command", "x"}, `invalid value "foo" for flag -scope: want user, project or local (stophook install -h for help)`},
		{[]string{"uninstall", "-host", "nope", "-command", "x"}, `for flag -host: want claude, codex, copilot, cursor, droid, gemini or qwen (stophook uninstall -h for help)`},
		{[]string{"doctor", "-bogus"}, `stophook doctor: flag provided but not defined: -bogus (stophook doctor -h for help)`},
		{[]string{"install"}, `-command is required (stophook install -h for help)`},
		{[]string{"frobnicate"}, `unknown command "frobnicate" (one of install, uninstall, doctor,`},
		{[]string{"version", "x"}, `takes no arguments`},
	}
	for _, tt := range tests {
		e := newEnv(t)
		code := e.run(tt.args...)
		stderr := e.errOut.String()
		if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line holding %q", tt.args, code, stderr, tt.want)
		}
	}
}

// TestDoctorRunKeepsTheUsersStateAndLog: doctor -run's sample runs keep
// their state in the scratch project, not in the store STOPHOOK_STORE
// names, and write no line into the user's decision log (STOPHOOK_LOG):
// a "stophook-doctor" session and a garbage input would be read there as
// the user's own.
func TestDoctorRunKeepsTheUsersStateAndLog(t *testing.T) {
	t.Parallel()
	env := doctorEnv([]string{"PATH=/bin", "HOME=/home/u", "STOPHOOK_STORE=redis://127.0.0.1:6379/0",
		"STOPHOOK_LOG=/home/u/decisions.jsonl", "STOPHOOK_STATE_DIR=/home/u/state"}, "/tmp/scratch")
	if got, want := strings.Join(env, " "), "PATH=/bin HOME=/home/u STOPHOOK_STATE_DIR="+filepath.Join("/tmp/scratch", "state"); got != want {
		t.Errorf("doctor's hook environment %q, want %q", got, want)
	}
}
