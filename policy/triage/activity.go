package triage

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/stophook/stophook/transcript"
)

// defaultEditTools are the tools whose uses modify a file.
var defaultEditTools = []string{"Edit", "Write", "MultiEdit", "NotebookEdit"}

// Activity scores SESSION_SUMMARY from the tool_use blocks of the
// messages: a session that modified many files, or used many tools, is
// worth a summary. The zero value means every default.
type Activity struct {
	// FilesModified: a summary is due when more than this many distinct
	// files were modified; 0 means 4, a negative value disables the cue.
	FilesModified int `json:"files_modified,omitempty"`
	// ToolUses: a summary is due when more than this many tools were used;
	// 0 means 30, a negative value disables the cue.
	ToolUses int `json:"tool_uses,omitempty"`
	// EditTools name the tools that modify the file in their file_path (or
	// notebook_path) input; nil means DefaultEditTools.
	EditTools []string `json:"edit_tools,omitempty"`
	// JoinOnly is the default since wave 5 and kept for configs that set
	// it: SESSION_SUMMARY only joins a list that has a text finding, so
	// heavy activity alone lets the session stop.
	JoinOnly bool `json:"join_only,omitempty"`
	// Alone makes heavy activity alone a finding, the default before wave
	// 5. On the 401 labelled real turns the cues may be tuned on, a turn
	// the scorer of wave 4 sent back for activity alone held a memory 22
	// times in 38 (see testdata/real/README.md): the number of tool calls
	// says that work was done, not that something worth remembering was
	// said. Alone wins over JoinOnly.
	Alone bool `json:"alone,omitempty"`
}

// activityCounts are the tool activity of some messages.
type activityCounts struct {
	ToolUses int
	Files    []string // distinct modified files, in order of first change
}

// count counts the tool uses of msgs and the distinct files they modified.
func (a Activity) count(msgs []transcript.Message) activityCounts {
	edit := a.EditTools
	if edit == nil {
		edit = defaultEditTools
	}
	var c activityCounts
	seen := map[string]bool{}
	for _, m := range msgs {
		if m.Role != "assistant" {
			continue
		}
		for _, u := range m.ToolUses {
			c.ToolUses++
			if !contains(edit, u.Name) {
				continue
			}
			f := gjson.GetBytes(u.Input, "file_path").String()
			if f == "" {
				f = gjson.GetBytes(u.Input, "notebook_path").String()
			}
			if f != "" && !seen[f] {
				seen[f] = true
				c.Files = append(c.Files, f)
			}
		}
	}
	return c
}

// finding returns a SESSION_SUMMARY finding when msgs show heavy activity.
func (a Activity) finding(msgs []transcript.Message) (Finding, bool) {
	files, tools := a.FilesModified, a.ToolUses
	if files == 0 {
		files = 4
	}
	if tools == 0 {
		tools = 30
	}
	c := a.count(msgs)
	var cues []string
	if files > 0 && len(c.Files) > files {
		cues = append(cues, fmt.Sprintf("files modified %d > %d", len(c.Files), files))
	}
	if tools > 0 && c.ToolUses > tools {
		cues = append(cues, fmt.Sprintf("tool uses %d > %d", c.ToolUses, tools))
	}
	if cues == nil {
		return Finding{}, false
	}
	return Finding{Category: catSessionSummary, Text: c.summary(), Score: 1, Cues: cues}, true
}

// summary describes the counts in one line.
func (c activityCounts) summary() string {
	const show = 5
	var names []string
	for i, f := range c.Files {
		if i == show {
			names = append(names, fmt.Sprintf("and %d more", len(c.Files)-show))
			break
		}
		names = append(names, clean(filepath.Base(f)))
	}
	if len(c.Files) == 0 {
		return fmt.Sprintf("Session used %d tool calls", c.ToolUses)
	}
	return fmt.Sprintf("Session modified %d files (%s) in %d tool calls", len(c.Files), strings.Join(names, ", "), c.ToolUses)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
