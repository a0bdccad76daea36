package judge

import (
	"fmt"
	"path"
	"strings"

	"github.com/stophook/stophook/transcript"
)

// Run is one tool call of a turn and how it ended.
type Run struct {
	// Call is the call as Claude Code shows it: Bash(go test ./...).
	Call string
	// Check is the family and tool of a check ("test:go", "build:npm",
	// "push:git", "edit:path/to/file"), empty for calls that check
	// nothing (reading, searching).
	Check string
	// Failed reports a failed run: a non-zero exit code, a failing test
	// summary, or a refused edit.
	Failed bool
	// Summary is the line that shows the failure ("Exit code 1",
	// "2 failed"), empty for a run that passed.
	Summary string
	// Edit reports a call that changes files.
	Edit bool
	// scope is what the check ran on, as its command names it: paths,
	// test names, filters ("./internal/server", "tests/test_api.py",
	// "run:TestX"); empty for the whole project.
	scope []string
	// out is the output of a failed run, which a message naming what
	// failed quotes from; see outWindow.
	out string
	// also are the other checks a chained command ran ("git add && git
	// commit && git push" is a push and a commit): a run that passed
	// passed them too.
	also []string
}

// Evidence is what the transcript of a turn shows: its tool calls, oldest
// first, from the turn's prompt on.
type Evidence struct {
	Runs []Run
}

// outWindow returns the part of a failed run's output the rules read:
// its first 1000 and last 1500 bytes, where tools print what failed and
// their summaries.
func (r Run) outWindow() string {
	if len(r.out) <= 2500 {
		return r.out
	}
	return head(r.out, 1000) + "\n" + tailString(r.out, 1500)
}

// failure is a failed check that no later run of the same check passed.
type failure struct {
	Run
	// EditsAfter counts the edits made after the failed run.
	EditsAfter int
	// passedLater reports a later run of the same check that passed on
	// another scope, which does not settle the failure but may have been
	// what the message's claim is about.
	passedLater bool
}

// unresolved returns the failed checks of the turn that no later run of
// the same check covers, the most recent first. A later run covers a
// failure when it runs the same check on as much or more (see covers):
// "npm run test" after "npm test", "go test ./..." after "go test ./x",
// but not "go test ./x" after "go test ./..." failed in another package.
// A later failure that covers an earlier one stands for it.
func (e *Evidence) unresolved() []failure {
	var out []failure
	later := map[string]*laterRuns{} // runs after the current one, by check
	passed := map[string]bool{}      // checks that passed after the current run
	edits := 0
	for i := len(e.Runs) - 1; i >= 0; i-- {
		r := e.Runs[i]
		if r.Check != "" {
			l := later[r.Check]
			if r.Failed && !l.cover(r) {
				out = append(out, failure{Run: r, EditsAfter: edits, passedLater: passed[r.Check]})
			}
			if !r.Failed {
				passed[r.Check] = true
			}
			if l == nil {
				l = &laterRuns{}
				later[r.Check] = l
			}
			l.add(r)
		}
		if !r.Failed {
			for _, k := range r.also {
				// a chained check: its scope is unknown, the whole
				if later[k] == nil {
					later[k] = &laterRuns{}
				}
				later[k].whole = true
			}
		}
		if r.Edit && !r.Failed {
			edits++
		}
	}
	return out
}

// laterRuns are the runs of one check after the current one: whether one
// ran on the whole project, and the distinct scopes of the others.
type laterRuns struct {
	whole  bool
	scopes []Run // one run per distinct scope
	seen   map[string]bool
}

func (l *laterRuns) add(r Run) {
	if len(r.scope) == 0 {
		l.whole = true
		return
	}
	key := strings.Join(r.scope, "\x00")
	if l.seen[key] {
		return
	}
	if l.seen == nil {
		l.seen = map[string]bool{}
	}
	l.seen[key] = true
	l.scopes = append(l.scopes, Run{Check: r.Check, scope: r.scope})
}

// cover reports whether one of the later runs covers the failed run f.
func (l *laterRuns) cover(f Run) bool {
	if l == nil {
		return false
	}
	if l.whole {
		return true
	}
	for _, r := range l.scopes {
		if covers(r, f) {
			return true
		}
	}
	return false
}

// FromMessages gathers the evidence of a turn from msgs, oldest first: the
// messages after the last prompt (see [transcript.Message.IsPrompt]).
// Subagent (sidechain) messages are left out.
func FromMessages(msgs []transcript.Message) *Evidence {
	start := 0
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].IsPrompt() && !msgs[i].Sidechain {
			start = i + 1
			break
		}
	}
	ev := &Evidence{}
	calls := map[string]transcript.ToolUse{}
	running := map[string]Run{} // Codex: a command still running, by session id
	for _, m := range msgs[start:] {
		if m.Sidechain {
			continue
		}
		for _, u := range m.ToolUses {
			calls[u.ID] = u
		}
		for _, r := range m.ToolResults {
			u := calls[r.ToolUseID]
			run := runOf(u, r)
			if id := runningSession(r.Text); id != "" && run.Check != "" {
				// The outcome comes with a later write_stdin to the session.
				running[id] = Run{Call: run.Call, Check: run.Check, also: run.also}
				run.Check, run.Failed, run.Summary, run.also = "", false, "", nil
			} else if prev, ok := running[stdinSession(u)]; ok && exitCode.MatchString(head(r.Text, 200)) {
				delete(running, stdinSession(u))
				run = prev
				run.Failed, run.Summary = shellFailed(r, "")
			}
			ev.Runs = append(ev.Runs, run)
		}
	}
	return ev
}

// Limits of [Read].
const (
	// maxTurnMessages is the most messages of a turn Read gathers.
	maxTurnMessages = 4000
	// maxTurnBytes is the most bytes Read reads from the end of a
	// transcript: 16 MiB.
	maxTurnBytes = 16 << 20
)

// Read gathers the evidence of the last turn of the transcript at path,
// reading it backwards from the end up to the turn's prompt, at most
// 16 MiB and 4000 messages. format names the host's transcript
// format (the zero value recognises it). A transcript that cannot be read
// is an error; the caller judges the message alone.
func Read(path string, format transcript.Format) (*Evidence, error) {
	var rev []transcript.Message
	opts := transcript.Options{Format: format, MaxBytes: maxTurnBytes}
	for m, err := range opts.Backward(path) {
		if err != nil {
			return nil, fmt.Errorf("judge: %w", err)
		}
		if m.IsPrompt() && !m.Sidechain {
			break
		}
		if rev = append(rev, m); len(rev) >= maxTurnMessages {
			break
		}
	}
	msgs := make([]transcript.Message, len(rev))
	for i, m := range rev {
		msgs[len(rev)-1-i] = m
	}
	return FromMessages(msgs), nil
}

// judge decides with the evidence: ok false leaves the decision to the
// message alone. fail is the message's own failure statement (failOK),
// own when it is an outcome in the agent's words (see message.failure).
func (e *Evidence) judge(m *message, fail Verdict, failOK, own bool) (Verdict, bool) {
	open := e.unresolved()
	if failOK {
		if own && len(open) == 0 && e.failedChecks() > 0 {
			// "The sed failed" in a turn whose failed checks all passed
			// later tells how the turn got there, not how it ends.
			return Verdict{Class: Done, Confidence: 0.9, Why: e.doneWhy()}, true
		}
		if len(open) > 0 {
			fail.Confidence = 0.95
			fail.Why += " (" + open[0].describe() + ")"
		}
		return fail, true
	}
	var silent, reported *failure
	var report string
	for i := range open {
		f := &open[i]
		if m.explains(f.Check) {
			continue
		}
		s, ok := m.claims(f.Check, subjectOf(f.Check))
		if !ok {
			s, ok = m.checkmarked(familyOf(f.Check))
		}
		if !ok && f.Check != "" && familyOf(f.Check) != "edit" && !f.passedLater {
			// A claim naming the check in code; not when the same check
			// passed later on another scope, which the claim may be about.
			s, ok = m.claimsRun(f.Run)
		}
		if ok {
			return Verdict{Class: Error, Kind: ClaimedSuccess, Confidence: 0.7,
				Why: f.describe() + ", but the message says: " + s}, true
		}
		if silent == nil && f.EditsAfter == 0 {
			silent = f
		}
		if reported == nil {
			if s, ok := m.reports(f.Run); ok {
				reported, report = f, s // a success claimed of a later failure still comes first
			}
		}
	}
	if reported != nil {
		return Verdict{Class: Error, Kind: Failed, Confidence: 0.8,
			Why: reported.describe() + ", and the message says: " + report}, true
	}
	if silent != nil {
		return Verdict{Class: Done, Confidence: 0.4, Why: silent.describe() + "; the message does not say it failed"}, true
	}
	return Verdict{}, false
}

// failedChecks counts the turn's failed runs of a check.
func (e *Evidence) failedChecks() int {
	n := 0
	for _, r := range e.Runs {
		if r.Failed && r.Check != "" {
			n++
		}
	}
	return n
}

// doneWhy summarises evidence that lets the turn end.
func (e *Evidence) doneWhy() string {
	failed := e.failedChecks()
	if failed == 0 {
		return "no question, no failure stated, no failed check"
	}
	return fmt.Sprintf("no question, no failure stated; %d failed check(s) fixed, explained or followed by edits", failed)
}

func (f failure) describe() string {
	s := "last " + f.Call + " failed"
	if f.Summary != "" {
		s += " (" + f.Summary + ")"
	}
	return s
}

// subjectOf returns the base name of an edit check's file.
func subjectOf(check string) string {
	if p, ok := strings.CutPrefix(check, "edit:"); ok {
		return path.Base(strings.ReplaceAll(p, `\`, "/"))
	}
	return ""
}
