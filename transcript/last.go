package transcript

import (
	"bytes"
	"io"

	"errors"
	"github.com/tidwall/gjson"
	"io/fs"
	"strings"
	"time"
)

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

// LastAssistantText is [LastAssistantText] within the limits of o, for
// the transcript format o.Format.
//
// Copilot CLI writes events.jsonl 50–100 ms after calling its hooks: when
// the file (with o.Format [FormatCopilot]) does not exist yet, or shows
// neither a reply nor the end of the turn since the latest prompt or the
// latest reason a Stop hook sent back, it is read again every 25 ms, for
// at most o.Wait.
func (o Options) LastAssistantText(last, path string) (string, error) {
	if strings.TrimSpace(last) != "" {
		return last, nil
	}
	var waited time.Duration
	for {
		text, behind, err := o.lastText(path)
		if err != nil || !behind || waited >= o.wait() {
			return text, err
		}
		o.pause(waitStep)
		waited += waitStep
	}
}

// lastText returns the text of the newest assistant message with text in
// the current turn. behind reports that the file has not caught up with
// the hook call: no text, in a format that marks turn ends, and no turn
// end since the latest prompt.
func (o Options) lastText(path string) (text string, behind bool, err error) {
	f, size, err := open(path)
	if err != nil {
		if o.Format == FormatCopilot && errors.Is(err, fs.ErrNotExist) {
			return "", true, nil // a new session's events.jsonl may not exist yet
		}
		return "", false, err
	}
	defer f.Close()
	if o.Format == FormatCopilot && !o.CalledAt.IsZero() && newestEventBefore(f, size, o.CalledAt) {
		return "", true, nil
	}
	ended, unanswered := false, false
	format := o.scan(f, size, func(m Message, turnEnd bool, e error) bool {
		switch {
		case e != nil:
			err = e
			return false
		case turnEnd:
			ended = true
			return true
		case m.Role == RoleAssistant && strings.TrimSpace(m.Text) != "":
			text = m.Text
			return false
		case m.Role == RoleUser && m.IsMeta && strings.TrimSpace(m.Text) != "" && !ended:
			// A hook's reason sent back (Copilot writes it as a user
			// message) with no turn end after it: the reply to it is
			// not written yet, whatever earlier reply the turn holds.
			unanswered = true
		}
		return !m.IsPrompt()
	})
	if err != nil {
		return "", false, err
	}
	return text, format == FormatCopilot && (text == "" && !ended || unanswered), nil
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

// copilotTail is how many bytes newestEventBefore reads from the end.
const copilotTail = 64 << 10

// newestEventBefore reports whether the newest complete line of a Copilot
// events.jsonl carries a timestamp older than t, less a millisecond
// (the call's hook.start event is stamped with the call's time). A file
// whose newest stamp cannot be read counts as caught up.
func newestEventBefore(f io.ReaderAt, size int64, t time.Time) bool {
	n := min(size, copilotTail)
	buf := make([]byte, n)
	if _, err := f.ReadAt(buf, size-n); err != nil && err != io.EOF {
		return false
	}
	lines := bytes.Split(bytes.TrimRight(buf, "\n"), []byte("\n"))
	for i := len(lines) - 1; i >= 0 && i >= len(lines)-8; i-- {
		ts := gjson.GetBytes(lines[i], "timestamp")
		if ts.Type != gjson.String {
			continue
		}
		stamp, err := time.Parse(time.RFC3339Nano, ts.Str)
		if err != nil {
			continue
		}
		return stamp.Before(t.Add(-time.Millisecond))
	}
	return false
}
