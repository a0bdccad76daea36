package stophook

import (
	"encoding/json"

	"github.com/stophook/stophook/internal/hostio"
)

// MaxOutputChars is Claude Code's cap on hook output strings.
const MaxOutputChars = 10000

// Truncate cuts s to at most max characters (runes), ending a cut string
// with a marker. Invalid UTF-8 is replaced so the result is valid JSON text.
// It is the cut every host's output gets.
func Truncate(s string, max int) string { return hostio.Truncate(s, max) }

// Output is the JSON a hook writes for Claude Code (stdout of a command
// hook, body of an http hook's response).
type Output struct {
	Continue           *bool               `json:"continue,omitempty"`
	StopReason         string              `json:"stopReason,omitempty"`
	SystemMessage      string              `json:"systemMessage,omitempty"`
	Decision           string              `json:"decision,omitempty"`
	Reason             string              `json:"reason,omitempty"`
	HookSpecificOutput *HookSpecificOutput `json:"hookSpecificOutput,omitempty"`
}

// HookSpecificOutput carries event-specific output.
type HookSpecificOutput struct {
	HookEventName     string `json:"hookEventName"`
	AdditionalContext string `json:"additionalContext,omitempty"`
}

// NewOutput converts a decision for the event of in into Claude Code's
// output format, with every string cut to [MaxOutputChars]. A decision
// that does not block gives an Output without "decision".
func NewOutput(in Input, d Decision) Output {
	var o Output
	if d.Blocks() {
		o.Decision = "block"
		o.Reason = Truncate(d.Reason, MaxOutputChars)
	}
	if d.SystemMessage != "" {
		o.SystemMessage = Truncate(d.SystemMessage, MaxOutputChars)
	}
	if d.AdditionalContext != "" {
		event := in.HookEventName
		if event == "" {
			event = EventStop
		}
		o.HookSpecificOutput = &HookSpecificOutput{
			HookEventName:     string(event),
			AdditionalContext: Truncate(d.AdditionalContext, MaxOutputChars),
		}
	}
	if d.Halt {
		f := false
		o.Continue = &f
		o.StopReason = Truncate(d.StopReason, MaxOutputChars)
	}
	return o
}

// JSON returns the encoded output; an empty Output encodes as {}.
func (o Output) JSON() []byte {
	b, err := json.Marshal(o)
	if err != nil { // cannot happen: only strings and bools
		return []byte("{}")
	}
	return b
}
