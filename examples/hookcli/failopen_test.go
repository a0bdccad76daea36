package hookcli_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stophook/stophook/examples/hookcli"
)

// TestFailOpenLogs: a stop let through for a broken command line (a
// mistyped flag) wrote no line to the decision log, which has one for
// every other stop the hook lets through, its reason included.
func TestFailOpenLogs(t *testing.T) {
	log := filepath.Join(t.TempDir(), "decisions.jsonl")
	t.Setenv("STOPHOOK_LOG", log)
	var stderr bytes.Buffer
	input := `{"session_id":"s-1","cwd":"/","hook_event_name":"Stop","last_assistant_message":"done"}`
	if code := hookcli.FailOpen("hook: flag provided but not defined: -bogus", strings.NewReader(input), &stderr); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
	if got, want := stderr.String(), "hook: flag provided but not defined: -bogus; allowing stop\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	var line struct {
		SessionID            string `json:"session_id"`
		Verdict, Policy, Why string
	}
	if err := json.Unmarshal(data, &line); err != nil || strings.Count(string(data), "\n") != 1 {
		t.Fatalf("decision log %q: %v, want one JSON line", data, err)
	}
	if line.SessionID != "s-1" || line.Verdict != "allow" || line.Policy != "stophook.command-line" || !strings.Contains(line.Why, "-bogus") {
		t.Errorf("decision log line %s, want an allow by stophook.command-line naming the flag", data)
	}
}
