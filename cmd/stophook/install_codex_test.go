package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

// codexTrust decodes hooks.state of a Codex config.toml: trust key →
// trusted_hash. It fails the test when Codex could not load the file.
func codexTrust(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Hooks struct {
			State map[string]struct {
				TrustedHash string `toml:"trusted_hash"`
			} `toml:"state"`
		} `toml:"hooks"`
	}
	if err := toml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("config.toml does not parse: %v\n%s", err, b)
	}
	out := map[string]string{}
	for k, v := range doc.Hooks.State {
		out[k] = v.TrustedHash
	}
	return out
}

// TestInstallCodexRecognisesTrustEntryForms: a trust entry written as a
// header with a comment, a literal-string key, a header with spaces, an
// inline table or a dotted key was not recognised, install appended
// [hooks.state."K"] again and Codex refused the file ("declared twice").
func TestInstallCodexRecognisesTrustEntryForms(t *testing.T) {
	t.Parallel()
	forms := map[string]func(keys []string, hash map[string]string) string{
		"header-comment": func(keys []string, hash map[string]string) string {
			var b strings.Builder
			for _, k := range keys {
				fmt.Fprintf(&b, "[hooks.state.%q] # trusted by me\ntrusted_hash = %q\n\n", k, hash[k])
			}
			return b.String()
		},
		"literal-key": func(keys []string, hash map[string]string) string {
			var b strings.Builder
			for _, k := range keys {
				fmt.Fprintf(&b, "[hooks.state.'%s']\ntrusted_hash = '%s'\n", k, hash[k])
			}
			return b.String()
		},
		"header-spaces": func(keys []string, hash map[string]string) string {
			var b strings.Builder
			for _, k := range keys {
				fmt.Fprintf(&b, "[ hooks . state . %q ]\ntrusted_hash = %q\n", k, hash[k])
			}
			return b.String()
		},
		"inline-table": func(keys []string, hash map[string]string) string {
			var parts []string
			for _, k := range keys {
				parts = append(parts, fmt.Sprintf("%q = { trusted_hash = %q }", k, hash[k]))
			}
			return "[hooks]\nstate = { " + strings.Join(parts, ", ") + " }\n"
		},
		"dotted-key": func(keys []string, hash map[string]string) string {
			var b strings.Builder
			b.WriteString("model = \"gpt-x\"\n")
			for _, k := range keys {
				fmt.Fprintf(&b, "hooks.state.%q.trusted_hash = %q\n", k, hash[k])
			}
			return b.String() + "\n[model_providers.fake]\nname = \"fake\"\n"
		},
		"state-table": func(keys []string, hash map[string]string) string {
			var b strings.Builder
			b.WriteString("[hooks.state]\n")
			for i, k := range keys {
				if i%2 == 0 {
					fmt.Fprintf(&b, "%q = { trusted_hash = %q }\n", k, hash[k])
				} else {
					fmt.Fprintf(&b, "%q.trusted_hash = %q\n", k, hash[k])
				}
			}
			return b.String()
		},
	}
	for name, form := range forms {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			config := filepath.Join(e.home, ".codex", "config.toml")
			if code := e.run("install", "-host", "codex", "-command", "my-hook --flag"); code != 0 {
				t.Fatalf("install: exit %d: %s", code, e.errOut.String())
			}
			hash := codexTrust(t, config)
			keys := make([]string, 0, len(hash))
			for k := range hash {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			written := form(keys, hash)
			mustWrite(t, config, written)
			if code := e.run("install", "-host", "codex", "-command", "my-hook --flag"); code != 0 {
				t.Fatalf("re-install: exit %d: %s", code, e.errOut.String())
			}
			if got := e.read(config); got != written {
				t.Fatalf("re-install changed config.toml:\n%s\nwant it as it was:\n%s", got, written)
			}
			if code := e.run("uninstall", "-host", "codex", "-command", "my-hook --flag"); code != 0 {
				t.Fatalf("uninstall: exit %d: %s", code, e.errOut.String())
			}
			if left := codexTrust(t, config); len(left) != 0 {
				t.Fatalf("trust entries left after uninstall: %v\n%s", left, e.read(config))
			}
		})
	}
}

// TestUninstallCodexRekeysOtherHooks: Codex trust keys are positions;
// removing our group moved the user's next hook to our old key while its
// trust entry stayed at its old one, and Codex skipped it silently.
func TestUninstallCodexRekeysOtherHooks(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	config := filepath.Join(e.home, ".codex", "config.toml")
	hooksJSON := filepath.Join(e.home, ".codex", "hooks.json")
	if code := e.run("install", "-host", "codex", "-events", "Stop", "-command", "my-hook --flag"); code != 0 {
		t.Fatalf("install ours: %s", e.errOut.String())
	}
	if code := e.run("install", "-host", "codex", "-events", "Stop", "-command", "their-hook"); code != 0 {
		t.Fatalf("install theirs: %s", e.errOut.String())
	}
	trust := codexTrust(t, config)
	at := func(i int) string { return fmt.Sprintf("%s:stop:%d:0", hooksJSON, i) }
	theirs := trust[at(1)]
	if theirs == "" || trust[at(0)] == "" {
		t.Fatalf("trust after two installs: %v", trust)
	}
	if code := e.run("uninstall", "-host", "codex", "-events", "Stop", "-command", "my-hook --flag"); code != 0 {
		t.Fatalf("uninstall: %s", e.errOut.String())
	}
	if !strings.Contains(e.read(hooksJSON), "their-hook") {
		t.Fatal("their hook was removed")
	}
	trust = codexTrust(t, config)
	if trust[at(0)] != theirs || len(trust) != 1 {
		t.Fatalf("trust after uninstall: %v; want only %s = %s (their hook, now first)", trust, at(0), theirs)
	}
}
