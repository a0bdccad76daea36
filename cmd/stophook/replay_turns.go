package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
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
		blocked []string // reasons of the last turn-end hook run that blocked
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
		if r, ok := hookBlocks(line); ok {
			blocked = r
			continue
		}
		m, ok := messageOf(line)
		if !ok || m.Sidechain {
			continue
		}
		switch {
		case m.Role == transcript.RoleUser && m.IsPrompt():
			if isContinuation(m.Text, blocked) || gjson.GetBytes(line, "isCompactSummary").Bool() {
				// The hook's reason sent back as a user message, or the
				// summary a compaction goes on from: the turn goes on.
				continue
			}
			if strings.HasPrefix(m.Text, "[Request interrupted by user") {
				pending = nil // no Stop for an interrupted turn
				continue
			}
			if err := flush(); err != nil {
				return err
			}
			turn++
		case m.Role == transcript.RoleAssistant:
			blocked = nil
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

// hookBlocks reads a record of a turn-end hook's run, where the host
// writes one, and returns the reasons of the hooks that sent the agent
// back: Copilot CLI's hook.end (its output's decision "block"), droid's
// user_only Stop record (hookResults: a block on stdout, exit 0 or 1, or
// exit 2's stderr). These hosts send the reason back as a plain user
// message, which is no new prompt. ok is false for every other line.
func hookBlocks(line []byte) (reasons []string, ok bool) {
	switch gjson.GetBytes(line, "type").Str {
	case "hook.end":
		out := gjson.GetBytes(line, "data.output")
		if out.Get("decision").Str == "block" {
			reasons = append(reasons, out.Get("reason").Str)
		}
		return reasons, true
	case "message":
		msg := gjson.GetBytes(line, "message")
		if !msg.Get("hookEventName").Exists() {
			return nil, false
		}
		msg.Get("hookResults").ForEach(func(_, r gjson.Result) bool {
			out := gjson.Parse(strings.TrimSpace(r.Get("stdout").Str))
			switch code := r.Get("exitCode").Int(); {
			case code == 2:
				reasons = append(reasons, r.Get("stderr").Str)
			case (code == 0 || code == 1) && out.Get("decision").Str == "block":
				reasons = append(reasons, out.Get("reason").Str)
			}
			return true
		})
		return reasons, true
	}
	return nil, false
}

// isContinuation reports whether a user message's text is the reason of
// one of the blocks just read: the host sent it back, nobody typed it.
func isContinuation(text string, blocked []string) bool {
	text = strings.TrimSpace(text)
	for _, r := range blocked {
		if r = strings.TrimSpace(r); r != "" && text == r {
			return true
		}
	}
	return false
}

// messageOf decodes one transcript line with the transcript package, in
// whichever host's format it is.
func messageOf(line []byte) (transcript.Message, bool) {
	msgs, err := transcript.Options{}.TailReader(bytes.NewReader(line), int64(len(line)), 1)
	if err != nil || len(msgs) != 1 {
		return transcript.Message{}, false
	}
	return msgs[0], true
}

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
