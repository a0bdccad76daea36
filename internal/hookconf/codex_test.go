package hookconf

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

func TestCodexHash(t *testing.T) {
	t.Parallel()
	h := Hook{Command: "/usr/local/bin/stophook-quickstart", Timeout: 30}
	// The compact key-sorted JSON Codex hashes, written out by hand.
	want := `{"event_name":"stop","hooks":[{"async":false,"command":"/usr/local/bin/stophook-quickstart","timeout":30,"type":"command"}]}`
	sum := sha256.Sum256([]byte(want))
	if got := CodexHash(h, "Stop"); got != "sha256:"+hex.EncodeToString(sum[:]) {
		t.Fatalf("CodexHash: got %s, want the sha256 of %s", got, want)
	}
	end := `{"event_name":"session_end","hooks":[{"async":false,"command":"/usr/local/bin/stophook-quickstart","timeout":3,"type":"command"}]}`
	sum = sha256.Sum256([]byte(end))
	if got := CodexHash(h, "SessionEnd"); got != "sha256:"+hex.EncodeToString(sum[:]) {
		t.Fatalf("CodexHash SessionEnd: got %s, want the hash with the timeout clamped to 3", got)
	}
}

func TestCodexTrust(t *testing.T) {
	t.Parallel()
	h := Hook{Command: "/usr/local/bin/stophook-quickstart", Timeout: 30}
	c := Change{Host: Hosts["codex"], Events: []string{"Stop", "SessionEnd"}, Hook: h}
	orig := []byte(`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"other"}]}]}}`)
	hooksJSON, err := Apply(orig, c)
	if err != nil {
		t.Fatal(err)
	}
	config := "model = \"gpt-x\"\n\n[model_providers.fake]\nname = \"fake\"\n"
	got, err := CodexTrust([]byte(config), "/h/.codex/hooks.json", orig, hooksJSON, h, c.Events)
	if err != nil {
		t.Fatal(err)
	}
	want := config + "\n[hooks.state.\"/h/.codex/hooks.json:stop:1:0\"]\ntrusted_hash = \"" + CodexHash(h, "Stop") + "\"\n" +
		"\n[hooks.state.\"/h/.codex/hooks.json:session_end:0:0\"]\ntrusted_hash = \"" + CodexHash(h, "SessionEnd") + "\"\n"
	if string(got) != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	again, _ := CodexTrust(got, "/h/.codex/hooks.json", hooksJSON, hooksJSON, h, c.Events)
	if string(again) != string(got) {
		t.Fatalf("second trust changed config.toml:\n%s", Diff("config.toml", got, again))
	}
	c.Remove, c.Hook.Timeout = true, 0 // uninstall knows no timeout
	after, _ := Apply(hooksJSON, c)
	removed, _ := CodexTrust(got, "/h/.codex/hooks.json", hooksJSON, after, c.Hook, c.Events)
	if strings.Contains(string(removed), "hooks.state") || !strings.Contains(string(removed), "[model_providers.fake]") {
		t.Fatalf("after remove:\n%s", removed)
	}
}

func TestDiff(t *testing.T) {
	t.Parallel()
	a := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"
	b := "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n11\n"
	want := "--- a/f.json\n+++ b/f.json\n@@ -2,9 +2,10 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n 9\n 10\n+11\n"
	if got := Diff("f.json", []byte(a), []byte(b)); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if got := Diff("f", []byte(a), []byte(a)); got != "" {
		t.Fatalf("equal: got %q", got)
	}
	if got := Diff("f", nil, []byte("x\n")); got != "--- /dev/null\n+++ b/f\n@@ -0,0 +1 @@\n+x\n" {
		t.Fatalf("new file: got %q", got)
	}
}

// TestCodexTrustRekeysWhenInstallDropsDuplicate: install folds a
// duplicate group of our hook, which moves the user's next hook up one
// place; its trust entry must follow it.
func TestCodexTrustRekeysWhenInstallDropsDuplicate(t *testing.T) {
	t.Parallel()
	h := Hook{Command: "/bin/ours", Timeout: 30}
	other := Hook{Command: "/bin/theirs", Timeout: 30}
	c := Change{Host: Hosts["codex"], Events: []string{"Stop"}, Hook: h}
	group := func(cmd string) string {
		return `{"hooks":[{"type":"command","command":"` + cmd + `","timeout":30}]}`
	}
	before := []byte(`{"hooks":{"Stop":[` + group("/bin/ours") + `,` + group("/bin/ours") + `,` + group("/bin/theirs") + `]}}`)
	after, err := Apply(before, c)
	if err != nil {
		t.Fatal(err)
	}
	config := "# mine\n[hooks.state.\"/h/hooks.json:stop:0:0\"]\ntrusted_hash = \"" + CodexHash(h, "Stop") + "\"\n" +
		"[hooks.state.\"/h/hooks.json:stop:1:0\"]\ntrusted_hash = \"" + CodexHash(h, "Stop") + "\"\n" +
		"[hooks.state.\"/h/hooks.json:stop:2:0\"] # theirs\ntrusted_hash = \"" + CodexHash(other, "Stop") + "\"\n"
	got, err := CodexTrust([]byte(config), "/h/hooks.json", before, after, h, c.Events)
	if err != nil {
		t.Fatal(err)
	}
	trust := trustHashes(got)
	want := map[string]string{"/h/hooks.json:stop:0:0": CodexHash(h, "Stop"), "/h/hooks.json:stop:1:0": CodexHash(other, "Stop")}
	if len(trust) != 2 || trust["/h/hooks.json:stop:0:0"] != want["/h/hooks.json:stop:0:0"] || trust["/h/hooks.json:stop:1:0"] != want["/h/hooks.json:stop:1:0"] {
		t.Fatalf("trust: got %v, want %v\n%s", trust, want, got)
	}
	if !strings.Contains(string(got), "# theirs") || !strings.HasPrefix(string(got), "# mine\n") {
		t.Fatalf("comments lost:\n%s", got)
	}
}

// FuzzCodexTrust adds our trust entries to any config.toml and removes
// them again: the result must be TOML Codex can load, trust our hook, and
// give back the user's file byte for byte when it held no entry at our
// keys.
func FuzzCodexTrust(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "config", "*.toml"))
	for _, p := range seeds {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add("model = \"x\"\n[model_providers.fake]\nname = \"fake\"\n")
	f.Add("[hooks.state.\"/h/hooks.json:stop:0:0\"]\ntrusted_hash = \"sha256:00\"\n")
	f.Add("[hooks.state.\"unterminated\n")
	f.Fuzz(func(t *testing.T, config string) {
		h := Hook{Command: "/bin/hook", Timeout: 30}
		events := []string{"Stop", "SessionEnd"}
		hooksJSON := []byte(`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"/bin/theirs"}]}]}}`)
		after, err := Apply(hooksJSON, Change{Host: Hosts["codex"], Events: events, Hook: h})
		if err != nil {
			t.Fatal(err)
		}
		if toml.Unmarshal([]byte(config), new(map[string]any)) != nil {
			if _, err := CodexTrust([]byte(config), "/h/hooks.json", hooksJSON, after, h, events); err == nil {
				t.Fatalf("a config.toml that does not parse was edited")
			}
			return
		}
		got, err := CodexTrust([]byte(config), "/h/hooks.json", hooksJSON, after, h, events)
		if err != nil {
			return // refused, saying so: allowed, never a broken file
		}
		trust := trustHashes(got)
		if trust["/h/hooks.json:stop:1:0"] != CodexHash(h, "Stop") || trust["/h/hooks.json:session_end:0:0"] != CodexHash(h, "SessionEnd") {
			t.Fatalf("our hook is not trusted: %v\n%s", trust, got)
		}
		again, err := CodexTrust(got, "/h/hooks.json", after, after, h, events)
		if err != nil || string(again) != string(got) {
			t.Fatalf("not idempotent (%v):\n%s", err, Diff("config.toml", got, again))
		}
		back, err := CodexTrust(got, "/h/hooks.json", after, hooksJSON, h, events)
		if err != nil {
			t.Fatalf("remove: %v\n%s", err, got)
		}
		left := trustHashes(back)
		if _, ok := left["/h/hooks.json:stop:1:0"]; ok {
			t.Fatalf("trust entry left after remove:\n%s", back)
		}
		before := trustHashes([]byte(config))
		_, a := before["/h/hooks.json:stop:1:0"]
		_, b := before["/h/hooks.json:session_end:0:0"]
		if !a && !b && string(back) != config {
			t.Fatalf("remove after add did not give back the file:\n%s", Diff("config.toml", []byte(config), back))
		}
	})
}
