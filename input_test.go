package stophook_test

import (
	"errors"
	"testing"

	"github.com/stophook/stophook"
)

const stopPayload = `{"session_id":"s-1","transcript_path":"/t.jsonl","cwd":"/p","prompt_id":"p1","permission_mode":"default",
"effort":{"level":"high"},"hook_event_name":"Stop","stop_hook_active":true,"last_assistant_message":"done",
"background_tasks":[{"id":"b1"}],"session_crons":[],"future_field":{"x":1}}`

func TestParseInput(t *testing.T) {
	t.Parallel()
	in, err := stophook.ParseInput([]byte(stopPayload))
	if err != nil {
		t.Fatal(err)
	}
	if in.SessionID != "s-1" || in.HookEventName != "Stop" || !in.StopHookActive || in.LastAssistantMessage != "done" ||
		in.Effort.Level != "high" || len(in.BackgroundTasks) != 1 || in.PromptID != "p1" {
		t.Errorf("got %+v", in)
	}
	if got := in.Field("future_field.x"); got != "1" {
		t.Errorf("Field(future_field.x) = %q, want 1", got)
	}
	if in.Now.IsZero() {
		t.Error("Now not set")
	}
	if !in.IsStop() {
		t.Error("IsStop = false, want true")
	}
}

func TestParseInputRejects(t *testing.T) {
	t.Parallel()
	for name, payload := range map[string]string{
		"empty":      "",
		"garbage":    "hello",
		"array":      `[1,2]`,
		"truncated":  `{"session_id":"x"`,
		"wrong type": `{"stop_hook_active":"yes"}`,
		"null":       `null`,
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := stophook.ParseInput([]byte(payload)); !errors.Is(err, stophook.ErrInvalidInputForTest) {
				t.Errorf("got %v, want ErrInvalidInput", err)
			}
		})
	}
}

func TestParseInputMissingFieldsAreZero(t *testing.T) {
	t.Parallel()
	in, err := stophook.ParseInput([]byte(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	if in.SessionID != "" || in.StopHookActive || in.IsStop() {
		t.Errorf("got %+v, want zero fields", in)
	}
}

func FuzzParseInput(f *testing.F) {
	f.Add([]byte(stopPayload))
	f.Add([]byte(`{"hook_event_name":"SessionStart","source":"clear"}`))
	f.Add([]byte(`{"last_assistant_message":"\u0000\ud800"}`))
	f.Add([]byte("\xff\xfe{"))
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := stophook.ParseInput(data)
		if err != nil {
			return
		}
		if len(in.Raw) == 0 {
			t.Fatal("parsed input without its raw payload")
		}
	})
}
