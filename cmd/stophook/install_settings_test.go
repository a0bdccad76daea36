package main

import (
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
