package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReinstallKeepsSecondMatcherGroup: the same hook under SessionStart
// "startup" and "compact" ended under "startup" only after a re-install.
func TestReinstallKeepsSecondMatcherGroup(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	settings := filepath.Join(e.home, ".claude", "settings.json")
	entry := `{"type": "command", "command": "my-hook --flag", "timeout": 60}`
	orig := `{
  "hooks": {
    "SessionStart": [
      {"matcher": "startup", "hooks": [` + entry + `]},
      {"matcher": "compact", "hooks": [` + entry + `]}
    ]
  }
}
`
	mustWrite(t, settings, orig)
	if code := e.run("install", "-events", "SessionStart", "-command", "my-hook --flag"); code != 0 {
		t.Fatalf("install: exit %d: %s", code, e.errOut.String())
	}
	if got := e.read(settings); got != orig {
		t.Fatalf("re-install changed the file:\n%s", got)
	}
	// A true duplicate (same matcher) is still folded into one.
	dup := strings.Replace(orig, `"compact"`, `"startup"`, 1)
	mustWrite(t, settings, dup)
	if code := e.run("install", "-events", "SessionStart", "-command", "my-hook --flag"); code != 0 {
		t.Fatalf("install: exit %d: %s", code, e.errOut.String())
	}
	if got := e.read(settings); strings.Count(got, "my-hook") != 1 {
		t.Fatalf("duplicate under the same matcher kept:\n%s", got)
	}
}

// TestInstallAcceptsJSONCAndBOM: Gemini CLI and Qwen Code read settings
// with comments, and a Claude settings.json may start with a byte-order
// mark; install refused all three with "invalid character". Install keeps
// the comments, and uninstall gives back the file byte for byte.
func TestInstallAcceptsJSONCAndBOM(t *testing.T) {
	t.Parallel()
	tests := []struct{ host, file, orig string }{
		{"gemini", ".gemini/settings.json", `{
  // the theme I like
  "theme": "GitHub", /* inline */
  "general": {
    "vimMode": true, // trailing
  },
}
`},
		{"qwen", ".qwen/settings.json", "// Qwen settings\n{\n    \"model\": {\"name\": \"qwen3-coder\"}\n}\n"},
		{"claude", ".claude/settings.json", "\ufeff{\n  \"model\": \"sonnet\"\n}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			settings := filepath.Join(e.home, tt.file)
			mustWrite(t, settings, tt.orig)
			if code := e.run("install", "-host", tt.host, "-command", "my-hook --flag"); code != 0 {
				t.Fatalf("install: exit %d: %s", code, e.errOut.String())
			}
			got := e.read(settings)
			if !strings.Contains(got, "my-hook --flag") {
				t.Fatalf("no hook:\n%s", got)
			}
			for _, keep := range []string{"// the theme I like", "/* inline */", "// trailing", "// Qwen settings", "\ufeff{"} {
				if strings.Contains(tt.orig, keep) && !strings.Contains(got, keep) {
					t.Fatalf("lost %q:\n%s", keep, got)
				}
			}
			if code := e.run("uninstall", "-host", tt.host, "-command", "my-hook --flag"); code != 0 {
				t.Fatalf("uninstall: exit %d: %s", code, e.errOut.String())
			}
			if got := e.read(settings); got != tt.orig {
				t.Fatalf("after uninstall:\n%q\nwant the original\n%q", got, tt.orig)
			}
		})
	}
}

// TestInstallBadSettingsNamesLineAndColumn: a broken settings file is
// reported with where it breaks, and left alone.
func TestInstallBadSettingsNamesLineAndColumn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	settings := filepath.Join(e.home, ".claude", "settings.json")
	bad := "{\n  \"model\": \"sonnet\"\n  \"theme\": 1\n}\n"
	mustWrite(t, settings, bad)
	if code := e.run("install", "-command", "my-hook --flag"); code != 1 || !strings.Contains(e.errOut.String(), "line 3, column 3") {
		t.Fatalf("install: exit %d, stderr %s; want exit 1 naming line 3, column 3", code, e.errOut.String())
	}
	if got := e.read(settings); got != bad {
		t.Fatalf("the broken file was changed:\n%s", got)
	}
}

func mustWrite(t *testing.T, path, data string) {
	t.Helper()
	must(t, os.MkdirAll(filepath.Dir(path), 0o755))
	must(t, os.WriteFile(path, []byte(data), 0o644))
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestInstallProjectWritesPortableCommands: the project and local scopes
// wrote this machine's absolute path into files a team shares; a
// teammate's hook then pointed nowhere.
func TestInstallProjectWritesPortableCommands(t *testing.T) {
	t.Parallel()
	type hookEntry struct {
		Command string
		Args    []string
	}
	read := func(t *testing.T, e *env, rel string) []hookEntry {
		var doc struct {
			Hooks map[string][]struct{ Hooks []hookEntry }
		}
		b := e.read(filepath.Join(e.dir, rel))
		if strings.Contains(b, e.dir) {
			t.Fatalf("%s holds this machine's project path:\n%s", rel, b)
		}
		if err := json.Unmarshal([]byte(b), &doc); err != nil {
			t.Fatal(err)
		}
		var out []hookEntry
		for _, g := range doc.Hooks["Stop"] {
			out = append(out, g.Hooks...)
		}
		return out
	}
	t.Run("inside the project", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		mustWrite(t, filepath.Join(e.dir, "bin", "stophook-fake"), "#!/bin/sh\n")
		if code := e.run("install", "-scope", "project", "-command", "./bin/stophook-fake", "--", "-x"); code != 0 {
			t.Fatalf("install: exit %d: %s", code, e.errOut.String())
		}
		got := read(t, e, ".claude/settings.json")
		if len(got) != 1 || got[0].Command != "${CLAUDE_PROJECT_DIR}/bin/stophook-fake" || len(got[0].Args) != 1 {
			t.Fatalf("Stop hooks: got %+v, want ${CLAUDE_PROJECT_DIR}/bin/stophook-fake -x", got)
		}
		if code := e.run("uninstall", "-scope", "project", "-command", filepath.Join(e.dir, "bin", "stophook-fake"), "--", "-x"); code != 0 {
			t.Fatalf("uninstall: exit %d: %s", code, e.errOut.String())
		}
		if got := e.read(filepath.Join(e.dir, ".claude", "settings.json")); strings.Contains(got, "stophook-fake") {
			t.Fatalf("after uninstall:\n%s", got)
		}
	})
	t.Run("on PATH", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		bin := filepath.Join(e.vars["PATH"], "stophook-onpath")
		mustWrite(t, bin, "#!/bin/sh\n")
		must(t, os.Chmod(bin, 0o755))
		// An entry an older install wrote with the absolute path is replaced.
		mustWrite(t, filepath.Join(e.dir, ".claude", "settings.local.json"),
			`{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "`+bin+`"}]}]}}`)
		if code := e.run("install", "-scope", "local", "-command", "stophook-onpath"); code != 0 {
			t.Fatalf("install: exit %d: %s", code, e.errOut.String())
		}
		if got := read(t, e, ".claude/settings.local.json"); len(got) != 1 || got[0].Command != "stophook-onpath" {
			t.Fatalf("Stop hooks: got %+v, want one entry running the bare name", got)
		}
	})
	t.Run("shell hosts", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		mustWrite(t, filepath.Join(e.dir, "bin", "stophook-fake"), "#!/bin/sh\n")
		if code := e.run("install", "-host", "gemini", "-scope", "project", "-command", "bin/stophook-fake"); code != 0 {
			t.Fatalf("install: exit %d: %s", code, e.errOut.String())
		}
		var doc struct {
			Hooks map[string][]struct{ Hooks []hookEntry }
		}
		json.Unmarshal([]byte(e.read(filepath.Join(e.dir, ".gemini", "settings.json"))), &doc)
		if got := doc.Hooks["AfterAgent"]; len(got) != 1 || got[0].Hooks[0].Command != `"$CLAUDE_PROJECT_DIR"/bin/stophook-fake` {
			t.Fatalf("AfterAgent: got %+v", got)
		}
	})
	t.Run("outside the project", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t)
		outside := filepath.Join(e.home, "stophook-mine")
		mustWrite(t, outside, "#!/bin/sh\n")
		if code := e.run("install", "-scope", "project", "-command", outside); code != 1 || !strings.Contains(e.errOut.String(), "outside the project") {
			t.Fatalf("install: exit %d, stderr %s; want a refusal", code, e.errOut.String())
		}
	})
}

// TestInstallHonoursClaudeConfigDir: Claude Code reads the user's
// settings from $CLAUDE_CONFIG_DIR; install wrote ~/.claude regardless.
func TestInstallHonoursClaudeConfigDir(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	cfg := filepath.Join(filepath.Dir(e.home), "claude-config")
	e.vars["CLAUDE_CONFIG_DIR"] = cfg
	if code := e.run("install", "-command", "my-hook --flag"); code != 0 {
		t.Fatalf("install: exit %d: %s", code, e.errOut.String())
	}
	if !strings.Contains(e.read(filepath.Join(cfg, "settings.json")), "my-hook --flag") {
		t.Fatal("no hook in $CLAUDE_CONFIG_DIR/settings.json")
	}
	if _, err := os.Stat(filepath.Join(e.home, ".claude", "settings.json")); !os.IsNotExist(err) {
		t.Fatalf("~/.claude/settings.json: %v, want none", err)
	}
	if code := e.run("uninstall", "-command", "my-hook --flag"); code != 0 || strings.Contains(e.read(filepath.Join(cfg, "settings.json")), "my-hook") {
		t.Fatalf("uninstall: exit %d: %s", code, e.errOut.String())
	}
}

// TestUninstallWithoutSettingsCreatesNothing: nothing to remove means
// nothing written, not even the lock's directory.
func TestUninstallWithoutSettingsCreatesNothing(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	if code := e.run("uninstall", "-scope", "project", "-command", "my-hook --flag"); code != 0 || !strings.HasPrefix(e.out.String(), "unchanged ") {
		t.Fatalf("uninstall: exit %d, out %q, stderr %s", code, e.out.String(), e.errOut.String())
	}
	if _, err := os.Stat(filepath.Join(e.dir, ".claude")); !os.IsNotExist(err) {
		t.Fatalf(".claude: %v, want none", err)
	}
}
