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

// startsTurn reports whether m is a prompt the user typed, the first
// message of a turn (currentTurn): a user message with text that is neither meta nor a
// tool result. A reader going backwards through a transcript can stop at
// the first such message.
func startsTurn(m transcript.Message) bool {
	return m.Role == "user" && !m.IsMeta && len(m.ToolResults) == 0 && strings.TrimSpace(m.Text) != ""
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
