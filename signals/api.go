// Package signals: API CONTRACT (being implemented; bodies are placeholders).
package signals

import "regexp"

// Prose returns text with every code region (fenced ``` and ~~~ blocks,
// indented code blocks, inline code spans) blanked out, found with goldmark.
func Prose(text string) string { panic("unimplemented") }

// Lines returns the trimmed, non-empty lines of Prose(text).
func Lines(text string) []string { panic("unimplemented") }

// Tag is a completion signal <Name>VALUE</Name>, valid when VALUE is one of Values.
type Tag struct {
	Name   string
	Values []string
}

// Find reports the first tag (and its value) of tags that stands alone on
// its own line outside code in text.
func Find(text string, tags ...Tag) (tag Tag, value string, ok bool) { panic("unimplemented") }

// DefaultErrorPattern and DefaultSuccessPattern are the seed heuristics.
var (
	DefaultErrorPattern   = regexp.MustCompile(`(?i)error|failed|cannot|unable|exception|traceback`)
	DefaultSuccessPattern = regexp.MustCompile(`(?i)successfully|completed|fixed|resolved`)
)

// ErrorMatcher decides whether a message reports an error.
type ErrorMatcher struct {
	Error   *regexp.Regexp // nil: DefaultErrorPattern
	Success *regexp.Regexp // nil: DefaultSuccessPattern
}

// Match reports Error matches text and Success does not.
func (m ErrorMatcher) Match(text string) bool { panic("unimplemented") }

// IsError is ErrorMatcher{}.Match.
func IsError(text string) bool { return ErrorMatcher{}.Match(text) }

// SuggestedCommands returns /gsd:… and /clear commands in text, deduplicated in order.
func SuggestedCommands(text string) []string { panic("unimplemented") }
