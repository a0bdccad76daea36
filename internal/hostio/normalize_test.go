package hostio

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tidwall/gjson"
)

// claudeInput is the part of Claude Code's input stophook decodes, with
// its types: decoding a normalized input into it must never fail.
type claudeInput struct {
	SessionID            string `json:"session_id"`
	TranscriptPath       string `json:"transcript_path"`
	CWD                  string `json:"cwd"`
	HookEventName        string `json:"hook_event_name"`
	PermissionMode       string `json:"permission_mode"`
	PromptID             string `json:"prompt_id"`
	AgentID              string `json:"agent_id"`
	AgentType            string `json:"agent_type"`
	StopHookActive       bool   `json:"stop_hook_active"`
	LastAssistantMessage string `json:"last_assistant_message"`
	AgentTranscriptPath  string `json:"agent_transcript_path"`
	Source               string `json:"source"`
	Model                string `json:"model"`
	Prompt               string `json:"prompt"`
	Reason               string `json:"reason"`
	Error                string `json:"error"`
	Message              string `json:"message"`
	Title                string `json:"title"`
	NotificationType     string `json:"notification_type"`
}

// claudeFull adds the fields of other types.
type claudeFull struct {
	claudeInput
	Effort struct {
		Level string `json:"level"`
	} `json:"effort"`
	BackgroundTasks []json.RawMessage `json:"background_tasks"`
	SessionCrons    []json.RawMessage `json:"session_crons"`
}

// readFixture reads testdata/inputs/name, or testdata/name when name
// holds a directory (captured/<host>/<event>.json).
func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	if !strings.Contains(name, "/") {
		name = filepath.Join("inputs", name)
	}
	raw, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// fakeTranscript answers a lastReader with text for one host and path.
func fakeTranscript(host, path, text string) lastReader {
	return func(h, p string, _ time.Time) string {
		if h == host && p == path {
			return text
		}
		return ""
	}
}

func TestNormalizeFixtures(t *testing.T) {
	t.Parallel()
	const (
		geminiPath  = "/home/user/.gemini/tmp/work/chats/session-2026-11-23T19-02-6605df29.jsonl"
		copilotPath = "/home/user/.copilot/session-state/4ad3c0de-1111-4222-8333-944455556666/events.jsonl"
		droidPath   = "/home/user/.factory/sessions/-home-user-project/a0870000-1111-4222-8333-944455556666.jsonl"
	)
	tests := []struct {
		file string
		read lastReader
		want claudeInput
		keep []string // fields of the input that must survive unchanged
	}{
		{
			file: "codex-stop.json",
			want: claudeInput{SessionID: "01a209c5-5556-7c33-8bbd-0493f44bb143", CWD: "/home/user/project", HookEventName: "Stop",
				PromptID: "01a209c5-5579-7882-866e-b0f49ac8866a", LastAssistantMessage: "fake reply 3", Model: "gpt-fake",
				PermissionMode: "bypassPermissions",
				TranscriptPath: "/home/user/.codex/sessions/2026/11/23/rollout-2026-11-23T18-57-37-01a209c5-5556-7c33-8bbd-0493f44bb143.jsonl"},
			keep: []string{"turn_id"},
		},
		{
			file: "codex-stop-ephemeral.json",
			want: claudeInput{SessionID: "01a209c5-5556-7c33-8bbd-0493f44bb143", CWD: "/home/user/project", HookEventName: "Stop",
				PromptID: "01a209c5-5579-7882-866e-b0f49ac8866a", Model: "gpt-fake", PermissionMode: "bypassPermissions", StopHookActive: true},
		},
		{
			file: "gemini-afteragent.json",
			want: claudeInput{SessionID: "6605df29-fc6d-40ea-84cc-e657f5a50aea", CWD: "/home/user/project", HookEventName: "Stop",
				TranscriptPath: geminiPath, LastAssistantMessage: "fake reply 1", Prompt: "say hi"},
			keep: []string{"prompt_response", "timestamp"},
		},
		{
			file: "gemini-afteragent-retry.json",
			read: fakeTranscript(Gemini, geminiPath, "fake reply 2"),
			want: claudeInput{SessionID: "6605df29-fc6d-40ea-84cc-e657f5a50aea", CWD: "/home/user/project", HookEventName: "Stop",
				TranscriptPath: geminiPath, LastAssistantMessage: "fake reply 2", Prompt: "say hi", StopHookActive: true},
			keep: []string{"prompt_response"},
		},
		{
			// The transcript lags (its last reply is the first one): the
			// accumulated response is used whole.
			file: "gemini-afteragent-retry.json",
			read: fakeTranscript(Gemini, geminiPath, "an older reply"),
			want: claudeInput{SessionID: "6605df29-fc6d-40ea-84cc-e657f5a50aea", CWD: "/home/user/project", HookEventName: "Stop",
				TranscriptPath: geminiPath, LastAssistantMessage: "fake reply 1\nfake reply 2", Prompt: "say hi", StopHookActive: true},
		},
		{
			file: "gemini-beforeagent.json",
			want: claudeInput{SessionID: "6605df29-fc6d-40ea-84cc-e657f5a50aea", CWD: "/home/user/project", HookEventName: "UserPromptSubmit",
				TranscriptPath: geminiPath, Prompt: "say hi"},
		},
		{
			file: "gemini-sessionstart.json",
			want: claudeInput{SessionID: "6605df29-fc6d-40ea-84cc-e657f5a50aea", CWD: "/home/user/project", HookEventName: "SessionStart",
				TranscriptPath: geminiPath, Source: "startup"},
		},
		{
			file: "qwen-stop.json",
			want: claudeInput{SessionID: "fccdfaa6-6078-4f3c-9d04-fa268a01f2b3", CWD: "/home/user/project", HookEventName: "Stop",
				TranscriptPath: "/home/user/.qwen/projects/-home-user-project/chats/fccdfaa6-6078-4f3c-9d04-fa268a01f2b3.jsonl",
				PromptID:       "fccdfaa6-6078-4f3c-9d04-fa268a01f2b3########0", PermissionMode: "auto", LastAssistantMessage: "fake reply 121"},
			keep: []string{"context_limit", "context_usage", "crons", "background_tasks"},
		},
		{
			file: "copilot-agentstop.json",
			read: fakeTranscript(Copilot, copilotPath, "the copilot reply"),
			want: claudeInput{SessionID: "4ad3c0de-1111-4222-8333-944455556666", CWD: "/home/user/project", HookEventName: "Stop",
				TranscriptPath: copilotPath, LastAssistantMessage: "the copilot reply"},
			keep: []string{"sessionId", "stopReason", "timestamp"},
		},
		{
			file: "copilot-stop.json",
			read: fakeTranscript(Copilot, copilotPath, "the copilot reply"),
			want: claudeInput{SessionID: "4ad3c0de-1111-4222-8333-944455556666", CWD: "/home/user/project", HookEventName: "Stop",
				TranscriptPath: copilotPath, LastAssistantMessage: "the copilot reply"},
			keep: []string{"stop_reason"},
		},
		{
			file: "droid-stop.json",
			read: fakeTranscript(Droid, droidPath, "the droid reply"),
			want: claudeInput{SessionID: "a0870000-1111-4222-8333-944455556666", CWD: "/home/user/project", HookEventName: "Stop",
				TranscriptPath: droidPath, PermissionMode: "auto-low", LastAssistantMessage: "the droid reply"},
			keep: []string{"message_id", "tool_execution_count", "elapsed_time"},
		},
		{
			file: "droid-stop.json", // no transcript yet
			want: claudeInput{SessionID: "a0870000-1111-4222-8333-944455556666", CWD: "/home/user/project", HookEventName: "Stop",
				TranscriptPath: droidPath, PermissionMode: "auto-low"},
		},
		{
			file: "cursor-stop.json",
			want: claudeInput{SessionID: "c0ffee00-1111-4222-8333-944455556666", CWD: "/home/user/project", HookEventName: "Stop",
				PromptID: "9e0e0000-1111-4222-8333-944455556666", StopHookActive: true, Model: "gpt-5"},
			keep: []string{"loop_count", "status", "workspace_roots", "cursor_version"},
		},
	}
	for i, tt := range tests {
		t.Run(tt.file+"/"+string(rune('a'+i)), func(t *testing.T) {
			t.Parallel()
			raw := readFixture(t, tt.file)
			host := hostOfFile(tt.file)
			out, err := normalize(host, raw, tt.read)
			if err != nil {
				t.Fatalf("normalize: %v", err)
			}
			var got claudeInput
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("decoding %s: %v", out, err)
			}
			if got != tt.want {
				t.Errorf("normalized\n got %+v\nwant %+v", got, tt.want)
			}
			for _, k := range tt.keep {
				if a, b := gjson.GetBytes(raw, k).Raw, gjson.GetBytes(out, k).Raw; a != b {
					t.Errorf("field %s: got %s, want %s", k, b, a)
				}
			}
		})
	}
}

func TestNormalizeKeepsEveryField(t *testing.T) {
	t.Parallel()
	for _, f := range inputFiles(t, filepath.Join("testdata", "inputs")) {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out, err := Normalize(hostOfFile(f), raw)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		gjson.ParseBytes(raw).ForEach(func(k, v gjson.Result) bool {
			if got := gjson.GetBytes(out, gjson.Escape(k.Str)); !got.Exists() && k.Str != "hook_event_name" {
				t.Errorf("%s: field %s lost", filepath.Base(f), k.Str)
			}
			return true
		})
	}
}

func TestNormalizeClaudeUnchanged(t *testing.T) {
	t.Parallel()
	raw := readFixture(t, "claude-stop.json")
	out, err := Normalize(Claude, raw)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != strings.TrimSpace(string(raw)) {
		t.Errorf("got %s, want the input unchanged", out)
	}
}

func TestNormalizeEvents(t *testing.T) {
	t.Parallel()
	tests := []struct {
		host, in, event, hostEvent string
	}{
		{Gemini, `{"hook_event_name":"AfterAgent"}`, "Stop", "AfterAgent"},
		{Gemini, `{"hook_event_name":"BeforeAgent"}`, "UserPromptSubmit", "BeforeAgent"},
		{Gemini, `{"hook_event_name":"SessionEnd"}`, "SessionEnd", ""},
		{Gemini, `{"hook_event_name":"PreCompress"}`, "PreCompact", "PreCompress"},
		{Copilot, `{"hook_event_name":"agentStop"}`, "Stop", "agentStop"},
		{Copilot, `{"hook_event_name":"subagentStop"}`, "SubagentStop", "subagentStop"},
		{Copilot, `{"sessionId":"s","stopReason":"end_turn"}`, "Stop", ""},
		{Copilot, `{"sessionId":"s","source":"new","initialPrompt":"hi"}`, "SessionStart", ""},
		{Copilot, `{"sessionId":"s","prompt":"hi"}`, "UserPromptSubmit", ""},
		{Copilot, `{"sessionId":"s","reason":"complete"}`, "SessionEnd", ""},
		{Copilot, `{"sessionId":"s"}`, "", ""},
		{Cursor, `{"hook_event_name":"stop"}`, "Stop", "stop"},
		{Cursor, `{"hook_event_name":"subagentStop"}`, "SubagentStop", "subagentStop"},
		{Cursor, `{"hook_event_name":"beforeSubmitPrompt"}`, "UserPromptSubmit", "beforeSubmitPrompt"},
		{Codex, `{"hook_event_name":"UserPromptSubmit","turn_id":"t"}`, "UserPromptSubmit", ""},
	}
	for _, tt := range tests {
		out, err := Normalize(tt.host, []byte(tt.in))
		if err != nil {
			t.Fatalf("%s %s: %v", tt.host, tt.in, err)
		}
		if got := gjson.GetBytes(out, "hook_event_name").Str; got != tt.event {
			t.Errorf("%s %s: event %q, want %q", tt.host, tt.in, got, tt.event)
		}
		if got := gjson.GetBytes(out, HostEventField).Str; got != tt.hostEvent {
			t.Errorf("%s %s: %s %q, want %q", tt.host, tt.in, HostEventField, got, tt.hostEvent)
		}
	}
}

func TestNormalizeWrongTypesSetAside(t *testing.T) {
	t.Parallel()
	in := `{"hook_event_name":"stop","conversation_id":42,"workspace_roots":"not a list","loop_count":"x","reason":{"a":1},"stop_hook_active":"yes","cwd":null}`
	out, err := Normalize(Cursor, []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	var got claudeInput
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("decoding %s: %v", out, err)
	}
	if got.HookEventName != "Stop" || got.SessionID != "" || got.CWD != "" || got.StopHookActive {
		t.Errorf("got %+v", got)
	}
	for _, k := range []string{"cursor_reason", "cursor_stop_hook_active", "conversation_id", "loop_count"} {
		if !gjson.GetBytes(out, k).Exists() {
			t.Errorf("%s lost in %s", k, out)
		}
	}
}

func TestNormalizeInvalid(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat(`{"a":`, 10001) + "1" + strings.Repeat("}", 10001)
	big := `{"a":"` + strings.Repeat("x", MaxInput) + `"}`
	for _, host := range Hosts {
		for name, in := range map[string]string{
			"empty": "", "array": "[]", "string": `"x"`, "truncated": `{"a":`, "trailing": `{} {}`,
			"deep": deep, "big": big,
		} {
			if host == Claude && strings.HasPrefix(in, "{") && len(in) <= MaxInput {
				continue // passed on as is: its decoding checks it (hook's TestDecodeInputChecksJSONOnce)
			}
			if _, err := Normalize(host, []byte(in)); !errors.Is(err, ErrInvalidInput) {
				t.Errorf("Normalize(%s, %s) error = %v, want ErrInvalidInput", host, name, err)
			}
		}
		shallow := strings.Repeat(`{"a":`, 100) + "1" + strings.Repeat("}", 100)
		if _, err := Normalize(host, []byte(shallow)); err != nil {
			t.Errorf("Normalize(%s, 100 levels): %v", host, err)
		}
	}
}

// Normalize reads the last reply from the real transcript of each host
// that does not send it.
func TestNormalizeReadsTranscript(t *testing.T) {
	t.Parallel()
	tests := []struct {
		input, transcript, want string
	}{
		{"captured/copilot/turnend-2.json", "copilot.jsonl", "fake reply 2 DONE"},
		{"captured/copilot-claude/turnend-2.json", "captured/copilot-claude/transcript.jsonl", "fake reply 2 DONE"},
		{"captured/droid/turnend-2.json", "droid.jsonl", "fake reply 2 DONE"},
		{"captured/gemini/turnend-2.json", "gemini.jsonl", "fake reply 2 DONE"},
		{"captured/gemini/turnend-1.json", "gemini.jsonl", "fake reply 1"}, // the transcript is ahead: prompt_response wins
		{"captured/codex/turnend-1.json", "codex.jsonl", "fake reply 1"},   // the input's own message wins
		{"cursor-stop.json", "droid.jsonl", ""},                            // transcript_path null
		{"captured/droid/turnend-1.json", "missing.jsonl", ""},             // no transcript
		{"captured/copilot/sessionStart-1.json", "copilot.jsonl", ""},      // not a stop
	}
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			t.Parallel()
			src := filepath.Join("..", "..", "transcript", "testdata", "hosts", tt.transcript)
			if strings.HasPrefix(tt.transcript, "captured/") {
				src = filepath.Join("testdata", tt.transcript) // the input's own session
			}
			data, err := os.ReadFile(src)
			path := filepath.Join(t.TempDir(), filepath.Base(tt.transcript))
			if err == nil {
				err = os.WriteFile(path, data, 0o600)
			}
			if err != nil && tt.transcript != "missing.jsonl" {
				t.Fatal(err)
			}
			o, err := parseObject(readFixture(t, tt.input))
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"transcript_path", "transcriptPath"} {
				if _, ok := o.str(k); ok {
					o.setStr(k, path)
				}
			}
			raw, _ := o.marshal()
			out, err := Normalize(Detect(raw), raw)
			if err != nil {
				t.Fatal(err)
			}
			if got := gjson.GetBytes(out, "last_assistant_message").Str; got != tt.want {
				t.Errorf("last_assistant_message = %q, want %q", got, tt.want)
			}
		})
	}
}

// Every captured input normalizes to the Claude Code event its file is
// named after, with a session and a cwd, keeping every field.
func TestNormalizeCaptured(t *testing.T) {
	t.Parallel()
	events := map[string]string{
		"turnend": EventStop, "sessionstart": EventSessionStart, "sessionend": EventSessionEnd,
		"userpromptsubmit": EventUserPromptSubmit, "userpromptsubmitted": EventUserPromptSubmit, "beforeagent": EventUserPromptSubmit,
	}
	files := inputFiles(t, filepath.Join("testdata", "captured", "*"))
	for _, f := range files {
		name, _, _ := strings.Cut(strings.ToLower(filepath.Base(f)), "-")
		want, ok := events[name]
		if !ok {
			t.Errorf("%s: no event known for this name", f)
			continue
		}
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out, err := normalize(Detect(raw), raw, nil)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var got claudeFull
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if got.HookEventName != want || got.SessionID == "" || got.CWD == "" {
			t.Errorf("%s: event %q session %q cwd %q, want event %q and a session and cwd", f, got.HookEventName, got.SessionID, got.CWD, want)
		}
		gjson.ParseBytes(raw).ForEach(func(k, _ gjson.Result) bool {
			if !gjson.GetBytes(out, gjson.Escape(k.Str)).Exists() && k.Str != "hook_event_name" {
				t.Errorf("%s: field %s lost", f, k.Str)
			}
			return true
		})
	}
}
