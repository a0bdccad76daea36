package plugins_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

const launcher = "${CLAUDE_PLUGIN_ROOT}/hooks/launch.sh"

type marketplace struct {
	Name    string
	Plugins []struct{ Name, Source, Version string }
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func TestMarketplaceAndPlugins(t *testing.T) {
	t.Parallel()
	var m marketplace
	readJSON(t, "../.claude-plugin/marketplace.json", &m)
	if m.Name != "stophook" {
		t.Fatalf("marketplace name: got %q, want stophook", m.Name)
	}
	want := []string{"quickstart", "loop", "memory-triage", "retry-escalate", "autopilot"}
	var got []string
	src, err := os.ReadFile("launch.sh")
	if err != nil {
		t.Fatal(err)
	}
	ident := regexp.MustCompile(`^[A-Za-z_]\w*$`)
	versions := map[string]bool{}
	for _, p := range m.Plugins {
		got = append(got, p.Name)
		dir := filepath.Join("..", filepath.FromSlash(p.Source))
		if p.Source != "./examples/"+p.Name {
			t.Errorf("%s: source %q, want ./examples/%s", p.Name, p.Source, p.Name)
		}
		if _, err := os.Stat(filepath.Join(dir, "main.go")); err != nil {
			t.Errorf("%s: no Go command in %s: %v", p.Name, dir, err)
		}
		var manifest struct {
			Name       string
			Version    string
			UserConfig map[string]struct{ Type, Title, Description string }
		}
		readJSON(t, filepath.Join(dir, ".claude-plugin", "plugin.json"), &manifest)
		if manifest.Name != p.Name || manifest.Version == "" || manifest.Version != p.Version {
			t.Errorf("%s: plugin.json name %q version %q; want the marketplace's name and version %q", p.Name, manifest.Name, manifest.Version, p.Version)
		}
		if versions[manifest.Version] = true; len(versions) > 1 {
			t.Errorf("%s: versions %v: every plugin downloads from the one GitHub release v<version> that scripts/release.sh builds, so all must match", p.Name, versions)
		}
		for k, o := range manifest.UserConfig {
			if !ident.MatchString(k) || o.Type == "" || o.Title == "" || o.Description == "" {
				t.Errorf("%s: userConfig %q: got %+v, want an identifier with type, title and description", p.Name, k, o)
			}
		}
		var hooks struct {
			Hooks map[string][]struct {
				Hooks []struct {
					Type, Command string
					Args          []string
					Timeout       int
				}
			}
		}
		readJSON(t, filepath.Join(dir, "hooks", "hooks.json"), &hooks)
		if len(hooks.Hooks["Stop"]) == 0 {
			t.Errorf("%s: hooks.json has no Stop hook", p.Name)
		}
		for ev, groups := range hooks.Hooks {
			for _, g := range groups {
				for _, h := range g.Hooks {
					if h.Type != "command" || h.Command != launcher || len(h.Args) == 0 || h.Args[0] != p.Name || h.Timeout <= 0 {
						t.Errorf("%s %s: got %+v, want the exec form %s %s with a timeout", p.Name, ev, h, launcher, p.Name)
					}
				}
			}
		}
		copyOf, err := os.ReadFile(filepath.Join(dir, "hooks", "launch.sh"))
		if err != nil || !bytes.Equal(copyOf, src) {
			t.Errorf("%s: hooks/launch.sh differs from plugins/launch.sh (cp plugins/launch.sh %s/hooks/): %v", p.Name, dir, err)
		}
		if st, err := os.Stat(filepath.Join(dir, "hooks", "launch.sh")); err == nil && runtime.GOOS != "windows" && st.Mode()&0o111 == 0 {
			t.Errorf("%s: hooks/launch.sh is not executable", p.Name)
		}
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("marketplace plugins: got %v, want %v", got, want)
	}
	md, err := os.ReadFile("../examples/loop/commands/loop.md")
	if err != nil || !bytes.Contains(md, []byte(`"`+launcher+`" loop start $ARGUMENTS`)) {
		t.Errorf("loop.md does not run the launcher: %v", err)
	}
	md, err = os.ReadFile("../examples/loop/commands/cancel.md")
	if err != nil || !bytes.Contains(md, []byte(`"`+launcher+`" loop cancel`)) {
		t.Errorf("cancel.md (/loop:cancel) does not run the launcher's loop cancel: %v", err)
	}
}
