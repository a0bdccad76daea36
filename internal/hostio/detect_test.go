package hostio

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// inputFiles returns the fixtures named <host>-<what>.json under dir.
func inputFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// hostOfFile is the host a fixture's name starts with, or the host of its
// directory under testdata/captured (copilot-claude is Copilot).
func hostOfFile(path string) string {
	name := filepath.Base(path)
	if filepath.Base(filepath.Dir(filepath.Dir(path))) == "captured" {
		name = filepath.Base(filepath.Dir(path))
	}
	host, _, _ := strings.Cut(name, "-")
	return host
}

func TestDetectFixtures(t *testing.T) {
	t.Parallel()
	files := append(inputFiles(t, filepath.Join("testdata", "inputs")), inputFiles(t, filepath.Join("testdata", "captured", "*"))...)
	if len(files) < len(Hosts) {
		t.Fatalf("found %d fixtures, want at least one per host", len(files))
	}
	for _, f := range files {
		want := hostOfFile(f)
		if !Known(want) {
			continue // a capture not named after a host
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if got := Detect(raw); got != want {
				t.Errorf("Detect = %q, want %q", got, want)
			}
		})
	}
}

func TestDetectShapes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
	}{
		{"empty", ``, Claude},
		{"not json", `hello`, Claude},
		{"array", `[1,2]`, Claude},
		{"truncated", `{"turn_id":"x"`, Codex},
		{"claude stop", `{"hook_event_name":"Stop","session_id":"s","transcript_path":"/h/.claude/projects/p/s.jsonl"}`, Claude},
		{"claude session start", `{"hook_event_name":"SessionStart","source":"startup"}`, Claude},
		{"claude stop, empty path", `{"hook_event_name":"Stop","session_id":"s","transcript_path":""}`, Claude},
		{"gemini by event", `{"hook_event_name":"BeforeAgent","prompt":"x"}`, Gemini},
		{"gemini session start by path", `{"hook_event_name":"SessionStart","transcript_path":"/h/.gemini/tmp/p/chats/s.jsonl"}`, Gemini},
		{"codex session start by path", `{"hook_event_name":"SessionStart","transcript_path":"/h/.codex/sessions/2026/11/23/rollout-x.jsonl"}`, Codex},
		{"qwen by path", `{"hook_event_name":"Stop","transcript_path":"/h/.qwen/projects/-p/chats/s.jsonl"}`, Qwen},
		{"droid by path", `{"hook_event_name":"SessionStart","transcript_path":"/h/.factory/sessions/-p/s.jsonl"}`, Droid},
		{"copilot by path", `{"hook_event_name":"SessionStart","transcript_path":"/h/.copilot/session-state/s/events.jsonl"}`, Copilot},
		{"copilot windows path", `{"hook_event_name":"Stop","transcript_path":"C:\\Users\\u\\.copilot\\session-state\\s\\events.jsonl"}`, Copilot},
		{"copilot native event", `{"hook_event_name":"agentStop"}`, Copilot},
		{"copilot native session start", `{"sessionId":"s","source":"new","initialPrompt":"x"}`, Copilot},
		{"cursor event", `{"hook_event_name":"stop"}`, Cursor},
		{"cursor path", `{"hook_event_name":"Stop","transcript_path":"/h/.cursor/projects/p/t.jsonl"}`, Cursor},
		{"cursor beats copilot", `{"hook_event_name":"subagentStop","conversation_id":"c"}`, Cursor},
		{"shape beats path", `{"turn_id":"t","transcript_path":"/h/.qwen/projects/x.jsonl"}`, Codex},
		{"nested keys ignored", `{"payload":{"turn_id":"t","conversation_id":"c"}}`, Claude},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Detect([]byte(tt.in)); got != tt.want {
				t.Errorf("Detect(%s) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestHasBlockCap(t *testing.T) {
	t.Parallel()
	want := map[string]bool{Claude: true, Codex: false, Gemini: false, Qwen: true, Copilot: true, Droid: false, Cursor: true, "other": false}
	for host, w := range want {
		if got := HasBlockCap(host); got != w {
			t.Errorf("HasBlockCap(%q) = %v, want %v", host, got, w)
		}
	}
}

// Deep nesting inside a field neither overflows the stack nor hides the
// host.
func TestDetectDeep(t *testing.T) {
	t.Parallel()
	n := 4_000_000
	deep := strings.Repeat("[", n) + strings.Repeat("]", n)
	for _, tt := range []struct{ in, want string }{
		{`{"x":` + deep + `,"turn_id":"t"}`, Codex},
		{`{"turn_id":"t","x":` + deep + `}`, Codex},
		{deep, Claude},
		{`{"x":` + strings.Repeat("[", n), Claude},
	} {
		if got := Detect([]byte(tt.in)); got != tt.want {
			t.Errorf("Detect = %q, want %q", got, tt.want)
		}
		if tt.want == Claude {
			continue // passed on as is: its decoding refuses it (hook's TestDecodeInputChecksJSONOnce)
		}
		if _, err := Normalize(Detect([]byte(tt.in)), []byte(tt.in)); err == nil {
			t.Errorf("Normalize accepted %d levels", n)
		}
	}
}
