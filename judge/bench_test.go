package judge_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stophook/stophook/judge"
	"github.com/stophook/stophook/transcript"
)

// BenchmarkClassify measures the message part: the load generator's short
// finished turn, a typical final message (a short report with a code block
// and a closing question) and a message at the 16 KiB bound. The target is under 1 ms per message.
func BenchmarkClassify(b *testing.B) {
	typical := "I updated the parser and added tests:\n\n```go\nfunc parse(s string) (int, error) {\n\treturn strconv.Atoi(s)\n}\n```\n\n" +
		"- `parse` rejects empty input\n- the CLI prints a usage line\n\nShall I run the full test suite?"
	long := strings.Repeat("The handler reads the `config` and logs each step; the old build failed on CI before the fix.\n\n", 200) + "Which database do you prefer, Postgres or SQLite?"
	for _, bb := range []struct {
		name, text string
	}{{"done", "All done: the tests pass."}, {"typical", typical}, {"16KiB", long}} {
		b.Run(bb.name, func(b *testing.B) {
			b.SetBytes(int64(min(len(bb.text), judge.MaxInput)))
			b.ReportAllocs()
			for b.Loop() {
				judge.Classify(bb.text)
			}
		})
	}
}

// BenchmarkJudgeEvidence measures the rules over a turn of 200 tool calls
// (reading the transcript is measured in package transcript).
func BenchmarkJudgeEvidence(b *testing.B) {
	var msgs []transcript.Message
	msgs = append(msgs, transcript.Message{Role: "user", Text: "fix it"})
	for i := range 100 {
		id := string(rune('a'+i%26)) + strings.Repeat("x", i/26)
		for _, cmd := range []string{"go test ./...", "rg TODO"} {
			in, _ := json.Marshal(map[string]string{"command": cmd})
			msgs = append(msgs,
				transcript.Message{Role: "assistant", ToolUses: []transcript.ToolUse{{ID: id + cmd, Name: "Bash", Input: in}}},
				transcript.Message{Role: "user", ToolResults: []transcript.ToolResult{{ToolUseID: id + cmd, Text: "Exit code 1\n--- FAIL: TestX\n" + strings.Repeat("log line\n", 50), IsError: i%2 == 0}}})
		}
	}
	msg := "Fixed the flaky test; all tests pass now and the branch is pushed."
	for b.Loop() {
		judge.Judge(msg, judge.FromMessages(msgs))
	}
}
