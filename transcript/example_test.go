package transcript_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/stophook/stophook/transcript"
)

// Read the last messages of a session and list the tools it used.
func ExampleTail() {
	msgs, err := transcript.Tail("testdata/session.jsonl", 6)
	if err != nil {
		fmt.Println("no transcript:", err)
		return
	}
	for _, m := range msgs {
		fmt.Printf("%-9s meta=%-5v text=%q tools=%v results=%d\n", m.Role, m.IsMeta, m.Text, transcript.RecentTools([]transcript.Message{m}, 5), len(m.ToolResults))
	}
	fmt.Println(transcript.RecentTools(msgs, 3))
	// Output:
	// assistant meta=false text="Let me check the module path." tools=[Glob(src/**/math*.ts) Write(/home/dev/app/src/math.ts)] results=0
	// user      meta=false text="" tools=[] results=1
	// user      meta=false text="" tools=[] results=1
	// assistant meta=false text="" tools=[Bash(npm test)] results=0
	// user      meta=false text="" tools=[] results=1
	// assistant meta=false text="All 12 tests pass now. I created src/math.ts with the missing `add` helper." tools=[] results=0
	// [Glob(src/**/math*.ts) Write(/home/dev/app/src/math.ts) Bash(npm test)]
}

// The hook's last_assistant_message wins; the transcript is the fallback,
// searched within the current turn only.
func ExampleLastAssistantText() {
	text, _ := transcript.LastAssistantText("Done: 3 files changed.", "testdata/session.jsonl")
	fmt.Println(text)

	text, _ = transcript.LastAssistantText("", "testdata/session.jsonl")
	fmt.Println(text)

	// The transcript lags: this turn's reply is not written yet.
	text, _ = transcript.LastAssistantText("", "testdata/lagging.jsonl")
	fmt.Printf("%q\n", text)

	_, err := transcript.LastAssistantText("", "testdata/not-yet-written.jsonl")
	fmt.Println(errors.Is(err, fs.ErrNotExist))
	// Output:
	// Done: 3 files changed.
	// All 12 tests pass now. I created src/math.ts with the missing `add` helper.
	// ""
	// true
}

func ExampleToolUse_String() {
	for _, in := range []struct{ name, input string }{
		{"Edit", `{"file_path":"src/foo.ts","old_string":"a","new_string":"b"}`},
		{"Bash", `{"command":"npm test\nnpm run lint","description":"Run the tests"}`},
		{"Read", `{"file_path":"package.json"}`},
		{"mcp__tracker__create", `{"priority":2,"title":"Flaky test"}`},
		{"TodoWrite", `{"todos":[]}`},
	} {
		fmt.Println(transcript.ToolUse{Name: in.name, Input: json.RawMessage(in.input)})
	}
	// Output:
	// Edit(src/foo.ts)
	// Bash(npm test)
	// Read(package.json)
	// mcp__tracker__create(Flaky test)
	// TodoWrite
}

// Claude Code records absolute paths; Relative shortens those under the
// session's cwd.
func ExampleToolUse_Relative() {
	u := transcript.ToolUse{Name: "Edit", Input: json.RawMessage(`{"file_path":"/home/dev/app/src/foo.ts"}`)}
	fmt.Println(u.String())
	fmt.Println(u.Relative("/home/dev/app"))
	// Output:
	// Edit(/home/dev/app/src/foo.ts)
	// Edit(src/foo.ts)
}

func ExampleRecentTools() {
	msgs, _ := transcript.Tail("testdata/session.jsonl", 15)
	fmt.Println(strings.Join(transcript.RecentTools(msgs, 4), ", "))

	var short []string
	for _, u := range transcript.RecentToolUses(msgs, 4) {
		short = append(short, u.Relative("/home/dev/app"))
	}
	fmt.Println(strings.Join(short, ", "))
	// Output:
	// Bash(npm test -- src/foo.test.ts), Glob(src/**/math*.ts), Write(/home/dev/app/src/math.ts), Bash(npm test)
	// Bash(npm test -- src/foo.test.ts), Glob(src/**/math*.ts), Write(src/math.ts), Bash(npm test)
}

// Backward reads no further than the loop goes: here, back to the last
// Stop hook feedback.
func ExampleBackward() {
	for m, err := range transcript.Backward("testdata/session.jsonl") {
		if err != nil {
			fmt.Println(err)
			return
		}
		if m.IsMeta {
			fmt.Printf("%s at %s\n", strings.SplitN(m.Text, "\n", 2)[0], m.Timestamp.Format("15:04:05"))
			break
		}
	}
	// Output:
	// Stop hook feedback: at 10:00:17
}

// For SubagentStop, read the subagent's own transcript.
func ExamplePath() {
	// in := stophook.ParseInput(...) for a SubagentStop event.
	transcriptPath, agentTranscriptPath := "testdata/session.jsonl", "testdata/subagent.jsonl"
	msgs, _ := transcript.Tail(transcript.Path(transcriptPath, agentTranscriptPath), 2)
	fmt.Println(msgs[1].Text, msgs[1].Sidechain)
	// Output:
	// No bugs found: `total` starts from 0. true
}

// Options bounds the work per call; the zero value means the defaults.
func ExampleOptions() {
	o := transcript.Options{MaxBytes: 1 << 20, MaxLineBytes: 256 << 10}
	msgs, err := o.Tail("testdata/session.jsonl", 2)
	fmt.Println(len(msgs), err)
	// Output:
	// 2 <nil>
}

// The same calls read another agent's transcript: here a Gemini CLI chat,
// whose format is recognised from its lines.
func ExampleForHost() {
	chat := `{"sessionId":"s","projectHash":"h","kind":"main"}
{"id":"u1","type":"user","content":[{"text":"run the tests"}]}
{"id":"g1","type":"gemini","content":"","toolCalls":[{"id":"t1","name":"run_shell_command","args":{"command":"go test ./..."}}]}
{"id":"g2","type":"gemini","content":"All tests pass."}
{"$set":{"lastUpdated":"2026-11-24T22:21:19.702Z"}}
`
	path := filepath.Join(os.TempDir(), "example-gemini-chat.jsonl")
	if err := os.WriteFile(path, []byte(chat), 0o600); err != nil {
		fmt.Println(err)
		return
	}
	defer os.Remove(path)

	o := transcript.Options{Format: transcript.ForHost("gemini")}
	text, _ := o.LastAssistantText("", path)
	msgs, _ := transcript.Tail(path, 10)
	fmt.Println(text)
	fmt.Println(transcript.RecentTools(msgs, 5))
	// Output:
	// All tests pass.
	// [run_shell_command(go test ./...)]
}
