package transcript

import (
	"bufio"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// hostFiles are real transcripts of one turn on each host (a prompt, a
// reply, a Stop hook's block, a second reply), captured offline and
// scrubbed.
var hostFiles = []struct {
	file   string
	format Format
	want   []string // role: text of the messages with text, oldest first
}{
	{"codex.jsonl", FormatCodex, []string{"user*: <environment_context>", "user: say hi", "assistant: fake reply 1", "user*: <hook_prompt", "assistant: fake reply 2 DONE"}},
	{"gemini.jsonl", FormatGemini, []string{"user*: <session_context>", "user: say hi", "assistant: fake reply 1", "user*: e2e-capture: one more thing, then say DONE", "assistant: fake reply 2 DONE"}},
	{"qwen.jsonl", FormatQwen, []string{"user: say hi", "assistant: fake reply 1", "assistant: fake reply 2 DONE"}},
	{"copilot.jsonl", FormatCopilot, []string{"user: say hi", "assistant: fake reply 1", "user*: e2e-capture: one more thing, then say DONE", "assistant: fake reply 2 DONE"}},
	{"droid.jsonl", FormatDroid, []string{"user*: <system-reminder>", "user: say hi", "assistant: fake reply 1", "user*: e2e-capture: one more thing, then say DONE", "assistant: fake reply 2 DONE"}},
}

// summary is "role: text" (a "*" after the role marks meta), the text cut
// to the length of want's text.
func summary(m Message, want string) string {
	role := m.Role
	if m.IsMeta {
		role += "*"
	}
	s := role + ": " + m.Text
	if len(s) > len(want) {
		s = s[:len(want)]
	}
	return s
}

func TestHostTranscripts(t *testing.T) {
	t.Parallel()
	for _, tt := range hostFiles {
		path := filepath.Join("testdata", "hosts", tt.file)
		for _, o := range []Options{{}, {Format: tt.format}} {
			t.Run(tt.file+"/"+o.Format.String(), func(t *testing.T) {
				t.Parallel()
				msgs, err := o.Tail(path, 100)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, m := range msgs {
					if m.Text != "" {
						got = append(got, summary(m, tt.want[min(len(got), len(tt.want)-1)]))
					}
				}
				if !slices.Equal(got, tt.want) {
					t.Errorf("messages\n got %q\nwant %q", got, tt.want)
				}
				text, err := o.LastAssistantText("", path)
				if err != nil || text != "fake reply 2 DONE" {
					t.Errorf("LastAssistantText = %q, %v; want fake reply 2 DONE", text, err)
				}
			})
		}
	}
}

// writeLines writes the lines of a host transcript up to the first one
// keep refuses to a temporary file, and returns its path and the lines
// left out.
func writeLines(t *testing.T, file string, keep func(line string) bool) (string, []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "hosts", file))
	if err != nil {
		t.Fatal(err)
	}
	var head, rest bytes.Buffer
	cut := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if !cut && !keep(sc.Text()) {
			cut = true
		}
		if cut {
			rest.Write(sc.Bytes())
			rest.WriteByte('\n')
		} else {
			head.Write(sc.Bytes())
			head.WriteByte('\n')
		}
	}
	path := filepath.Join(t.TempDir(), file)
	if err := os.WriteFile(path, head.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path, rest.Bytes()
}

// A transcript written up to the block but not the second reply: the
// search stays in the current turn, which the hook's reason sent back
// does not end, also where the host writes it as a plain user message.
func TestHostTranscriptsLagging(t *testing.T) {
	t.Parallel()
	want := map[string]string{
		"codex.jsonl":   "fake reply 1", // the continuation is meta
		"gemini.jsonl":  "fake reply 1",
		"qwen.jsonl":    "fake reply 1", // the continuation is not written
		"droid.jsonl":   "fake reply 1", // the continuation follows the Stop hook's record
		"copilot.jsonl": "fake reply 1", // the same, after the wait (none here)
	}
	for _, tt := range hostFiles {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			path, _ := writeLines(t, tt.file, func(line string) bool { return !strings.Contains(line, "fake reply 2 DONE") })
			text, err := Options{Wait: -1}.LastAssistantText("", path)
			if err != nil || text != want[tt.file] {
				t.Errorf("LastAssistantText = %q, %v; want %q", text, err, want[tt.file])
			}
		})
	}
}

func TestCopilotWaitsForTheFile(t *testing.T) {
	t.Parallel()
	path, rest := writeLines(t, "copilot.jsonl", func(line string) bool { return !strings.Contains(line, "fake reply 2 DONE") })
	pauses := 0
	o := Options{sleep: func(d time.Duration) {
		pauses++
		if pauses == 3 { // the file catches up during the third pause
			f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Error(err)
				return
			}
			f.Write(rest)
			f.Close()
		}
	}}
	text, err := o.LastAssistantText("", path)
	if err != nil || text != "fake reply 2 DONE" {
		t.Errorf("LastAssistantText = %q, %v; want fake reply 2 DONE", text, err)
	}
	if pauses != 3 {
		t.Errorf("paused %d times, want 3", pauses)
	}
}

func TestCopilotWaitIsBounded(t *testing.T) {
	t.Parallel()
	path, _ := writeLines(t, "copilot.jsonl", func(line string) bool { return !strings.Contains(line, `"assistant.message"`) })
	for _, tt := range []struct {
		wait   time.Duration
		pauses int
	}{{-1, 0}, {100 * time.Millisecond, 4}, {0, int(defaultWait / waitStep)}} {
		pauses := 0
		o := Options{Wait: tt.wait, sleep: func(time.Duration) { pauses++ }}
		if text, err := o.LastAssistantText("", path); err != nil || text != "" {
			t.Errorf("LastAssistantText = %q, %v; want empty", text, err)
		}
		if pauses != tt.pauses {
			t.Errorf("Wait %v: paused %d times, want %d", tt.wait, pauses, tt.pauses)
		}
	}
	// A turn that ended without text does not wait.
	path, _ = writeLines(t, "copilot.jsonl", func(line string) bool {
		return !strings.Contains(line, `"hook.start"`) || !strings.Contains(line, "agentStop")
	})
	pauses := 0
	if text, _ := (Options{sleep: func(time.Duration) { pauses++ }}).LastAssistantText("", path); text != "fake reply 1" || pauses != 0 {
		t.Errorf("got %q after %d pauses, want fake reply 1 at once", text, pauses)
	}
}

func TestSniff(t *testing.T) {
	t.Parallel()
	check := func(path string, want Format) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		decided := 0
		for line := range bytes.SplitSeq(data, []byte("\n")) {
			switch got := sniff(line); got {
			case FormatAuto:
			case want:
				decided++
			default:
				t.Errorf("%s: line %.80s sniffs as %v, want %v", path, line, got, want)
			}
		}
		if decided == 0 {
			t.Errorf("%s: no line names the format", path)
		}
	}
	for _, tt := range hostFiles {
		check(filepath.Join("testdata", "hosts", tt.file), tt.format)
	}
	claude, _ := filepath.Glob(filepath.Join("testdata", "*.jsonl"))
	shared, _ := filepath.Glob(filepath.Join("..", "..", "shared", "data", "transcripts", "*", "*.jsonl"))
	for _, f := range append(claude, shared...) {
		check(f, FormatClaude)
	}
}

func TestForHost(t *testing.T) {
	t.Parallel()
	for host, want := range map[string]Format{
		"claude": FormatClaude, "codex": FormatCodex, "gemini": FormatGemini, "qwen": FormatQwen,
		"copilot": FormatCopilot, "droid": FormatDroid, "cursor": FormatCursor, "": FormatAuto, "auto": FormatAuto, "vim": FormatAuto,
	} {
		if got := ForHost(host); got != want {
			t.Errorf("ForHost(%q) = %v, want %v", host, got, want)
		}
	}
}

// Tool calls in each format, as RecentTools shows them.
func TestHostToolCalls(t *testing.T) {
	t.Parallel()
	tests := []struct {
		format Format
		lines  string
		want   []string
	}{
		{FormatCodex, `{"type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{\"command\":[\"ls\",\"-la\"]}","call_id":"c1"}}
{"type":"response_item","payload":{"type":"function_call_output","call_id":"c1","output":"total 0"}}
{"type":"response_item","payload":{"type":"custom_tool_call","name":"apply_patch","input":"*** Begin Patch","call_id":"c2"}}
{"type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"done"}]}}`,
			[]string{"shell(ls -la)", "apply_patch"}},
		{FormatQwen, `{"type":"assistant","uuid":"a","message":{"role":"model","parts":[{"text":"reading","thought":true},{"functionCall":{"id":"f1","name":"read_file","args":{"absolute_path":"/p/go.mod"}}}]}}
{"type":"user","uuid":"b","message":{"role":"user","parts":[{"functionResponse":{"id":"f1","name":"read_file","response":{"output":"module x"}}}]}}
{"type":"assistant","uuid":"c","message":{"role":"model","parts":[{"text":"done"}]}}`,
			[]string{"read_file(/p/go.mod)"}},
		{FormatCopilot, `{"type":"assistant.message","data":{"messageId":"m1","content":"","toolRequests":[{"toolCallId":"t1","name":"bash","arguments":{"command":"go test ./..."}}]}}
{"type":"tool.execution_complete","data":{"toolCallId":"t1","success":true,"result":{"content":"ok"}}}
{"type":"assistant.message","data":{"messageId":"s1","content":"subagent reply","parentToolCallId":"t9","toolRequests":[{"toolCallId":"t10","name":"view","arguments":{"path":"x"}}]}}
{"type":"assistant.message","data":{"messageId":"m2","content":"done","toolRequests":[]}}
{"type":"assistant.turn_end","data":{"turnId":"0"}}`,
			[]string{"bash(go test ./...)"}},
		{FormatDroid, `{"type":"message","id":"1","message":{"role":"assistant","content":[{"type":"tool_use","id":"u1","name":"Execute","input":{"command":"make"}}]}}
{"type":"message","id":"2","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"u1","content":"built"}]}}
{"type":"message","id":"3","message":{"role":"assistant","content":[{"type":"text","text":"done"}]}}`,
			[]string{"Execute(make)"}},
		{FormatGemini, `{"id":"g1","type":"gemini","content":"","toolCalls":[{"id":"t1","name":"run_shell_command","args":{"command":"npm test"},"status":"success"}]}
{"id":"g2","type":"gemini","content":"done"}`,
			[]string{"run_shell_command(npm test)"}},
	}
	for _, tt := range tests {
		t.Run(tt.format.String(), func(t *testing.T) {
			t.Parallel()
			r := strings.NewReader(tt.lines + "\n")
			for _, o := range []Options{{}, {Format: tt.format}} {
				msgs, err := o.TailReader(r, r.Size(), 10)
				if err != nil {
					t.Fatal(err)
				}
				if got := RecentTools(msgs, 5); !slices.Equal(got, tt.want) {
					t.Errorf("%v: RecentTools = %q, want %q", o.Format, got, tt.want)
				}
				if last := msgs[len(msgs)-1]; last.Role != RoleAssistant || last.Text != "done" {
					t.Errorf("%v: last message %+v, want the assistant's done", o.Format, last)
				}
			}
		})
	}
}

func TestGeminiPatches(t *testing.T) {
	t.Parallel()
	lines := `{"sessionId":"s","projectHash":"h","kind":"main"}
{"id":"old","type":"gemini","content":"superseded"}
{"$set":{"messages":[{"id":"u1","type":"user","content":[{"text":"first"}]},{"id":"g1","type":"gemini","content":"reply one"}]}}
{"$set":{"lastUpdated":"2026-11-24T22:21:18.394Z"}}
{"id":"u2","type":"user","content":[{"text":"second"}]}
{"id":"g2","type":"gemini","content":"draft"}
{"id":"g2","type":"gemini","content":"reply two","tokens":{"total":3}}
{"$set":{"lastUpdated":"2026-11-24T22:21:19.702Z"}}
`
	r := strings.NewReader(lines)
	msgs, err := Options{}.TailReader(r, r.Size(), 10)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range msgs {
		got = append(got, m.Role+":"+m.Text)
	}
	want := []string{"user:first", "assistant:reply one", "user:second", "assistant:reply two"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Cursor's documented transcript shape.
func TestCursorTranscript(t *testing.T) {
	t.Parallel()
	lines := `{"role":"user","message":{"content":[{"type":"text","text":"<user_query>\nfix the build\n</user_query>"}]}}
{"role":"assistant","message":{"content":[{"type":"text","text":"Looking."},{"type":"tool_use","id":"t1","name":"Shell","input":{"command":"make"}}]}}
{"role":"assistant","message":{"content":[{"type":"text","text":"The build passes now."}]}}
`
	for _, o := range []Options{{}, {Format: FormatCursor}} {
		r := strings.NewReader(lines)
		msgs, err := o.TailReader(r, r.Size(), 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(msgs) != 3 || msgs[0].Text != "fix the build" || !msgs[0].IsPrompt() || msgs[2].Text != "The build passes now." {
			t.Fatalf("%v: got %+v", o.Format, msgs)
		}
		if got := RecentTools(msgs, 5); !slices.Equal(got, []string{"Shell(make)"}) {
			t.Errorf("%v: RecentTools = %q", o.Format, got)
		}
	}
}

// A malformed line does not decide the format of the file.
func TestSniffSkipsMalformedLines(t *testing.T) {
	t.Parallel()
	data := `{"type":"assistant","message":{"id":"m","content":[{"type":"text","text":"from Claude"}]}}
{"type"A"assistant""content"0}
`
	text, err := Options{}.LastAssistantText("", writeTemp(t, data))
	if err != nil || text != "from Claude" {
		t.Errorf("got %q, %v; want the Claude reply", text, err)
	}
}

func writeTemp(t *testing.T, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.jsonl")
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCopilotWaitsForAMissingFile(t *testing.T) {
	t.Parallel()
	src, _ := writeLines(t, "copilot.jsonl", func(string) bool { return true })
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "events.jsonl")
	pauses := 0
	o := Options{Format: FormatCopilot, sleep: func(time.Duration) {
		pauses++
		if pauses == 2 { // the file appears during the second pause
			if err := os.WriteFile(path, data, 0o600); err != nil {
				t.Error(err)
			}
		}
	}}
	text, err := o.LastAssistantText("", path)
	if err != nil || text != "fake reply 2 DONE" {
		t.Errorf("LastAssistantText = %q, %v; want fake reply 2 DONE", text, err)
	}
	if _, err := (Options{Format: FormatClaude}).LastAssistantText("", path+".missing"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing Claude transcript: got %v, want fs.ErrNotExist", err)
	}
}

// A Copilot file that holds an earlier reply of the turn but not yet the
// event of this hook call is behind: the reader waits for the call's
// hook.start rather than return the earlier reply.
func TestCopilotWaitsForTheCall(t *testing.T) {
	t.Parallel()
	path, rest := writeLines(t, "copilot.jsonl", func(line string) bool { return !strings.Contains(line, "e2e-capture: one more thing") })
	calledAt, err := time.Parse(time.RFC3339Nano, "2026-11-24T22:30:40.308Z")
	if err != nil {
		t.Fatal(err)
	}
	if text, _ := (Options{Format: FormatCopilot, Wait: -1}).LastAssistantText("", path); text == "fake reply 2 DONE" {
		t.Fatalf("the truncated file already holds the second reply")
	}
	pauses := 0
	o := Options{Format: FormatCopilot, CalledAt: calledAt, sleep: func(time.Duration) {
		pauses++
		if pauses == 2 {
			f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Error(err)
				return
			}
			f.Write(rest)
			f.Close()
		}
	}}
	text, err := o.LastAssistantText("", path)
	if err != nil || text != "fake reply 2 DONE" {
		t.Errorf("LastAssistantText = %q, %v; want fake reply 2 DONE", text, err)
	}
	if pauses != 2 {
		t.Errorf("paused %d times, want 2", pauses)
	}
}

// TestGeminiToolResults reads the result Gemini CLI keeps inside a tool
// call: the shell's output with its exit code, and a call that failed.
func TestGeminiToolResults(t *testing.T) {
	lines := `{"id":"g1","type":"gemini","content":"","toolCalls":[{"id":"t1","name":"run_shell_command","args":{"command":"npm test"},"result":[{"functionResponse":{"id":"t1","name":"run_shell_command","response":{"output":"Output: 1 failing\nExit Code: 1\nProcess Group PGID: 7"}}}],"status":"success"},{"id":"t2","name":"replace","args":{"file_path":"a.go"},"result":[{"functionResponse":{"id":"t2","name":"replace","response":{"error":"old_string not found"}}}],"status":"error"},{"id":"t3","name":"read_file","args":{"path":"b"}}]}
{"id":"g2","type":"gemini","content":"done"}`
	r := strings.NewReader(lines + "\n")
	msgs, err := Options{Format: FormatGemini}.TailReader(r, r.Size(), 10)
	if err != nil {
		t.Fatal(err)
	}
	got := msgs[0].ToolResults
	want := []ToolResult{
		{ToolUseID: "t1", Text: "Output: 1 failing\nExit Code: 1\nProcess Group PGID: 7"},
		{ToolUseID: "t2", Text: "old_string not found", IsError: true},
	}
	if !slices.Equal(got, want) {
		t.Errorf("ToolResults = %+v, want %+v", got, want)
	}
}
