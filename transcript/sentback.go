package transcript

import "strings"

// sentBack recognises, reading newest first, the reason a turn-end hook
// sent back where the host writes it as a plain user message: Copilot CLI
// (a user.message after the hook.end of a hook whose output's decision is
// "block") and droid (a user message after its user_only record of the
// Stop hooks' run). Nobody typed it: the turn goes on, so it is marked
// IsMeta, as Claude Code's own Stop hook feedback is, and is no prompt.
//
// A user message with text is held until the next older line that tells:
// a record of a hook run whose reasons include the message's text marks
// it; any older message, or the start of the input, lets it go as it is.
// Lines that are neither (other events) are passed over.
type sentBack struct {
	held Message
	have bool
}

// message takes the next older message line, m, and returns what it lets
// go, newest first: the message held before, and m unless m is held now.
func (s *sentBack) message(m Message) []Message {
	out := s.take()
	if m.Role == RoleUser && !m.IsMeta && len(m.ToolResults) == 0 && strings.TrimSpace(m.Text) != "" {
		s.held, s.have = m, true
		return out
	}
	return append(out, m)
}

// hookRun takes the next older line when it records a turn-end hook's
// run, with the reasons of the hooks that sent the agent back, and
// returns the message held, marked IsMeta when it is one of the reasons.
func (s *sentBack) hookRun(reasons []string) []Message {
	if s.have && isReason(s.held.Text, reasons) {
		s.held.IsMeta = true
	}
	return s.take()
}

// take lets the held message go as it is.
func (s *sentBack) take() []Message {
	if !s.have {
		return nil
	}
	m := s.held
	s.held, s.have = Message{}, false
	return []Message{m}
}

// isReason reports whether a user message's text is one of the reasons.
func isReason(text string, reasons []string) bool {
	text = strings.TrimSpace(text)
	for _, r := range reasons {
		if r = strings.TrimSpace(r); r != "" && text == r {
			return true
		}
	}
	return false
}
