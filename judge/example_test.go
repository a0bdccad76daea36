package judge_test

import (
	"encoding/json"
	"fmt"

	"github.com/stophook/stophook/judge"
	"github.com/stophook/stophook/transcript"
)

func ExampleClassify() {
	for _, msg := range []string{
		"The plan is ready. Shall I proceed?",
		"Which database do you prefer, Postgres or SQLite?",
		"The build still fails: undefined: parseConfig.",
		"This should resolve the `Cannot read properties of undefined` error.",
		"Done: all 42 tests pass. Let me know what you see!",
		"I added the prompt:\n\n```\nShall I proceed? [y/N]\n```\n\nThe CLI now asks before deleting.",
	} {
		fmt.Println(judge.Classify(msg))
	}
	// Output:
	// question/permission
	// question/decision
	// error/failed
	// done
	// done
	// done
}

// With the turn's tool results, a red test run that the message calls a
// success is an error of its own kind, and a red run that a later run
// fixed is no error at all.
func ExampleJudge() {
	call := func(id, cmd string) transcript.Message {
		in, _ := json.Marshal(map[string]string{"command": cmd})
		return transcript.Message{Role: "assistant", ToolUses: []transcript.ToolUse{{ID: id, Name: "Bash", Input: in}}}
	}
	result := func(id, out string, failed bool) transcript.Message {
		return transcript.Message{Role: "user", ToolResults: []transcript.ToolResult{{ToolUseID: id, Text: out, IsError: failed}}}
	}
	prompt := transcript.Message{Role: "user", Text: "Fix the date parser."}
	red := []transcript.Message{prompt,
		call("1", "go test ./..."), result("1", "Exit code 1\n--- FAIL: TestParseDate", true)}
	fixed := append(red[:len(red):len(red)],
		call("2", "go test ./..."), result("2", "ok  \tdates\t0.2s", false))

	msg := "Fixed the parser; all tests pass."
	fmt.Println(judge.Judge(msg, judge.FromMessages(red)))
	fmt.Println(judge.Judge(msg, judge.FromMessages(fixed)))
	// Output:
	// error/claimed_success
	// done
}
