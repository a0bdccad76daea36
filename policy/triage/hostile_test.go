package triage

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/internal/hostile"
	"github.com/stophook/stophook/stophooktest"
)

// TestHostileTranscriptFailsOpen runs memory triage as a command hook on a
// transcript whose last line nests 6 M arrays. Before the decoder bounded
// its depth this overflowed the stack: exit 2, no stdout, a stack dump on
// stderr that Claude Code fed to the model as a block. Now the line is
// skipped as malformed and the policy decides on the rest.
func TestHostileTranscriptFailsOpen(t *testing.T) {
	t.Parallel()
	path := hostile.Transcript(t,
		[]byte(`{"type":"user","message":{"role":"user","content":"remember: we decided to use sqlite"},"uuid":"u1"}`),
		hostile.DeepLine(hostile.DeepLevels))
	var p stophook.Policy = &MemoryTriage{Config: &Config{Mode: ModeHeuristic}}
	in := map[string]any{
		"session_id": stophooktest.SessionID, "cwd": t.TempDir(), "hook_event_name": "Stop",
		"transcript_path": path, "last_assistant_message": "ok",
	}
	payload, _ := json.Marshal(in)
	var out, errb bytes.Buffer
	code := hook.Run(context.Background(), p, hook.Options{
		Stdin: bytes.NewReader(payload), Stdout: &out, Stderr: &errb, Store: new(stophook.MemoryStore),
	})
	if code != 0 || out.Len() > 0 && !json.Valid(out.Bytes()) {
		t.Errorf("exit %d stdout %q stderr %q, want exit 0 and a JSON answer", code, out.String(), errb.String())
	}
	if n := strings.Count(errb.String(), "\n"); n > 1 {
		t.Errorf("stderr has %d lines, want at most one: %q", n, errb.String())
	}
}
