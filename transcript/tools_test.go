package transcript_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stophook/stophook/transcript"
)

func use(name, input string) transcript.ToolUse {
	return transcript.ToolUse{ID: "toolu_1", Name: name, Input: json.RawMessage(input)}
}

func TestToolUseString(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		use  transcript.ToolUse
		want string
	}{
		{"edit", use("Edit", `{"file_path":"src/foo.ts","old_string":"a","new_string":"b"}`), "Edit(src/foo.ts)"},
		{"multi edit", use("MultiEdit", `{"file_path":"/abs/x.go","edits":[]}`), "MultiEdit(/abs/x.go)"},
		{"write", use("Write", `{"file_path":"/home/dev/app/README.md","content":"# hi\n"}`), "Write(/home/dev/app/README.md)"},
		{"read", use("Read", `{"file_path":"package.json","offset":10}`), "Read(package.json)"},
		{"notebook", use("NotebookEdit", `{"notebook_path":"a.ipynb","new_source":"x"}`), "NotebookEdit(a.ipynb)"},
		{"bash", use("Bash", `{"command":"npm test","description":"Run tests"}`), "Bash(npm test)"},
		{"bash first line", use("Bash", `{"command":"  npm test\nnpm run lint"}`), "Bash(npm test)"},
		{"bash cut", use("Bash", `{"command":"go test -run TestSomethingVeryLong ./internal/some/deeply/nested/package/... -count=1"}`),
			"Bash(go test -run TestSomethingVeryLong ./internal/some/deeply/ne…)"},
		{"bash cut counts runes", use("Bash", `{"command":"echo ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé"}`),
			"Bash(echo " + strings.Repeat("é", 55) + "…)"},
		{"bash control characters", use("Bash", `{"command":"printf '\u001b[31mred'\tx"}`), "Bash(printf ' [31mred' x)"},
		{"codex shell argv", use("shell", `{"command":["bash","-lc","npm test"],"workdir":"/home/dev/app"}`), "shell(npm test)"},
		{"codex shell plain argv", use("shell", `{"command":["go","test","./..."],"workdir":"/w"}`), "shell(go test ./...)"},
		{"codex exec_command", use("exec_command", `{"workdir":"/w","cmd":"pytest -q"}`), "exec_command(pytest -q)"},
		{"gemini run_shell_command", use("run_shell_command", `{"description":"Run tests","command":"cargo test"}`), "run_shell_command(cargo test)"},
		{"grep", use("Grep", `{"pattern":"TODO\\(","path":"src"}`), "Grep(TODO\\()"},
		{"glob", use("Glob", `{"pattern":"**/*.go"}`), "Glob(**/*.go)"},
		{"task", use("Task", `{"description":"Review the diff","prompt":"long text","subagent_type":"general-purpose"}`), "Task(Review the diff)"},
		{"agent", use("Agent", `{"description":"Find callers","prompt":"x"}`), "Agent(Find callers)"},
		{"skill", use("Skill", `{"skill":"review","args":"--fast"}`), "Skill(review)"},
		{"tool search", use("ToolSearch", `{"query":"notebook","max_results":5}`), "ToolSearch(notebook)"},
		{"workflow", use("Workflow", `{"script":"step 1\nstep 2","name":"release"}`), "Workflow(release)"},
		{"web fetch", use("WebFetch", `{"url":"https://go.dev/doc","prompt":"summarize"}`), "WebFetch(https://go.dev/doc)"},
		{"web search", use("WebSearch", `{"query":"gjson escape"}`), "WebSearch(gjson escape)"},
		{"todo write has no argument", use("TodoWrite", `{"todos":[{"content":"x","status":"pending"}]}`), "TodoWrite"},
		{"known tool missing its field", use("Read", `{"offset":1}`), "Read"},
		{"unknown tool first string field", use("mcp__github__create_issue", `{"count":3,"title":"Crash on start","body":"..."}`), "mcp__github__create_issue(Crash on start)"},
		{"unknown tool skips blank strings", use("Custom", `{"a":"  ","b":"value"}`), "Custom(value)"},
		{"unknown tool no strings", use("Custom", `{"n":1,"list":["x"]}`), "Custom"},
		{"input not an object", use("Bash", `"ls"`), "Bash"},
		{"malformed input", use("Bash", `{"command":`), "Bash"},
		{"no input", transcript.ToolUse{Name: "Read"}, "Read"},
		{"no name", use("", `{"command":"ls"}`), "?(ls)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, tt.use.String())
		})
	}
}

func TestToolUseRelative(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, cwd string
		use       transcript.ToolUse
		want      string
	}{
		{"inside cwd", "/home/dev/app", use("Edit", `{"file_path":"/home/dev/app/src/foo.ts"}`), "Edit(src/foo.ts)"},
		{"cwd with trailing slash", "/home/dev/app/", use("Read", `{"file_path":"/home/dev/app/package.json"}`), "Read(package.json)"},
		{"outside cwd", "/home/dev/app", use("Read", `{"file_path":"/etc/hosts"}`), "Read(/etc/hosts)"},
		{"sibling with common prefix", "/home/dev/app", use("Read", `{"file_path":"/home/dev/app2/x"}`), "Read(/home/dev/app2/x)"},
		{"no cwd", "", use("Write", `{"file_path":"/home/dev/app/a.go"}`), "Write(/home/dev/app/a.go)"},
		{"relative path kept", "/home/dev/app", use("Edit", `{"file_path":"src/foo.ts"}`), "Edit(src/foo.ts)"},
		{"not a path", "/home/dev/app", use("Bash", `{"command":"cat /home/dev/app/x"}`), "Bash(cat /home/dev/app/x)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, tt.use.Relative(tt.cwd))
		})
	}
}

func TestRecentTools(t *testing.T) {
	t.Parallel()
	msgs := []transcript.Message{
		{Role: "assistant", ToolUses: []transcript.ToolUse{use("Read", `{"file_path":"a"}`), use("Read", `{"file_path":"b"}`)}},
		{Role: "user", ToolResults: []transcript.ToolResult{{ToolUseID: "toolu_1"}}},
		{Role: "assistant", Text: "no tools"},
		{Role: "assistant", ToolUses: []transcript.ToolUse{use("Bash", `{"command":"make"}`)}},
	}
	tests := []struct {
		name string
		n    int
		want []string
	}{
		{"last two", 2, []string{"Read(b)", "Bash(make)"}},
		{"more than there are", 10, []string{"Read(a)", "Read(b)", "Bash(make)"}},
		{"zero", 0, nil},
		{"negative", -1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, transcript.RecentTools(msgs, tt.n))
		})
	}
	assert.Nil(t, transcript.RecentTools(nil, 3))
	assert.Equal(t, "Bash", transcript.RecentToolUses(msgs, 1)[0].Name)
}
