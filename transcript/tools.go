package transcript

import (
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stophook/stophook/internal/textcut"
	"github.com/tidwall/gjson"
)

// maxArg is the most runes of a tool's argument that String shows.
const maxArg = 60

// mainArgs names the input field String shows for the tools Claude Code
// ships (2.1.330 offers Agent, Bash, Edit, Read, Skill, ToolSearch,
// Workflow, Write and more; Task is Agent's earlier name). Tools not listed
// show their first string field.
var mainArgs = map[string]string{
	"Bash":           "command",
	"Edit":           "file_path",
	"MultiEdit":      "file_path",
	"Write":          "file_path",
	"Read":           "file_path",
	"NotebookEdit":   "notebook_path",
	"Grep":           "pattern",
	"Glob":           "pattern",
	"Task":           "description",
	"Agent":          "description",
	"WebFetch":       "url",
	"WebSearch":      "query",
	"Skill":          "skill",
	"ToolSearch":     "query",
	"Workflow":       "name",
	"ScheduleWakeup": "reason",
	"SlashCommand":   "command",
	"LS":             "path",
	"TodoWrite":      "",
	"ExitPlanMode":   "",
	// Other hosts' shell tools: Codex's shell (an argv array, beside a
	// workdir that is its first string) and exec_command, Gemini CLI's
	// run_shell_command.
	"shell":             "command",
	"local_shell_call":  "command",
	"exec_command":      "cmd",
	"run_shell_command": "command",
}

// pathArgs are the fields that hold a file path: shown whole, and made
// relative by [ToolUse.Relative].
var pathArgs = map[string]bool{"file_path": true, "notebook_path": true, "path": true}

// String formats the call as Name(main argument): Edit(src/foo.ts),
// Bash(npm test), Grep(TODO), Task(review the diff). Paths are shown as
// given; a command or pattern is cut to its first line and about 60
// characters, ending in "…". A tool this package does not know shows its
// first non-empty string field; a call without one shows just its Name.
func (t ToolUse) String() string { return t.Relative("") }

// Relative is [ToolUse.String] with a path argument under cwd shown
// relative to it: Edit(/home/u/app/src/foo.ts) in /home/u/app reads
// Edit(src/foo.ts). Paths outside cwd, and every path when cwd is empty,
// stay as given.
func (t ToolUse) Relative(cwd string) string {
	name := printable(t.Name)
	if name == "" {
		name = "?"
	}
	field, arg := t.mainArg()
	if arg == "" {
		return name
	}
	if pathArgs[field] {
		arg = printable(relTo(cwd, arg))
	} else {
		arg = shorten(arg)
	}
	if arg == "" {
		return name
	}
	return name + "(" + arg + ")"
}

// mainArg returns the field to show and its value.
func (t ToolUse) mainArg() (field, value string) {
	if len(t.Input) == 0 {
		return "", ""
	}
	in := gjson.ParseBytes(t.Input)
	if !in.IsObject() {
		return "", ""
	}
	if field, known := mainArgs[t.Name]; known {
		if field == "" {
			return "", ""
		}
		v := in.Get(field)
		if v.IsArray() {
			return field, argvLine(v)
		}
		return field, v.String()
	}
	in.ForEach(func(k, v gjson.Result) bool {
		if v.Type == gjson.String && strings.TrimSpace(v.Str) != "" {
			field, value = k.Str, v.Str
			return false
		}
		return true
	})
	return field, value
}

// argvLine returns an argv array as one command line; a shell's -c or
// -lc wrapper (["bash", "-lc", "npm test"]) shows just its script.
func argvLine(v gjson.Result) string {
	var parts []string
	for _, a := range v.Array() {
		parts = append(parts, a.String())
	}
	if len(parts) == 3 && (parts[1] == "-c" || parts[1] == "-lc") {
		switch filepath.Base(parts[0]) {
		case "bash", "sh", "zsh", "dash":
			return parts[2]
		}
	}
	return strings.Join(parts, " ")
}

func relTo(cwd, p string) string {
	if cwd == "" || !filepath.IsAbs(p) {
		return p
	}
	rel, err := filepath.Rel(cwd, p)
	if err != nil || !filepath.IsLocal(rel) {
		return p
	}
	return rel
}

// shorten returns the first non-blank line of s, cut to maxArg runes.
func shorten(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	s = printable(s)
	if utf8.RuneCountInString(s) <= maxArg {
		return s
	}
	return strings.TrimSpace(textcut.Runes(s, maxArg, "")) + "…"
}

// printable replaces control characters (terminal escapes, tabs, CR) with
// spaces, so a formatted call is one safe line.
func printable(s string) string {
	if !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
}

// RecentTools returns up to n tool uses of msgs, most recent last, formatted
// with ToolUse.String.
func RecentTools(msgs []Message, n int) []string {
	uses := RecentToolUses(msgs, n)
	if len(uses) == 0 {
		return nil
	}
	out := make([]string, len(uses))
	for i, u := range uses {
		out[i] = u.String()
	}
	return out
}

// RecentToolUses returns up to n tool uses of msgs, most recent last. Use
// it to format them yourself, for example with [ToolUse.Relative].
func RecentToolUses(msgs []Message, n int) []ToolUse {
	if n <= 0 {
		return nil
	}
	var out []ToolUse
	for i := len(msgs) - 1; i >= 0 && len(out) < n; i-- {
		uses := msgs[i].ToolUses
		for j := len(uses) - 1; j >= 0 && len(out) < n; j-- {
			out = append(out, uses[j])
		}
	}
	slices.Reverse(out)
	return out
}
