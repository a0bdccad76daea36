package escalate

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/stophook/stophook/transcript"

	"github.com/stophook/stophook/escalate/internal/plain"
)

// Limits of summaries and of the transcript text given to a summarizer.
const (
	// maxSummaryRunes bounds a summary shown to the human.
	maxSummaryRunes = 1500
	// defaultMaxInputRunes bounds the transcript text sent to a summarizer.
	defaultMaxInputRunes = 24000
	maxMessageRunes      = 3000
)

// summaryPrompt is the default system prompt of the summarizers.
const summaryPrompt = "You summarise a coding agent's session for its human operator, who reads it on a phone " +
	"and decides whether the agent should continue. In two to four short sentences of plain text (no markdown): " +
	"what the agent did, where it stopped, and whether it is waiting for an answer or hit an error."

// Summarizer summarises the last messages of a session for the human. The
// summary is shown to the human only; it is never fed back to the agent.
type Summarizer interface {
	// Summarize returns a short plain-text summary of msgs (oldest first).
	// msgs may be empty; ctx bounds the call. An error means "no summary":
	// the message goes without one. Summarize may be called concurrently.
	Summarize(ctx context.Context, msgs []transcript.Message) (string, error)
}

// SummarizerFunc adapts a function to [Summarizer].
type SummarizerFunc func(ctx context.Context, msgs []transcript.Message) (string, error)

var _ Summarizer = SummarizerFunc(nil)

// Summarize calls f(ctx, msgs).
func (f SummarizerFunc) Summarize(ctx context.Context, msgs []transcript.Message) (string, error) {
	return f(ctx, msgs)
}

// renderTranscript renders msgs as plain text for a summarizer prompt, one
// "User:" or "Assistant:" block per message with its tool calls, each
// message cut to a few thousand characters and the whole cut from the front
// to maxRunes (default [defaultMaxInputRunes]).
func renderTranscript(msgs []transcript.Message, maxRunes int) string {
	if maxRunes <= 0 {
		maxRunes = defaultMaxInputRunes
	}
	var blocks []string
	for _, m := range msgs {
		role := "User"
		if m.Role == "assistant" {
			role = "Assistant"
		}
		var b strings.Builder
		b.WriteString(role + ":")
		if text := plain.Clean(m.Text); text != "" {
			b.WriteString(" " + plain.TruncateRunes(text, maxMessageRunes))
		}
		for _, tu := range m.ToolUses {
			b.WriteString("\n[tool] " + plain.TruncateRunes(plain.OneLine(plain.Clean(toolString(tu))), maxToolRunes))
		}
		for _, tr := range m.ToolResults {
			prefix := "[result] "
			if tr.IsError {
				prefix = "[error] "
			}
			b.WriteString("\n" + prefix + plain.TruncateRunes(plain.OneLine(plain.Clean(tr.Text)), 300))
		}
		if b.Len() > len(role)+1 {
			blocks = append(blocks, b.String())
		}
	}
	out := strings.Join(blocks, "\n\n")
	if utf8.RuneCountInString(out) > maxRunes {
		out = plain.LastRunes(out, maxRunes)
	}
	return out
}

// toolString formats a tool use, surviving a String method that panics
// (the transcript package may be a placeholder in some builds).
func toolString(tu transcript.ToolUse) (s string) {
	defer func() {
		if recover() != nil {
			s = tu.Name
		}
	}()
	return tu.String()
}

// cleanSummary tidies a summarizer's output for display.
func cleanSummary(s string) (string, error) {
	s = plain.TruncateRunes(plain.Clean(s), maxSummaryRunes)
	if s == "" {
		return "", fmt.Errorf("escalate: empty summary")
	}
	return s, nil
}
