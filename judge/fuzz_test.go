package judge_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stophook/stophook/judge"
	"github.com/stophook/stophook/transcript"
)

// FuzzClassify checks that Classify never panics, returns a known class
// and a kind of that class, and gives evidence for anything but Done.
// Seed corpus: testdata/fuzz/FuzzClassify.
func FuzzClassify(f *testing.F) {
	for _, s := range []string{"", "Shall I proceed?", "A or B?", "Error: x", "```\n?\n```", "- a?\n- b", "?", "\r\r?\r",
		"**?**", "`` ` ``", "```\n", "~~~~\nx\n~~~", "1. a?\n2. b?", "I couldn't get it to build", "tests still fail"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		v := judge.Classify(text)
		if v.Class.String() == "unknown" || v.Kind.String() == "unknown" {
			t.Fatalf("Classify(%q) = %d/%d, not a class and kind", text, int(v.Class), int(v.Kind))
		}
		if v.Kind.Class() != v.Class {
			t.Fatalf("Classify(%q) = %v: kind of another class", text, v)
		}
		if v.Class != judge.Done && strings.TrimSpace(v.Why) == "" {
			t.Fatalf("Classify(%q) = %v with no evidence", text, v)
		}
		if v.Confidence < 0 || v.Confidence > 1 {
			t.Fatalf("Classify(%q) confidence %v", text, v.Confidence)
		}
	})
}

// FuzzJudgeEvidence checks that no tool call, result or message makes the
// evidence rules panic or return an inconsistent verdict.
func FuzzJudgeEvidence(f *testing.F) {
	f.Add("go test ./...", "Exit code 1\n--- FAIL: TestX", true, "All tests pass.", "Bash")
	f.Add(`{"cmd":"bun test"}`, "Process exited with code 2", false, "The build still fails.", "exec_command")
	f.Add("", "", false, "", "Write")
	f.Add("git push", "! [rejected]", true, "Pushed.", "bash")
	f.Add("cd x && go test -run 'TestA|TestB' -p 4 ./pkg/... 2>&1 | tail", "--- FAIL: TestA\nFAIL\tex.com/pkg\t0.1s", false, "`go test ./...` is red.", "Bash")
	f.Add("pytest -k parse tests/test_a.py::test_x --filter= -t", "FAILED tests/test_a.py::test_x - x\nrspec ./spec/a_spec.rb:3", true, "Fixed 3 of 4.", "Bash")
	f.Fuzz(func(t *testing.T, cmd, out string, isErr bool, msg, tool string) {
		input, _ := json.Marshal(map[string]string{"command": cmd, "file_path": cmd})
		msgs := []transcript.Message{
			{Role: "user", Text: "go"},
			{Role: "assistant", ToolUses: []transcript.ToolUse{{ID: "1", Name: tool, Input: input}, {ID: "2", Name: tool, Input: []byte(cmd)}}},
			{Role: "user", ToolResults: []transcript.ToolResult{{ToolUseID: "1", Text: out, IsError: isErr}, {ToolUseID: "2", Text: out}, {ToolUseID: "3", Text: out}}},
		}
		v := judge.Judge(msg, judge.FromMessages(msgs))
		if v.Kind.Class() != v.Class || v.Class.String() == "unknown" {
			t.Fatalf("Judge = %v: inconsistent", v)
		}
	})
}
