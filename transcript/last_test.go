package transcript_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook/transcript"
)

// write writes lines as a transcript file and returns its path.
func write(t *testing.T, lines ...string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "t.jsonl")
	require.NoError(t, os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o600))
	return p
}

const (
	prompt   = `{"type":"user","message":{"role":"user","content":"Do the thing"},"uuid":"p1"}`
	textA    = `{"type":"assistant","message":{"id":"m1","content":[{"type":"text","text":"Working on it."}]},"uuid":"a1"}`
	toolA    = `{"type":"assistant","message":{"id":"m1","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"make"}}]},"uuid":"a2"}`
	result   = `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]},"uuid":"r1"}`
	feedback = `{"type":"user","isMeta":true,"message":{"role":"user","content":"Stop hook feedback:\nKeep going."},"uuid":"f1"}`
	toolB    = `{"type":"assistant","message":{"id":"m2","content":[{"type":"tool_use","id":"t2","name":"Read","input":{"file_path":"x"}}]},"uuid":"a3"}`
	thinking = `{"type":"assistant","message":{"id":"m3","content":[{"type":"thinking","thinking":"done?"}]},"uuid":"a4"}`
	summary  = `{"type":"system","subtype":"stop_hook_summary"}`
)

func TestLastAssistantText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		last string
		path string
		want string
	}{
		{name: "hook field wins without reading", last: "From the hook.", path: "testdata/does-not-exist.jsonl", want: "From the hook."},
		{name: "session", path: "testdata/session.jsonl", want: "All 12 tests pass now. I created src/math.ts with the missing `add` helper."},
		{name: "blank hook field falls back", last: " \n", path: "testdata/session.jsonl", want: "All 12 tests pass now. I created src/math.ts with the missing `add` helper."},
		{name: "partial last line", path: "testdata/partial.jsonl", want: "All 12 tests pass now. I created src/math.ts with the missing `add` helper."},
		{name: "CRLF", path: crlfCopy(t, "session.jsonl"), want: "All 12 tests pass now. I created src/math.ts with the missing `add` helper."},
		{name: "subagent transcript", path: "testdata/subagent.jsonl", want: "No bugs found: `total` starts from 0."},
		{name: "lagging transcript: not the previous turn's reply", path: "testdata/lagging.jsonl", want: ""},
		{name: "text earlier in the same reply", path: write(t, prompt, textA, toolA, summary), want: "Working on it."},
		{name: "text before tool calls and feedback", path: write(t, prompt, textA, toolA, result, feedback, toolB, thinking), want: "Working on it."},
		{name: "turn without text", path: write(t, textA, prompt, toolB, thinking), want: ""},
		{name: "malformed fixture", path: "testdata/malformed.jsonl", want: "last words"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := transcript.LastAssistantText(tt.last, tt.path)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestLastAssistantTextErrors(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"", filepath.Join(t.TempDir(), "missing.jsonl")} {
		got, err := transcript.LastAssistantText("", p)
		assert.ErrorIs(t, err, fs.ErrNotExist, "path %q", p)
		assert.Empty(t, got)
	}
}

func TestPath(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "main.jsonl", transcript.Path("main.jsonl", ""))
	assert.Equal(t, "agent.jsonl", transcript.Path("main.jsonl", "agent.jsonl"))
	assert.Equal(t, "", transcript.Path("", ""))
}
