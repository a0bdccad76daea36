package transcript

// maxHeld is how many tool-result messages may sit between two lines of one
// reply and still let them merge.
const maxHeld = 64

// assembler turns parsed lines, newest first, into messages, newest first.
//
// Consecutive lines of one assistant reply merge into one Message. With
// streaming tool execution Claude Code also writes a tool's result as soon
// as it has run, before the reply's next tool_use line:
//
//	assistant msg_1 text
//	assistant msg_1 tool_use A
//	user      tool_result A
//	assistant msg_1 tool_use B
//	user      tool_result B
//
// The API sees one reply followed by the results, and so does the reader:
// lines of one reply merge across user messages made only of tool results,
// and the merged reply comes before them, at the place of its first line.
type assembler struct {
	cur     Message
	have    bool
	inside  []Message // tool results between lines of cur, newest first
	pending []Message // tool results older than cur's first line so far, newest first
	maxHeld int
}

// add takes the next older line. It returns the messages it completed,
// newest first, through yield; it stops and reports false when yield does.
func (a *assembler) add(m Message, yield func(Message) bool) bool {
	if a.have && a.cur.continues(m) {
		a.cur.merge(m)
		a.inside = append(a.inside, a.pending...)
		a.pending = a.pending[:0]
		return true
	}
	if a.have && a.cur.Role == RoleAssistant && m.onlyToolResults() && len(a.pending) < a.maxHeld {
		a.pending = append(a.pending, m)
		return true
	}
	if !a.flush(yield) {
		return false
	}
	a.cur, a.have = m, true
	return true
}

// flush yields what is held: the results written inside the reply, the
// reply, then the results older than it.
func (a *assembler) flush(yield func(Message) bool) bool {
	if !a.have {
		return true
	}
	for _, m := range a.inside {
		if !yield(m) {
			return false
		}
	}
	if !yield(a.cur) {
		return false
	}
	for _, m := range a.pending {
		if !yield(m) {
			return false
		}
	}
	a.cur, a.have = Message{}, false
	a.inside, a.pending = a.inside[:0], a.pending[:0]
	return true
}

// onlyToolResults reports whether m is a user message made only of tool
// results.
func (m Message) onlyToolResults() bool {
	return m.Role == RoleUser && !m.IsMeta && m.Text == "" && len(m.ToolResults) > 0
}
