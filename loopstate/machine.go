package loopstate

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/stophook/stophook/internal/textcut"
)

// Phase is the state of the loop machine.
type Phase int

// Phases of the machine, as in the idle plugin's stop hook.
const (
	// Idle: no state, an empty stack, or a finished run. The stop goes on.
	Idle Phase = iota
	// Active: the top frame iterates; the stop is blocked.
	Active
	// Completing: a completion signal popped the top frame; the stop goes on.
	Completing
	// Stuck: max iterations reached or the state is stale; the stop goes on.
	Stuck
	// Aborted: an ABORT event or corrupted state; the stop goes on.
	Aborted
)

var phaseNames = [...]string{"IDLE", "ACTIVE", "COMPLETING", "STUCK", "ABORTED"}

func (p Phase) String() string {
	if p >= 0 && int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", int(p))
}

// defaultStaleAfter is how long a loop may go without an update before the
// machine refuses to resume it.
const defaultStaleAfter = 2 * time.Hour

// ContinueText follows "[ITERATION N/MAX] " in every block reason.
const ContinueText = "Continue working on the task. Check your progress and either complete the task or keep iterating."

// maxReason bounds a block reason (Claude Code caps hook output strings at
// 10 000 characters).
const maxReason = 9000

// Machine is the loop state machine. It is pure: [Machine.Step] maps a
// stored record, the last assistant message and the time to a [Result];
// persisting the result is the caller's job (see [Loops]). The zero value
// is ready to use.
type Machine struct {
	// StaleAfter is the age beyond which a running loop is stale.
	// Zero means defaultStaleAfter.
	StaleAfter time.Duration
	// Remind appends the top frame's prompt to the block reason.
	Remind bool
}

// Verification is the outcome of a verification command run before a
// completion signal is accepted.
type Verification struct {
	// OK is true when the command exited 0 within its timeout.
	OK bool
	// Command is the command as shown to the agent.
	Command string
	// Status describes a failure: "exit status 1", "timed out after 30s".
	Status string
	// TimedOut is true when the command was stopped at its timeout; the
	// block reason then says the verification timed out.
	TimedOut bool
	// Output is the tail of the command's combined output.
	Output string
}

// Result is one step of the machine.
type Result struct {
	// Phase is the state the machine entered on this stop.
	Phase Phase
	// Block is true only when Phase is Active: the stop is blocked with Reason.
	Block  bool
	Reason string
	// Why explains the step for logs and traces.
	Why string
	// Warning is a message for the user (stale state, corrupt state).
	Warning string
	// Signal is the completion signal found, as "<name>VALUE</name>".
	Signal string
	// Next is the record to store; nil leaves the stored record unchanged.
	Next *State
}

func (m Machine) staleAfter() time.Duration {
	if m.StaleAfter > 0 {
		return m.StaleAfter
	}
	return defaultStaleAfter
}

// isStale reports whether s is older than the machine's staleness limit at
// now, or claims to be updated more than [maxClockSkew] after now: a
// record dated in the future (one a repository shipped, say) must not run
// for ever.
func (m Machine) isStale(s *State, now time.Time) bool {
	age := s.age(now)
	return age > m.staleAfter() || age < -maxClockSkew
}

// maxClockSkew is how far in the future a record's update time may lie
// before [Machine.Stale] reports it stale: a day, so that time stamps a
// script wrote in local time without a zone still count as fresh.
const maxClockSkew = 24 * time.Hour

// PhaseOf returns the phase a stop would find s in at now, before any
// signal is considered: Idle, Active, Stuck (stale or at max) or Aborted.
// A nil s is Idle.
func (m Machine) PhaseOf(s *State, now time.Time) Phase {
	switch {
	case s == nil:
		return Idle
	case s.Event == EventAbort && len(s.Stack) > 0:
		return Aborted
	case !s.Active():
		return Idle
	case m.isStale(s, now):
		return Stuck
	}
	return Active
}

// Step runs the machine on one stop. old is the stored record (nil when
// there is none), message the last assistant message, now the time of the
// stop. v is the outcome of the verification command when one is
// configured and a signal was seen (run it when Step with a nil v returns
// Completing), else nil.
//
// Transitions:
//   - no record, empty stack, DONE, or ABORT with an empty stack → Idle.
//   - corrupt record → Aborted; Next is an ABORT record saying why.
//   - a record with a newer schema → Idle, left alone.
//   - ABORT with frames → Aborted; Next clears the stack.
//   - STATE older than StaleAfter → Stuck; Next is DONE with reason STALE.
//   - completion signal of the top frame's mode (and v nil or OK) →
//     Completing; the frame is popped; Next is DONE when the stack is
//     empty, else STATE (the outer loop resumes at the next stop).
//   - iter >= max → Stuck; Next is DONE with reason MAX_ITERATIONS.
//   - otherwise → Active: iter+1 and Block with
//     "[ITERATION iter/max] Continue working on the task. …".
func (m Machine) Step(old []byte, message string, now time.Time, v *Verification) Result {
	if old == nil {
		return Result{Phase: Idle, Why: "no loop"}
	}
	s, err := Parse(old)
	if err != nil {
		if kindOf(err) == kindNewer {
			return Result{Phase: Idle, Why: "state written by a newer version; left alone", Warning: err.Error()}
		}
		next := &State{Schema: schemaVersion, Event: EventAbort, UpdatedAt: now, Reason: reasonCorrupt + ": " + err.Error()}
		return Result{Phase: Aborted, Why: "corrupt state: " + err.Error(), Warning: err.Error(), Next: next}
	}
	switch m.PhaseOf(s, now) {
	case Idle:
		return Result{Phase: Idle, Why: idleWhy(s)}
	case Aborted:
		next := *s
		next.Stack = nil
		next.UpdatedAt = now
		if next.Reason == "" {
			next.Reason = ReasonAborted
		}
		return Result{Phase: Aborted, Why: "abort event: " + next.Reason, Next: &next}
	case Stuck:
		w := fmt.Sprintf("loopstate: loop state is stale (updated %s ago, limit %s); not resuming", s.age(now).Round(time.Second), m.staleAfter())
		next := *s
		next.Event, next.Reason, next.UpdatedAt = EventDone, ReasonStale, now
		return Result{Phase: Stuck, Why: "stale state", Warning: w, Next: &next}
	}

	top, _ := s.Top()
	sig, found := top.Mode.Signal(message)
	if found && (v == nil || v.OK) {
		next := *s
		next.Stack = append([]Frame(nil), s.Stack[:len(s.Stack)-1]...)
		next.UpdatedAt = now
		why := fmt.Sprintf("completion signal %s at iteration %d/%d", sig, top.Iter, top.Max)
		if len(next.Stack) == 0 {
			next.Event = EventDone
			next.Reason = signalValue(sig)
		} else {
			why += fmt.Sprintf("; outer %s loop resumes at the next stop", next.Stack[len(next.Stack)-1].Mode)
		}
		return Result{Phase: Completing, Why: why, Signal: sig, Next: &next}
	}
	if top.Iter >= top.Max {
		next := *s
		next.Event, next.Reason, next.UpdatedAt = EventDone, ReasonMaxIterations, now
		return Result{Phase: Stuck, Why: fmt.Sprintf("max iterations reached (%d/%d)", top.Iter, top.Max), Next: &next}
	}

	next := *s
	next.Stack = append([]Frame(nil), s.Stack...)
	nt := &next.Stack[len(next.Stack)-1]
	nt.Iter++
	next.UpdatedAt = now
	reason := fmt.Sprintf("[ITERATION %d/%d] %s", nt.Iter, nt.Max, ContinueText)
	why := fmt.Sprintf("no completion signal; iteration %d/%d", nt.Iter, nt.Max)
	if found {
		reason = fmt.Sprintf("[ITERATION %d/%d] %s was not accepted: the verification command %s failed (%s).",
			nt.Iter, nt.Max, sig, v.Command, v.Status)
		if v.TimedOut {
			reason = fmt.Sprintf("[ITERATION %d/%d] %s was not accepted: verification timed out: the command %s did not finish (%s).",
				nt.Iter, nt.Max, sig, v.Command, v.Status)
		}
		if out := strings.TrimSpace(v.Output); out != "" {
			reason += "\nOutput (tail):\n" + tailString(out, maxReason/2)
		}
		reason += "\nFix the problem, then emit the signal again."
		why = fmt.Sprintf("signal %s rejected by verification (%s); iteration %d/%d", sig, v.Status, nt.Iter, nt.Max)
	}
	if m.Remind && nt.Prompt != "" {
		room := maxReason - len(reason) - len("\n\nTask: …")
		if room > 0 {
			reason += "\n\nTask: " + headString(nt.Prompt, room)
		}
	}
	return Result{Phase: Active, Block: true, Reason: reason, Why: why, Next: &next}
}

func idleWhy(s *State) string {
	switch {
	case s.Event == EventDone:
		return "loop finished: " + s.Reason
	case s.Event == EventAbort:
		return "loop aborted: " + s.Reason
	}
	return "empty stack"
}

func signalValue(sig string) string {
	i := strings.IndexByte(sig, '>')
	j := strings.LastIndexByte(sig, '<')
	if i < 0 || j <= i {
		return sig
	}
	return sig[i+1 : j]
}

// tailString returns at most n bytes from the end of s, cut at a line start when possible.
func tailString(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[len(s)-n:]
	if i := strings.IndexByte(s, '\n'); i >= 0 && i < len(s)-1 {
		s = s[i+1:]
	}
	return "…\n" + strings.ToValidUTF8(s, "")
}

func headString(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return textcut.Bytes(s, n) + "…"
}

// ErrNoLoop is returned by [Loops.Abort] when no loop is running.
var ErrNoLoop = errors.New("loopstate: no running loop")
