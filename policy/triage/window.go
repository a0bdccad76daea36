package triage

import (
	"strings"

	"github.com/stophook/stophook/transcript"
)

// currentTurn returns the messages of the current turn: those from the last
// prompt the user typed (a user message with text that is neither meta nor
// a tool result) to the end. Earlier turns were triaged at their own stop;
// scoring them again would ask for the same memories, or for the replies
// that saved them, on every stop. Without such a prompt, msgs is returned.
func currentTurn(msgs []transcript.Message) []transcript.Message {
	for i := len(msgs) - 1; i >= 0; i-- {
		if startsTurn(msgs[i]) {
			return msgs[i:]
		}
	}
	return msgs
}

// startsTurn reports whether m is the first message of what triage reads
// as a turn (currentTurn): a prompt the user typed ([transcript.Message.IsPrompt],
// with more than white space), or the summary a compaction goes on from.
// The transcript package reads that summary as meta, the cut turn going on
// after it; triage starts afresh there and scores the summary's text
// (compactionSummary), as its cues were fitted to: read as one turn with
// the work before the compaction, the labelled turns scored lower
// (docs/memory-triage.md). A reader going backwards through a transcript
// can stop at the first such message.
func startsTurn(m transcript.Message) bool {
	return m.IsPrompt() && strings.TrimSpace(m.Text) != "" || compactionSummary(m)
}

// compactionSummary reports whether m is the summary a client writes when
// it compacts a session, which the transcript package marks meta but
// triage reads (see startsTurn).
func compactionSummary(m transcript.Message) bool {
	return m.Role == transcript.RoleUser && m.IsMeta && len(m.ToolResults) == 0 && compactSummary(m.Text)
}

// skipped reports whether triage leaves m out: meta messages (Stop hook
// feedback, injected context) but a compaction's summary.
func skipped(m transcript.Message) bool {
	return m.IsMeta && !compactionSummary(m)
}

// withLast returns msgs with the assistant's final reply last appended when
// msgs lacks it. The transcript lags behind the Stop hook: at Stop time the
// final reply (Input.LastAssistantMessage) is usually not written yet. The
// reply counts as present when the text of one of the last three assistant
// messages with text contains it (surrounding white space ignored).
func withLast(msgs []transcript.Message, last string) []transcript.Message {
	want := strings.TrimSpace(last)
	if want == "" {
		return msgs
	}
	seen := 0
	for i := len(msgs) - 1; i >= 0 && seen < 3; i-- {
		if msgs[i].Role != "assistant" || msgs[i].Text == "" {
			continue
		}
		seen++
		if strings.Contains(msgs[i].Text, want) {
			return msgs
		}
	}
	out := make([]transcript.Message, len(msgs), len(msgs)+1)
	copy(out, msgs)
	return append(out, transcript.Message{Role: "assistant", Text: last})
}
