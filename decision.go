package stophook

import "fmt"

// Verdict is what a policy says about a stop.
type Verdict int

const (
	// Pass means no opinion: the next policy decides. When every policy
	// passes, the session stops.
	Pass Verdict = iota
	// Allow lets the session stop; no later policy runs.
	Allow
	// Block sends the agent back to work with Decision.Reason; no later
	// policy runs.
	Block
)

func (v Verdict) String() string {
	switch v {
	case Pass:
		return "pass"
	case Allow:
		return "allow"
	case Block:
		return "block"
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// Decision is the outcome of a policy or of a whole [Chain]. The zero value
// lets the session stop.
type Decision struct {
	Verdict Verdict
	// Reason is fed to the agent when Verdict is Block. A Block with an
	// empty Reason is treated as an error by [Chain] and lets the session stop.
	Reason string
	// SystemMessage is shown to the user, whatever the verdict.
	SystemMessage string
	// AdditionalContext is sent as hookSpecificOutput.additionalContext.
	// On Stop, Claude Code continues the turn with it as a system reminder.
	AdditionalContext string
	// Halt stops Claude Code entirely (continue:false) with StopReason
	// shown to the user.
	Halt       bool
	StopReason string

	// Why explains the decision for logs and -explain traces; it is never
	// sent to Claude Code.
	Why string
	// Policy names the policy that made the decision. Set by [Chain].
	Policy string
	// Trace lists what every policy that ran said. Set by [Chain].
	Trace []Step
}

// Step is one policy's contribution to a [Chain] evaluation.
type Step struct {
	Policy  string
	Verdict Verdict
	Why     string
	Err     error
}

func (s Step) String() string {
	if s.Err != nil {
		return fmt.Sprintf("%s: error: %v (treated as pass)", s.Policy, s.Err)
	}
	if s.Why == "" {
		return fmt.Sprintf("%s: %s", s.Policy, s.Verdict)
	}
	return fmt.Sprintf("%s: %s: %s", s.Policy, s.Verdict, s.Why)
}

// Blocks reports whether d sends the agent back to work.
func (d Decision) Blocks() bool { return d.Verdict == Block && d.Reason != "" }

// BlockWith returns a Block decision with the given reason.
func BlockWith(reason string) Decision { return Decision{Verdict: Block, Reason: reason, Why: "block"} }

// AllowStop returns an Allow decision; why is recorded for traces.
func AllowStop(why string) Decision { return Decision{Verdict: Allow, Why: why} }

// PassOn returns a Pass decision (no opinion); why is recorded for traces.
func PassOn(why string) Decision { return Decision{Verdict: Pass, Why: why} }
