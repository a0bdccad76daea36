package loopstate

import (
	"fmt"

	"github.com/stophook/stophook/signals"
)

// Mode selects which completion signals end a frame.
type Mode string

// Modes of a loop frame.
const (
	// ModeLoop ends on <loop-done>COMPLETE|MAX_ITERATIONS|STUCK</loop-done>.
	ModeLoop Mode = "loop"
	// ModeIssue ends on the loop signals or <issue-complete>DONE</issue-complete>.
	ModeIssue Mode = "issue"
	// ModeGrind ends on <grind-done>NO_MORE_ISSUES|MAX_ISSUES</grind-done>.
	ModeGrind Mode = "grind"
)

// Modes lists every mode, for a flag's choices.
var Modes = []Mode{ModeLoop, ModeIssue, ModeGrind}

// Completion tags of the modes.
var (
	loopDone      = signals.Tag{Name: "loop-done", Values: []string{"COMPLETE", "MAX_ITERATIONS", "STUCK"}}
	issueComplete = signals.Tag{Name: "issue-complete", Values: []string{"DONE"}}
	grindDone     = signals.Tag{Name: "grind-done", Values: []string{"NO_MORE_ISSUES", "MAX_ISSUES"}}
)

// ParseMode returns the mode named s.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case ModeLoop, ModeIssue, ModeGrind:
		return m, nil
	}
	return "", fmt.Errorf("loopstate: unknown mode %q (want loop, issue or grind)", clipString(s))
}

// Tags returns the completion signals of m. An unknown mode has none.
func (m Mode) Tags() []signals.Tag {
	switch m {
	case ModeLoop:
		return []signals.Tag{loopDone}
	case ModeIssue:
		return []signals.Tag{loopDone, issueComplete}
	case ModeGrind:
		return []signals.Tag{grindDone}
	}
	return nil
}

// Signal returns the completion signal of m in text, as "<name>VALUE</name>",
// when one stands on its own line outside code.
func (m Mode) Signal(text string) (string, bool) {
	tags := m.Tags()
	if len(tags) == 0 || text == "" {
		return "", false
	}
	tag, value, ok := signals.Find(text, tags...)
	if !ok {
		return "", false
	}
	return "<" + tag.Name + ">" + value + "</" + tag.Name + ">", true
}
