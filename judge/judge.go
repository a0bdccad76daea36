package judge

import (
	"strings"

	"github.com/stophook/stophook/signals"
)

// MaxInput is the number of bytes at the end of a message that [Classify]
// reads: 16 KiB. The closing of a message is all that counts, and the bound
// keeps the Markdown parse cheap on any input.
const MaxInput = 16 << 10

// Class is what a final message asks of the user. The zero value is Done.
type Class int

const (
	// Done: the message asks nothing; the turn may end.
	Done Class = iota
	// Error: the message reports that the agent stopped on an error.
	Error
	// Permission: the message asks leave to go on, and a plain yes answers it.
	Permission
	// Decision: the message asks the human to choose, or for something only
	// the human can give.
	Decision
)

// Classes lists every Class in order.
var Classes = []Class{Done, Error, Permission, Decision}

// String returns "done", "error", "permission" or "decision".
func (c Class) String() string {
	switch c {
	case Done:
		return "done"
	case Error:
		return "error"
	case Permission:
		return "permission"
	case Decision:
		return "decision"
	}
	return "unknown"
}

// ParseClass returns the Class named s (as String writes it).
func ParseClass(s string) (Class, bool) {
	for _, c := range Classes {
		if c.String() == s {
			return c, true
		}
	}
	return Done, false
}

// Classify returns what text, an agent's final message, asks of the user,
// and the sentence that decided it (empty for Done without evidence). Only
// the last [MaxInput] bytes of text are read.
func Classify(text string) (Class, string) {
	text = tail(text)
	if strings.TrimSpace(text) == "" {
		return Done, ""
	}
	if m := leadingError.FindString(text); m != "" {
		return Error, strings.TrimSpace(firstLine(text))
	}
	c := closingOf(signals.Prose(text))
	if c.choice != "" && optionsLeadIn.MatchString(c.choice) {
		return Decision, c.choice
	}
	if c.question != "" {
		class := classifyQuestion(c)
		if class == Permission {
			// A go-ahead that also asks for something ("If so, let me
			// know the reason") needs the human: a plain yes lacks it.
			for _, line := range c.lines[:min(2, len(c.lines))] {
				if infoRequest.MatchString(line) {
					return Decision, line
				}
			}
		}
		return class, c.question
	}
	for _, line := range c.lines {
		if decisionRequest.MatchString(line) {
			return Decision, line
		}
		if permissionOffer.MatchString(line) {
			// An offer between alternatives ("…, or fold them into the
			// roadmap. Just say the word.") asks for a choice.
			for _, l := range c.lines[:min(2, len(c.lines))] {
				if alternative.MatchString(l) {
					return Decision, l
				}
			}
			return Permission, line
		}
	}
	if line, ok := reportsError(append(c.lines, c.items...)); ok {
		return Error, line
	}
	return Done, ""
}

// Is reports whether Classify(text) is c. It suits function-typed matchers.
func Is(c Class) func(text string) bool {
	return func(text string) bool {
		got, _ := Classify(text)
		return got == c
	}
}

// tail cuts text to its last MaxInput bytes, starting after a line end so
// that no partial line remains.
func tail(text string) string {
	if len(text) <= MaxInput {
		return text
	}
	window := text[len(text)-MaxInput:]
	i := strings.IndexAny(window, "\r\n")
	if i < 0 {
		return ""
	}
	return window[i+1:]
}

func firstLine(s string) string {
	s = strings.TrimLeft(s, " \t\r\n")
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		return s[:i]
	}
	return s
}
