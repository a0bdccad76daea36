package plugins_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

const launcher = "${CLAUDE_PLUGIN_ROOT}/hooks/launch.sh"

type marketplace struct {
	Name    string
	Plugins []struct{ Name, Source string }
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
		if manifest.Name != p.Name || manifest.Version == "" {
			t.Errorf("%s: plugin.json name %q version %q", p.Name, manifest.Name, manifest.Version)
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
}

// runLauncher runs launch.sh from a copy of a plugin in a temp dir (no
// checkout above it), with PATH holding only the tools it needs.
func runLauncher(t *testing.T, prebuilt string, extraEnv ...string) (code int, stdout, stderr string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("POSIX shell launcher")
	}
	tmp := t.TempDir()
	root := filepath.Join(tmp, "cache", "stophook", "quickstart", "0.1.0")
	os.MkdirAll(filepath.Join(root, "hooks"), 0o755)
	os.MkdirAll(filepath.Join(root, ".claude-plugin"), 0o755)
	os.WriteFile(filepath.Join(root, ".claude-plugin", "plugin.json"), []byte(`{"name":"quickstart"}`), 0o644)
	src, _ := os.ReadFile("launch.sh")
	os.WriteFile(filepath.Join(root, "hooks", "launch.sh"), src, 0o755)
	if prebuilt != "" {
		os.MkdirAll(filepath.Join(root, "bin"), 0o755)
		os.WriteFile(filepath.Join(root, "bin", "stophook-quickstart"), []byte("#!/bin/sh\n"+prebuilt+"\n"), 0o755)
	}
	// A PATH with the shell tools but no go.
	bin := filepath.Join(tmp, "bin")
	os.MkdirAll(bin, 0o755)
	for _, tool := range []string{"sh", "dirname", "basename", "mkdir", "grep", "sed", "tr", "cat", "rmdir", "mv", "rm", "sleep"} {
		if p, err := exec.LookPath(tool); err == nil {
			os.Symlink(p, filepath.Join(bin, tool))
		}
	}
	cmd := exec.Command("/bin/sh", filepath.Join(root, "hooks", "launch.sh"), "quickstart", "-explain")
	cmd.Env = append([]string{"PATH=" + bin, "HOME=" + filepath.Join(tmp, "home"),
		"CLAUDE_PLUGIN_ROOT=" + root, "CLAUDE_PLUGIN_DATA=" + filepath.Join(tmp, "data")}, extraEnv...)
	cmd.Stdin = strings.NewReader(`{"hook_event_name":"Stop"}`)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out.String(), errOut.String()
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, out.String(), errOut.String()
}

func TestLauncherFailsOpenWithoutSource(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := runLauncher(t, "")
	if code != 0 || stdout != "" {
		t.Fatalf("got exit %d, stdout %q; want exit 0 and nothing on stdout", code, stdout)
	}
	if lines := strings.Split(strings.TrimSpace(stderr), "\n"); len(lines) != 1 || !strings.HasPrefix(lines[0], "stophook-quickstart: ") {
		t.Fatalf("stderr: got %q, want one line naming the hook", stderr)
	}
}

func TestLauncherRunsPrebuiltBinary(t *testing.T) {
	t.Parallel()
	code, stdout, _ := runLauncher(t, `echo "args:$*"; cat`)
	if code != 0 || stdout != "args:-explain\n{\"hook_event_name\":\"Stop\"}" {
		t.Fatalf("got exit %d, stdout %q; want the prebuilt binary run with the args and stdin", code, stdout)
	}
}

func TestLauncherFailsOpenWithoutGo(t *testing.T) {
	t.Parallel()
	checkout, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	os.MkdirAll(filepath.Join(home, ".claude", "plugins"), 0o755)
	known := `{"stophook": {"source": {"source": "directory", "path": "` + checkout + `"}, "installLocation": "` + checkout + `"}}`
	os.WriteFile(filepath.Join(home, ".claude", "plugins", "known_marketplaces.json"), []byte(known), 0o644)
	code, stdout, stderr := runLauncher(t, "", "HOME="+home)
	if code != 0 || stdout != "" || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, "Go is not installed") {
		t.Fatalf("got exit %d, stdout %q, stderr %q; want exit 0 and one line saying Go is missing", code, stdout, stderr)
	}
}
