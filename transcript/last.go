package transcript

import "strings"

// LastAssistantText returns last (Input.LastAssistantMessage) when non-empty,
// else the text of the last assistant message with text in the transcript.
//
// The transcript lags behind the hook call, so the search stays within the
// current turn: it stops at the user's latest prompt ([Message.IsPrompt]),
// and a transcript that does not hold this turn's reply yet yields "" rather
// than the previous turn's reply. Within the turn it can still be behind:
// with Claude Code 2.1.330 the final reply was missing at about half of the
// Stop calls measured, and after a block the feedback line too, so the text
// found may be an earlier reply of the same turn. Trust last when the hook
// sends it. A missing file is an error wrapping fs.ErrNotExist (callers
// that fail open treat it as "no text").
func LastAssistantText(last, path string) (string, error) {
	return Options{}.LastAssistantText(last, path)
}

// LastAssistantText is [LastAssistantText] within the limits of o.
func (o Options) LastAssistantText(last, path string) (string, error) {
	if strings.TrimSpace(last) != "" {
		return last, nil
	}
	for m, err := range o.Backward(path) {
		if err != nil {
			return "", err
		}
		if m.Role == RoleAssistant && strings.TrimSpace(m.Text) != "" {
			return m.Text, nil
		}
		if m.IsPrompt() {
			break
		}
	}
	return "", nil
}

// Path returns the transcript a Stop or SubagentStop hook should read:
// agentTranscriptPath (SubagentStop's agent_transcript_path, the
// subagent's own transcript) when set, else transcriptPath (the session's).
//
//	msgs, err := transcript.Tail(transcript.Path(in.TranscriptPath, in.AgentTranscriptPath), 15)
func Path(transcriptPath, agentTranscriptPath string) string {
	if agentTranscriptPath != "" {
		return agentTranscriptPath
	}
	return transcriptPath
}
