package hookconf

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
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

func FuzzCodexTrust(f *testing.F) {
	f.Add("model = \"x\"\n[model_providers.fake]\nname = \"fake\"\n", `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"/bin/hook"}]}]}}`)
	f.Add("[hooks.state.\"/h/hooks.json:stop:0:0\"]\ntrusted_hash = \"sha256:00\"\n", `{}`)
	f.Add("[hooks.state.\"unterminated\n", `{"hooks":null}`)
	f.Fuzz(func(t *testing.T, config, hooksJSON string) {
		h := Hook{Command: "/bin/hook", Timeout: 30}
		events := []string{"Stop", "SessionEnd"}
		after, err := Apply([]byte(hooksJSON), Change{Host: Hosts["codex"], Events: events, Hook: h})
		if err != nil {
			return
		}
		got, err := CodexTrust([]byte(config), "/h/hooks.json", []byte(hooksJSON), after, h, events)
		if err != nil {
			return
		}
		again, err := CodexTrust(got, "/h/hooks.json", after, after, h, events)
		if err != nil || string(again) != string(got) {
			t.Fatalf("not idempotent (%v):\n%s", err, Diff("config.toml", got, again))
		}
		if !strings.Contains(string(got), CodexHash(h, "Stop")) {
			t.Fatalf("no trust entry for Stop:\n%s", got)
		}
	})
}
