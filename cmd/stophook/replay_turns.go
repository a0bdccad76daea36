package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/stophook/stophook/transcript"
)

// maxTranscriptLine is the longest transcript line replay reads whole; a
// longer one is kept in the cut copies but not read.
const maxTranscriptLine = 16 << 20

// turnEnd is one point of a transcript where a Stop hook ran: the end of
// the agent's last reply before the user's next prompt.
type turnEnd struct {
	session string // the session's id
	turn    int    // 1-based, counting the user's prompts
	cut     int64  // bytes of the transcript written by then
}

// turnEnds calls yield for each turn end of the transcript at path, in
// order; an error of yield stops the walk and is returned. Replies of
// subagents (isSidechain) are not turn ends; neither is a turn the user
// interrupted nor one that ended on an API error (Claude Code runs no Stop
// hook then: StopFailure instead), nor a turn whose last reply calls a tool
// (the session ended before the turn did).
func turnEnds(path string, yield func(turnEnd) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	lr := newLineReader(f, maxTranscriptLine)
	var (
		session string
		turn    int
		pending *turnEnd // the current turn's end so far
		before  [][]byte // the lines since the last message, for messageOf
	)
	flush := func() error {
		if pending == nil {
			return nil
		}
		te := *pending
		pending = nil
		if te.session == "" {
			te.session = session
		}
		return yield(te)
	}
	for {
		line, tooLong, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		off := lr.off
		if tooLong {
			continue
		}
		if session == "" {
			session = sessionOf(line)
		}
		m, ok := messageOf(before, line)
		if !ok {
			if len(line) <= maxContextLineSize {
				if len(before) == maxContextLines {
					before = slices.Delete(before, 0, 1)
				}
				before = append(before, bytes.Clone(line))
			}
			continue
		}
		before = before[:0]
		if m.Sidechain {
			continue
		}
		// A compaction's summary, or a hook's reason a host sent back as
		// a user message, is meta for the transcript package: no prompt,
		// the turn goes on.
		switch {
		case m.Role == transcript.RoleUser && m.IsPrompt():
			if strings.HasPrefix(m.Text, "[Request interrupted by user") {
				pending = nil // no Stop for an interrupted turn
				continue
			}
			if err := flush(); err != nil {
				return err
			}
			turn++
		case m.Role == transcript.RoleAssistant:
			// A reply that calls tools does not end its turn, and one
			// that ends on an API error gets StopFailure, not Stop.
			if len(m.ToolUses) > 0 || gjson.GetBytes(line, "isApiErrorMessage").Bool() {
				pending = nil
				continue
			}
			pending = &turnEnd{session: session, turn: max(turn, 1), cut: off}
		}
	}
	return flush()
}

// messageOf decodes one transcript line with the transcript package, in
// whichever host's format it is. A prompt is read again after the lines
// before it that are no messages (before, oldest first): the package
// tells from them whether the host wrote a hook's reason sent back as a
// user message (then it is meta, no prompt).
func messageOf(before [][]byte, line []byte) (transcript.Message, bool) {
	m, ok := lastMessage(line)
	if !ok || !m.IsPrompt() || len(before) == 0 {
		return m, ok
	}
	return lastMessage(append(bytes.Join(before, []byte("\n")), append([]byte("\n"), line...)...))
}

// lastMessage decodes the newest message of some transcript lines.
func lastMessage(lines []byte) (transcript.Message, bool) {
	msgs, err := transcript.Options{}.TailReader(bytes.NewReader(lines), int64(len(lines)), 1)
	if err != nil || len(msgs) != 1 {
		return transcript.Message{}, false
	}
	return msgs[0], true
}

// Bounds of the lines that are no messages kept before a prompt for
// [messageOf]: a host's record of a hook run comes just before the
// reason it sends back.
const (
	maxContextLines    = 8
	maxContextLineSize = 1 << 20
)

// sessionOf returns the session id a transcript line names, if any:
// Claude Code's, Qwen Code's and Gemini CLI's sessionId, Codex's
// session_meta payload.id, Copilot CLI's session.start data.sessionId,
// droid's session_start id. Other lines' ids (a Codex message's
// payload.id) name no session.
func sessionOf(line []byte) string {
	paths := []string{"sessionId", "session_id"}
	switch gjson.GetBytes(line, "type").Str {
	case "session_meta":
		paths = append(paths, "payload.id")
	case "session.start":
		paths = append(paths, "data.sessionId")
	case "session_start":
		paths = append(paths, "id")
	}
	for _, p := range paths {
		if v := gjson.GetBytes(line, p); v.Type == gjson.String && v.Str != "" && len(v.Str) <= 200 {
			return v.Str
		}
	}
	return ""
}

// sessionName is the session id of a transcript that names none: its file
// name without .jsonl.
func sessionName(path string) string {
	return strings.TrimSuffix(filepath.Base(path), ".jsonl")
}
