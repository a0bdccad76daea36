package judge

import (
	"strings"

	"github.com/stophook/stophook/internal/clientblock"
)

// maxInput is the number of bytes at the end of a message that the judge
// reads: 16 KiB. The closing of a message is what counts, and the bound
// keeps the cost of any input small.
const maxInput = 16 << 10

// Class is what the end of a turn asks of the user. The zero value is Done.
type Class int

const (
	// Done: the turn may end; nothing is asked, nothing failed.
	Done Class = iota
	// Error: the turn ended on a failure (see [Failed], [ClaimedSuccess]).
	Error
	// Question: the agent waits for the user (see [Permission], [Decision]).
	Question
)

// String returns "done", "error" or "question".
func (c Class) String() string {
	switch c {
	case Done:
		return "done"
	case Error:
		return "error"
	case Question:
		return "question"
	}
	return "unknown"
}

// Kind refines a Class. The zero value, NoKind, goes with Done.
type Kind int

const (
	NoKind Kind = iota
	// Permission (a Question): the agent asks leave to go on, and a plain
	// yes answers it ("Want me to run the tests?").
	Permission
	// Decision (a Question): the agent asks the human to choose, or for
	// something only the human can give ("Redis or Memcached?").
	Decision
	// Failed (an Error): the message says the task failed in this turn
	// ("the tests still fail", "I couldn't get it to build"), or the
	// transcript shows a failed check nothing later fixed and the message
	// confirms it.
	Failed
	// ClaimedSuccess (an Error): the transcript shows a failed check
	// nothing later fixed, and the message claims it succeeded ("all tests
	// pass" after a red run, "created CLAUDE.md" after the write was
	// refused).
	ClaimedSuccess
)

// String returns "", "permission", "decision", "failed" or
// "claimed_success".
func (k Kind) String() string {
	switch k {
	case NoKind:
		return ""
	case Permission:
		return "permission"
	case Decision:
		return "decision"
	case Failed:
		return "failed"
	case ClaimedSuccess:
		return "claimed_success"
	}
	return "unknown"
}

// Class returns the Class a Kind belongs to.
func (k Kind) Class() Class {
	switch k {
	case Permission, Decision:
		return Question
	case Failed, ClaimedSuccess:
		return Error
	}
	return Done
}

// Verdict is the judgement of the end of a turn.
type Verdict struct {
	Class Class
	Kind  Kind
	// Confidence is how sure the rules are, from 0 to 1: about 0.9 for an
	// explicit statement or question, 0.5 and below where the evidence
	// is thin (a question guessed from the shape of the closing, a failed
	// check the message does not mention). [Settle] asks an LLM below a
	// threshold.
	Confidence float64
	// Why is the evidence: the sentence or tool result that decided, or
	// a short reason for Done.
	Why string
}

// Is reports whether v is of class c and, when k is not NoKind, of kind k.
func (v Verdict) Is(c Class, k Kind) bool {
	return v.Class == c && (k == NoKind || v.Kind == k)
}

// String formats v as "class", "class/kind", with the confidence.
func (v Verdict) String() string {
	s := v.Class.String()
	if v.Kind != NoKind {
		s += "/" + v.Kind.String()
	}
	return s
}

// Classify judges text, an agent's final message, alone: Judge(text, nil).
func Classify(text string) Verdict { return Judge(text, nil) }

// Judge judges the end of a turn from its final message and, when ev is
// not nil, the evidence of the turn's transcript (see [Evidence]).
//
// Precision comes first. A question is read from the closing of the
// message only. An error needs, with the message alone, an explicit
// statement that this turn's task failed (a leading "Error:" line, "I
// couldn't get it to build", "the tests still fail", "I'm blocked on …");
// with evidence, a failed check that no later run fixed, which the message
// either reports as failing or claims as a success. Everything else is
// Done. Only the last 16 KiB of text are read, and blocks a client
// appends on its own (Codex's <oai-mem-citation>) are not read.
func Judge(text string, ev *Evidence) Verdict {
	text = clientblock.Blank(tail(text))
	if strings.TrimSpace(text) == "" {
		return Verdict{Class: Done, Confidence: 0.5, Why: "empty message"}
	}
	buf := messageBufs.Get().(*messageBuf)
	defer putMessageBuf(buf)
	var m message
	readMessage(text, buf, &m)
	if v, ok := m.leadingError(); ok {
		return v
	}
	if v, ok := m.question(); ok {
		return v
	}
	fail, failOK, own := m.failure()
	if ev != nil {
		if v, ok := ev.judge(&m, fail, failOK, own); ok {
			return v
		}
	}
	if failOK {
		return fail
	}
	if ev != nil {
		return Verdict{Class: Done, Confidence: 0.9, Why: ev.doneWhy()}
	}
	return Verdict{Class: Done, Confidence: 0.8, Why: "no question, no failure stated"}
}

// tail cuts text to its last maxInput bytes, starting after a line end so
// that no partial line remains; a last line longer than that is cut at a
// character's start instead.
func tail(text string) string {
	if len(text) <= maxInput {
		return text
	}
	window := text[len(text)-maxInput:]
	i := strings.IndexAny(window, "\r\n")
	if i < 0 {
		return tailString(text, maxInput)
	}
	return window[i+1:]
}

// Is returns a function that reports whether Classify(text) is of class c
// (and of kind k, unless k is NoKind). It suits function-typed matchers.
func Is(c Class, k Kind) func(text string) bool {
	return func(text string) bool { return Classify(text).Is(c, k) }
}
