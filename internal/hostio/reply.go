package hostio

import (
	"encoding/json"

	"github.com/stophook/stophook/internal/textcut"
)

// MaxChars is the longest string [Encode] writes, in characters (runes).
const MaxChars = 10000

// truncatedMarker ends a string cut by truncate.
const truncatedMarker = "\n…[truncated by stophook]"

// Reply is a hook's answer, independent of the host it goes to. The zero
// Reply lets the agent stop.
type Reply struct {
	// Event is the Claude Code event name the reply answers (see
	// [Normalize]); empty means Stop.
	Event string
	// Block continues the turn with Reason as the agent's next
	// instruction. A Block without Reason is ignored.
	Block  bool
	Reason string
	// Context is extra context for the agent. On Stop, Claude Code
	// continues the turn with it as a system reminder; hosts that cannot
	// take it continue with it as the reason of a block.
	Context string
	// SystemMessage is shown to the user.
	SystemMessage string
	// Halt ends the agent's run (continue:false) with StopReason shown to
	// the user. It wins over Block and Context wherever the host honours it.
	Halt       bool
	StopReason string
	// ExitCode asks for a block reported by exit code 2 with the reason on
	// stderr, for hooks ported from scripts. Hosts on which exit 2 does
	// not continue the turn get the JSON form instead.
	ExitCode bool
}

// blocks reports whether r continues the turn with a reason.
func (r Reply) blocks() bool { return r.Block && r.Reason != "" }

// isStop reports whether r answers a Stop or SubagentStop.
func (r Reply) isStop() bool {
	return r.Event == "" || r.Event == EventStop || r.Event == EventSubagentStop
}

// continuation returns the text a host that can only block continues the
// turn with: Reason for a block, else Context.
func (r Reply) continuation() string {
	if r.blocks() {
		return r.Reason
	}
	return r.Context
}

// Encode returns what a hook writes for host in answer to r: stdout (empty,
// or one JSON object ending in a newline), one line for stderr (without
// newline; empty for none) and the exit code (0, or 2 for a block in exit
// code mode where the host continues on it). Every string is cut to
// [MaxChars]. An unknown host gets Claude Code's output. What each host
// receives for each kind of Reply is described on its encoder.
func Encode(host string, r Reply) (stdout []byte, stderr string, code int) {
	r.Reason = truncate(r.Reason)
	r.Context = truncate(r.Context)
	r.SystemMessage = truncate(r.SystemMessage)
	r.StopReason = truncate(r.StopReason)
	switch host {
	case Codex:
		return encodeCodex(r)
	case Gemini:
		return encodeGemini(r)
	case Qwen:
		return encodeQwen(r)
	case Copilot:
		return encodeCopilot(r)
	case Droid:
		return encodeDroid(r)
	case Cursor:
		return encodeCursor(r)
	}
	return encodeClaude(r)
}

// output is the union of the JSON fields the hosts read. Field order is
// Claude Code's output order.
type output struct {
	Continue           *bool         `json:"continue,omitempty"`
	StopReason         string        `json:"stopReason,omitempty"`
	SystemMessage      string        `json:"systemMessage,omitempty"`
	Decision           string        `json:"decision,omitempty"`
	Reason             string        `json:"reason,omitempty"`
	HookSpecificOutput *hookSpecific `json:"hookSpecificOutput,omitempty"`
	FollowupMessage    string        `json:"followup_message,omitempty"`
}

type hookSpecific struct {
	HookEventName     string `json:"hookEventName"`
	AdditionalContext string `json:"additionalContext,omitempty"`
}

// halt sets continue:false with reason.
func (o *output) halt(reason string) {
	f := false
	o.Continue = &f
	o.StopReason = reason
}

// block sets decision:block with reason.
func (o *output) block(reason string) {
	o.Decision = "block"
	o.Reason = reason
}

// context sets hookSpecificOutput.additionalContext for event.
func (o *output) context(event, text string) {
	o.HookSpecificOutput = &hookSpecific{HookEventName: event, AdditionalContext: text}
}

// emptyOutput is the encoding of an empty output, the answer to most
// stops.
const emptyOutput = "{}\n"

// json encodes o followed by a newline; an empty output is "{}\n".
func (o output) json() []byte {
	if o == (output{}) {
		return []byte(emptyOutput) // what json.Marshal makes of it, without reflection
	}
	b, err := json.Marshal(o)
	if err != nil { // cannot happen: only strings and bools
		b = []byte("{}")
	}
	return append(b, '\n')
}

// blockOnly encodes a stop reply for a host that continues a turn only
// through decision:block and ends one through continue:false: a halt wins,
// then a block, then context as the reason of a block. SystemMessage goes
// along.
func blockOnly(r Reply) output {
	o := output{SystemMessage: r.SystemMessage}
	switch {
	case r.Halt:
		o.halt(r.StopReason)
	case r.continuation() != "":
		o.block(r.continuation())
	}
	return o
}

// lifecycle encodes a reply to an event other than Stop for a host that
// reads Claude Code's hookSpecificOutput under the event name event: the
// context, the system message and a halt. Blocks are not sent: the
// lifecycle events are never blocked.
func lifecycle(r Reply, event string) output {
	o := output{SystemMessage: r.SystemMessage}
	if r.Context != "" && event != "" {
		o.context(event, r.Context)
	}
	if r.Halt {
		o.halt(r.StopReason)
	}
	return o
}

// truncate cuts s to at most MaxChars runes (see [Truncate]); an empty s,
// most fields of most replies, is returned without a call.
func truncate(s string) string {
	if s == "" {
		return s
	}
	return Truncate(s, MaxChars)
}

// Truncate cuts s to at most n runes, ending a cut string with a marker.
// Invalid UTF-8 is replaced so the result is valid JSON text.
func Truncate(s string, n int) string {
	return textcut.Runes(s, n, truncatedMarker)
}
