package loopstate

import (
	"slices"
	"strings"
	"testing"
	"time"
)

const continueAt = "[ITERATION %d/%d] " + ContinueText

func record(t *testing.T, event string, updated time.Time, frames ...Frame) []byte {
	t.Helper()
	b, err := (&State{Schema: schemaVersion, Event: event, RunID: "run", UpdatedAt: updated, Stack: frames}).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func fr(mode Mode, iter, max int) Frame {
	return Frame{Mode: mode, Iter: iter, Max: max, Prompt: "task " + string(mode), StartedAt: t0.Add(-time.Hour)}
}

func TestMachineTransitions(t *testing.T) {
	t.Parallel()
	fresh := t0.Add(-10 * time.Minute)
	tests := []struct {
		name    string
		old     []byte
		msg     string
		v       *Verification
		phase   Phase
		reason  string // exact block reason; "" = no block
		event   string // Next.Event; "" = no Next
		stack   []int  // Next stack iterations, top last
		nreason string // Next.Reason prefix
	}{
		{name: "no record is idle", old: nil, phase: Idle},
		{name: "empty stack is idle", old: record(t, EventState, fresh), phase: Idle},
		{name: "done is idle", old: record(t, EventDone, fresh, fr(ModeLoop, 2, 5)), msg: "x", phase: Idle},
		{name: "abort with empty stack is idle", old: record(t, EventAbort, fresh), phase: Idle},
		{name: "no signal iterates", old: record(t, EventState, fresh, fr(ModeLoop, 1, 5)), msg: "working on it",
			phase: Active, reason: "[ITERATION 2/5] " + ContinueText, event: EventState, stack: []int{2}},
		{name: "iteration max-1 iterates to max", old: record(t, EventState, fresh, fr(ModeLoop, 4, 5)), msg: "more",
			phase: Active, reason: "[ITERATION 5/5] " + ContinueText, event: EventState, stack: []int{5}},
		{name: "iter at max is stuck", old: record(t, EventState, fresh, fr(ModeLoop, 5, 5)), msg: "more",
			phase: Stuck, event: EventDone, stack: []int{5}, nreason: ReasonMaxIterations},
		{name: "iter above max is stuck", old: record(t, EventState, fresh, fr(ModeLoop, 9, 5)), msg: "more",
			phase: Stuck, event: EventDone, stack: []int{9}, nreason: ReasonMaxIterations},
		{name: "max 1 is stuck at once", old: record(t, EventState, fresh, fr(ModeLoop, 1, 1)),
			phase: Stuck, event: EventDone, stack: []int{1}, nreason: ReasonMaxIterations},
		{name: "signal completes", old: record(t, EventState, fresh, fr(ModeLoop, 2, 5)), msg: "All done.\n<loop-done>COMPLETE</loop-done>",
			phase: Completing, event: EventDone, stack: []int{}, nreason: "COMPLETE"},
		{name: "signal at max completes", old: record(t, EventState, fresh, fr(ModeLoop, 5, 5)), msg: "<loop-done>STUCK</loop-done>",
			phase: Completing, event: EventDone, stack: []int{}, nreason: "STUCK"},
		{name: "nested signal pops to outer", old: record(t, EventState, fresh, fr(ModeGrind, 3, 20), fr(ModeIssue, 2, 5)),
			msg: "<issue-complete>DONE</issue-complete>", phase: Completing, event: EventState, stack: []int{3}},
		{name: "outer resumes after pop", old: record(t, EventState, fresh, fr(ModeGrind, 3, 20)), msg: "next issue",
			phase: Active, reason: "[ITERATION 4/20] " + ContinueText, event: EventState, stack: []int{4}},
		{name: "nested inner at max ends the run", old: record(t, EventState, fresh, fr(ModeGrind, 3, 20), fr(ModeLoop, 4, 4)),
			msg: "x", phase: Stuck, event: EventDone, stack: []int{3, 4}, nreason: ReasonMaxIterations},
		{name: "outer signal does not end inner", old: record(t, EventState, fresh, fr(ModeGrind, 3, 20), fr(ModeLoop, 1, 4)),
			msg: "<grind-done>NO_MORE_ISSUES</grind-done>", phase: Active, reason: "[ITERATION 2/4] " + ContinueText,
			event: EventState, stack: []int{3, 2}},
		{name: "stale is stuck", old: record(t, EventState, t0.Add(-2*time.Hour-time.Second), fr(ModeLoop, 1, 5)), msg: "x",
			phase: Stuck, event: EventDone, stack: []int{1}, nreason: ReasonStale},
		{name: "stale wins over signal", old: record(t, EventState, t0.Add(-3*time.Hour), fr(ModeLoop, 1, 5)),
			msg: "<loop-done>COMPLETE</loop-done>", phase: Stuck, event: EventDone, stack: []int{1}, nreason: ReasonStale},
		{name: "exactly 2h is fresh", old: record(t, EventState, t0.Add(-2*time.Hour), fr(ModeLoop, 1, 5)), msg: "x",
			phase: Active, reason: "[ITERATION 2/5] " + ContinueText, event: EventState, stack: []int{2}},
		{name: "future updated_at is fresh", old: record(t, EventState, t0.Add(time.Hour), fr(ModeLoop, 1, 5)), msg: "x",
			phase: Active, reason: "[ITERATION 2/5] " + ContinueText, event: EventState, stack: []int{2}},
		{name: "abort event aborts", old: record(t, EventAbort, fresh, fr(ModeLoop, 1, 5)), msg: "x",
			phase: Aborted, event: EventAbort, stack: []int{}, nreason: ReasonAborted},
		{name: "malformed aborts", old: []byte(`{"schema":1,`), phase: Aborted, event: EventAbort, stack: []int{}, nreason: reasonCorrupt},
		{name: "missing schema aborts", old: []byte(`{"event":"STATE","updated_at":"2026-01-02T10:00:00Z","stack":[{"iter":1,"max":3}]}`),
			phase: Aborted, event: EventAbort, stack: []int{}, nreason: reasonCorrupt},
		{name: "non-numeric iteration aborts", old: []byte(`{"schema":1,"event":"STATE","updated_at":"2026-01-02T10:00:00Z","stack":[{"iter":"x","max":3}]}`),
			phase: Aborted, event: EventAbort, stack: []int{}, nreason: reasonCorrupt},
		{name: "newer schema is left alone", old: []byte(`{"schema":9,"event":"STATE"}`), phase: Idle},
		{name: "verified signal completes", old: record(t, EventState, fresh, fr(ModeLoop, 2, 5)), msg: "<loop-done>COMPLETE</loop-done>",
			v: &Verification{OK: true, Command: "`true`"}, phase: Completing, event: EventDone, stack: []int{}, nreason: "COMPLETE"},
		{name: "rejected signal iterates", old: record(t, EventState, fresh, fr(ModeLoop, 2, 5)), msg: "<loop-done>COMPLETE</loop-done>",
			v:     &Verification{Command: "`go test ./...`", Status: "exit status 1", Output: "--- FAIL: TestX\nFAIL"},
			phase: Active, reason: "[ITERATION 3/5] <loop-done>COMPLETE</loop-done> was not accepted: the verification command `go test ./...` failed (exit status 1).\n" +
				"Output (tail):\n--- FAIL: TestX\nFAIL\nFix the problem, then emit the signal again.",
			event: EventState, stack: []int{3}},
		{name: "rejected signal at max is stuck", old: record(t, EventState, fresh, fr(ModeLoop, 5, 5)), msg: "<loop-done>COMPLETE</loop-done>",
			v: &Verification{Command: "`false`", Status: "exit status 1"}, phase: Stuck, event: EventDone, stack: []int{5}, nreason: ReasonMaxIterations},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := Machine{}.Step(tt.old, tt.msg, t0, tt.v)
			if res.Phase != tt.phase {
				t.Fatalf("got phase %s (%s), want %s", res.Phase, res.Why, tt.phase)
			}
			if res.Block != (tt.reason != "") || res.Reason != tt.reason {
				t.Errorf("got block=%v reason %q, want %q", res.Block, res.Reason, tt.reason)
			}
			if res.Block != (res.Phase == Active) {
				t.Errorf("invariant: block=%v in phase %s; only ACTIVE blocks", res.Block, res.Phase)
			}
			if tt.event == "" {
				if res.Next != nil {
					t.Errorf("got Next %+v, want the record left alone", res.Next)
				}
				return
			}
			if res.Next == nil {
				t.Fatalf("got no Next, want event %s", tt.event)
			}
			n := res.Next
			if n.Event != tt.event || !n.UpdatedAt.Equal(t0) || n.Schema != schemaVersion {
				t.Errorf("got Next event %s updated %v schema %d, want %s at %v, schema %d", n.Event, n.UpdatedAt, n.Schema, tt.event, t0, schemaVersion)
			}
			var iters []int
			for _, f := range n.Stack {
				iters = append(iters, f.Iter)
			}
			if !slices.Equal(iters, tt.stack) && !(len(iters) == 0 && len(tt.stack) == 0) {
				t.Errorf("got Next stack iterations %v, want %v", iters, tt.stack)
			}
			if !strings.HasPrefix(n.Reason, tt.nreason) {
				t.Errorf("got Next reason %q, want prefix %q", n.Reason, tt.nreason)
			}
			// Every Next must be a valid record.
			b, err := n.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Parse(b); err != nil {
				t.Errorf("Next does not parse: %v", err)
			}
		})
	}
}

func TestMachineStepDoesNotMutateInput(t *testing.T) {
	t.Parallel()
	old := record(t, EventState, t0, fr(ModeGrind, 1, 9), fr(ModeLoop, 1, 9))
	cp := append([]byte(nil), old...)
	Machine{}.Step(old, "<loop-done>COMPLETE</loop-done>", t0, nil)
	Machine{}.Step(old, "x", t0, nil)
	if string(old) != string(cp) {
		t.Error("Step changed its input")
	}
}

func TestMachineStaleness(t *testing.T) {
	t.Parallel()
	updated := t0
	for _, tt := range []struct {
		m     Machine
		age   time.Duration
		phase Phase
	}{
		{Machine{}, 0, Active},
		{Machine{}, 119 * time.Minute, Active},
		{Machine{}, 2 * time.Hour, Active},
		{Machine{}, 2*time.Hour + time.Nanosecond, Stuck},
		{Machine{}, 48 * time.Hour, Stuck},
		{Machine{StaleAfter: time.Minute}, 61 * time.Second, Stuck},
		{Machine{StaleAfter: time.Minute}, 59 * time.Second, Active},
	} {
		for _, ts := range []string{"2026-01-02T10:30:00Z", "2026-01-02T10:30:00+00:00"} {
			old := []byte(`{"schema":1,"event":"STATE","updated_at":"` + ts + `","stack":[{"mode":"loop","iter":1,"max":3}]}`)
			res := tt.m.Step(old, "x", updated.Add(tt.age), nil)
			if res.Phase != tt.phase {
				t.Errorf("StaleAfter %v, age %v, %s: got %s, want %s", tt.m.StaleAfter, tt.age, ts, res.Phase, tt.phase)
			}
			if tt.phase == Stuck && !strings.Contains(res.Warning, "stale") {
				t.Errorf("stale step warning %q, want one saying stale", res.Warning)
			}
		}
	}
}

func TestMachineModeSignals(t *testing.T) {
	t.Parallel()
	tests := []struct {
		mode Mode
		msg  string
		want bool
	}{
		{ModeLoop, "<loop-done>COMPLETE</loop-done>", true},
		{ModeLoop, "<loop-done>MAX_ITERATIONS</loop-done>", true},
		{ModeLoop, "<loop-done>STUCK</loop-done>", true},
		{ModeLoop, "<loop-done>DONE</loop-done>", false},
		{ModeLoop, "<issue-complete>DONE</issue-complete>", false},
		{ModeLoop, "<grind-done>NO_MORE_ISSUES</grind-done>", false},
		{ModeIssue, "<loop-done>COMPLETE</loop-done>", true},
		{ModeIssue, "<loop-done>MAX_ITERATIONS</loop-done>", true},
		{ModeIssue, "<loop-done>STUCK</loop-done>", true},
		{ModeIssue, "<issue-complete>DONE</issue-complete>", true},
		{ModeIssue, "<issue-complete>COMPLETE</issue-complete>", false},
		{ModeIssue, "<grind-done>MAX_ISSUES</grind-done>", false},
		{ModeGrind, "<grind-done>NO_MORE_ISSUES</grind-done>", true},
		{ModeGrind, "<grind-done>MAX_ISSUES</grind-done>", true},
		{ModeGrind, "<loop-done>COMPLETE</loop-done>", false},
		{ModeGrind, "<issue-complete>DONE</issue-complete>", false},
	}
	for _, tt := range tests {
		t.Run(string(tt.mode)+" "+tt.msg, func(t *testing.T) {
			t.Parallel()
			old := record(t, EventState, t0, fr(tt.mode, 1, 3))
			res := Machine{}.Step(old, "Summary of the work.\n\n"+tt.msg+"\n", t0, nil)
			if got := res.Phase == Completing; got != tt.want {
				t.Errorf("got %s, want completing=%v", res.Phase, tt.want)
			}
		})
	}
}

func TestMachineIgnoresSignalsInCode(t *testing.T) {
	t.Parallel()
	sig := "<loop-done>COMPLETE</loop-done>"
	tests := []struct {
		name string
		msg  string
		want Phase
	}{
		{"own line", "Done.\n" + sig, Completing},
		{"own line indented by 2", "Done.\n  " + sig, Completing},
		{"backtick fence", "To finish, print:\n```\n" + sig + "\n```\nNot yet.", Active},
		{"backtick fence with info", "```text\n" + sig + "\n```", Active},
		{"tilde fence", "~~~\n" + sig + "\n~~~", Active},
		{"unclosed fence", "```\n" + sig, Active},
		{"indented code", "Example:\n\n    " + sig + "\n\nNot yet.", Active},
		{"inline code", "Emit `" + sig + "` when done.", Active},
		{"inline code alone on its line", "When done:\n`" + sig + "`", Active},
		{"mid sentence", "I will write " + sig + " later.", Active},
		{"fence then real signal", "```\n" + sig + "\n```\nAll tests pass.\n\n" + sig, Completing},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			old := record(t, EventState, t0, fr(ModeLoop, 1, 3))
			if got := (Machine{}).Step(old, tt.msg, t0, nil).Phase; got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestMachineRemind(t *testing.T) {
	t.Parallel()
	old := record(t, EventState, t0, Frame{Mode: ModeLoop, Iter: 1, Max: 3, Prompt: "make the tests pass"})
	res := Machine{Remind: true}.Step(old, "x", t0, nil)
	want := "[ITERATION 2/3] " + ContinueText + "\n\nTask: make the tests pass"
	if res.Reason != want {
		t.Errorf("got %q, want %q", res.Reason, want)
	}
	long := record(t, EventState, t0, Frame{Mode: ModeLoop, Iter: 1, Max: 3, Prompt: strings.Repeat("é", maxPromptLen/2)})
	res = Machine{Remind: true}.Step(long, "x", t0, nil)
	if len(res.Reason) > maxReason || !strings.HasPrefix(res.Reason, "[ITERATION 2/3] "+ContinueText) {
		t.Errorf("got reason of %d bytes starting %q, want at most %d starting with the iteration text", len(res.Reason), res.Reason[:40], maxReason)
	}
	if !strings.HasSuffix(res.Reason, "…") || !utf8Valid(res.Reason) {
		t.Error("long prompt not cut cleanly")
	}
	res = Machine{}.Step(old, "x", t0, nil)
	if res.Reason != "[ITERATION 2/3] "+ContinueText {
		t.Errorf("without Remind got %q", res.Reason)
	}
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

func TestPhaseString(t *testing.T) {
	t.Parallel()
	for p, want := range map[Phase]string{Idle: "IDLE", Active: "ACTIVE", Completing: "COMPLETING", Stuck: "STUCK", Aborted: "ABORTED", 9: "Phase(9)"} {
		if p.String() != want {
			t.Errorf("got %q, want %q", p.String(), want)
		}
	}
}

// TestMachineFutureRecordIsStale: a record dated in the future, as a
// repository could ship one under .claude/stophook, never went stale.
func TestMachineFutureRecordIsStale(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	var m Machine
	for _, tt := range []struct {
		updated time.Time
		stale   bool
	}{
		{now.Add(-time.Minute), false},
		{now.Add(time.Hour), false}, // clock skew, local time read as UTC
		{now.Add(25 * time.Hour), true},
		{now.Add(100 * 365 * 24 * time.Hour), true},
		{now.Add(-3 * time.Hour), true},
	} {
		if got := m.isStale(&State{UpdatedAt: tt.updated}, now); got != tt.stale {
			t.Errorf("Stale(updated %s) = %v, want %v", tt.updated.Sub(now), got, tt.stale)
		}
	}
}
