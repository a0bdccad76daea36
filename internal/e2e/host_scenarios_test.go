package e2e

import (
	"context"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/loopstate"
	"github.com/stophook/stophook/policy"
)

// The examples, unchanged, as the turn-end hook of each agent other than
// Claude Code, against its real client: the same binary and the same
// decisions on every host.

// assertTurnEnds checks the turn-end hook's calls: blocks of them blocked
// the stop, then one let it through, and the model saw one request per
// call.
func assertTurnEnds(t *testing.T, e *HostEnv, r *HostResult, log string, blocks int) []HookCall {
	t.Helper()
	calls := e.HookCalls(log)
	conv := e.Model.Conversation()
	if len(calls) != blocks+1 || len(conv) != blocks+1 {
		e.Dump(r)
		t.Fatalf("%d turn-end calls and %d model requests, want %d and %d", len(calls), len(conv), blocks+1, blocks+1)
	}
	for i, c := range calls {
		if !c.Done || c.Exit != 0 && c.Exit != 2 {
			t.Errorf("call %d: done %v, exit %d, stderr %q", i+1, c.Done, c.Exit, c.Stderr)
		}
		if c.Blocked() != (i < blocks) {
			e.Dump(r)
			t.Fatalf("call %d: blocked %v, want %v; stdout %q", i+1, c.Blocked(), i < blocks, c.Stdout)
		}
	}
	return calls
}

// Quickstart retries an error reply once: the retry reason reaches the
// model as the next user turn, and the following non-error reply stops.
func TestHostQuickstart(t *testing.T) {
	t.Parallel()
	for _, c := range hostCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := c.env(t)
			e.AddRecorded("stop", e.TurnEnd(), Quote(BuildHook(t, "./examples/quickstart")))
			e.Model.Enqueue(errorReply, fixedReply)
			r := e.RunOK("build the project")
			assertTurnEnds(t, e, r, "stop", 1)
			if n := e.Model.CountSaw(policy.DefaultRetryReason); n != 1 {
				t.Errorf("the retry reason reached the model %d times, want 1", n)
			}
			if got := e.Model.Conversation()[1].LastUserText(); !strings.Contains(got, policy.DefaultRetryReason) {
				t.Errorf("second request's last user text %q, want the retry reason", got)
			}
		})
	}
}

// A loop started in the project iterates on the real client until the
// model writes the completion signal on its own line.
func TestHostLoop(t *testing.T) {
	t.Parallel()
	for _, c := range hostCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := c.env(t)
			bin := BuildHook(t, "./examples/loop")
			cmd := exec.Command(bin, "start", "-shared", "-max", "5", "make the tests pass")
			cmd.Dir, cmd.Env = e.Dir, e.Environ()
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("loop start: %v\n%s", err, out)
			}
			e.AddRecorded("loop", e.TurnEnd(), Quote(bin)+" -explain")
			final := "All tests pass.\n\n<loop-done>COMPLETE</loop-done>"
			e.Model.Enqueue("Iteration 1: fixed the first failing test.", "Iteration 2: not done yet.", final)
			r := e.RunOK("make the tests pass")
			calls := assertTurnEnds(t, e, r, "loop", 2)
			for i, want := range []string{iteration(2, 5), iteration(3, 5)} {
				if got := e.Model.Conversation()[i+1].LastUserText(); !strings.Contains(got, want) {
					t.Errorf("request %d: last user text %q, want %q", i+2, got, want)
				}
			}
			if !strings.Contains(calls[2].Stderr, "COMPLETING") {
				t.Errorf("last stop's trace %q, want COMPLETING", calls[2].Stderr)
			}
			s := loopRecordKey(t, e.Env, loopstate.SharedKeyFor(e.Dir))
			if s.Event != loopstate.EventDone || s.Reason != "COMPLETE" || len(s.Stack) != 0 {
				t.Errorf("final loop state: %+v, want DONE COMPLETE with an empty stack", s)
			}
		})
	}
}

// A policy that blocks every stop is ended by the library's per-turn
// budget: budget blocks, then the stop goes through, on every host (on
// Codex, Gemini CLI and droid nothing else would end it).
func TestHostTurnBudget(t *testing.T) {
	t.Parallel()
	const budget = 3
	const reason = "Keep going: the task is not finished."
	for _, c := range hostCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := c.env(t)
			e.Setenv("STOPHOOK_MAX_TURN_BLOCKS", strconv.Itoa(budget))
			e.AddRecorded("stop", e.TurnEnd(), CommandLine(BuildHook(t, "./internal/e2e/testdata/hooks/alwaysblock"), "-reason", reason))
			e.Model.Always("still working")
			r := e.RunOK("work on the task")
			calls := assertTurnEnds(t, e, r, "stop", budget)
			if n := e.Model.CountSaw(reason); n != budget {
				t.Errorf("the reason reached the model %d times, want %d", n, budget)
			}
			if last := calls[budget]; !strings.Contains(last.Stderr, fmt.Sprintf("budget of %d", budget)) {
				t.Logf("last call's stderr %q does not name the budget", last.Stderr)
			}
		})
	}
}

// Memory triage blocks a turn that recorded a decision and a TODO with the
// list of memories to save; the model's next reply stops.
func TestHostMemoryTriage(t *testing.T) {
	t.Parallel()
	for _, c := range hostCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := c.env(t)
			e.AddRecorded("memory", e.TurnEnd(), Quote(BuildHook(t, "./examples/memory-triage")))
			e.Model.Enqueue(memoryReply, savedReply)
			r := e.RunOK("persist the job queue")
			assertTurnEnds(t, e, r, "memory", 1)
			if got := e.Model.Conversation()[1].LastUserText(); !strings.Contains(got, memoryReason) {
				t.Errorf("second request's last user text %q, want the memory list %q", got, memoryReason)
			}
		})
	}
}

// loopRecordKey returns the loop state stored under key in e's state dir.
func loopRecordKey(t *testing.T, e *Env, key string) *loopstate.State {
	t.Helper()
	s, err := (&loopstate.Loops{Store: stophook.NewFileStore(e.StateDir)}).Get(context.Background(), key)
	if err != nil {
		t.Fatalf("loop state: %v", err)
	}
	return s
}

// The budget holds when the same hook is also registered for the
// lifecycle events, as an install for every event does: Gemini CLI, Qwen
// Code and Copilot CLI fire their prompt-submit event again for each
// continuation, with the block reason as the prompt, and that must not
// start a new turn.
func TestHostTurnBudgetLifecycle(t *testing.T) {
	t.Parallel()
	const budget = 3
	const reason = "Keep going: the task is not finished."
	for _, c := range hostCases {
		if c.client.Name == Droid.Name {
			continue // droid exec fires no prompt-submit hook
		}
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := c.env(t)
			e.Setenv("STOPHOOK_MAX_TURN_BLOCKS", strconv.Itoa(budget))
			hook := CommandLine(BuildHook(t, "./internal/e2e/testdata/hooks/alwaysblock"), "-reason", reason)
			e.AddRecorded("stop", e.TurnEnd(), hook)
			start, prompt, end := e.Lifecycle()
			for _, ev := range []string{start, prompt, end} {
				if ev != "" {
					e.AddRecorded("lifecycle", ev, hook)
				}
			}
			e.Model.Always("still working")
			r := e.RunOK("work on the task")
			assertTurnEnds(t, e, r, "stop", budget)
			if n := e.Model.CountSaw(reason); n != budget {
				t.Errorf("the reason reached the model %d times, want %d", n, budget)
			}
		})
	}
}

// Autopilot, registered as its doc says (turn end and session end),
// answers a permission question with its reply, and lets the finished
// turn stop.
func TestHostAutopilot(t *testing.T) {
	t.Parallel()
	const (
		question = "I have drafted the plan in `docs/plan.md`:\n\n1. Add the `retry` column\n2. Backfill it\n3. Switch the reader\n\nShall I proceed with step 1?"
		done     = "Done: the `retry` column is added and backfilled, and all 42 tests pass."
		reply    = "Yes, go ahead."
	)
	for _, c := range hostCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := c.env(t)
			bin := Quote(BuildHook(t, "./examples/autopilot"))
			e.AddRecorded("autopilot", e.TurnEnd(), bin)
			if _, _, end := e.Lifecycle(); end != "" {
				e.AddRecorded("session-end", end, bin)
			}
			e.Model.Enqueue(question, done)
			r := e.RunOK("add a retry column")
			assertTurnEnds(t, e, r, "autopilot", 1)
			if got := e.Model.Conversation()[1].LastUserText(); !strings.Contains(got, reply) {
				t.Errorf("second request's last user text %q, want the reply %q", got, reply)
			}
		})
	}
}

// A policy that halts the agent ends the turn on every host: no
// continuation follows (Qwen Code reads a bare continue:false as a block,
// so the host's encoding matters).
func TestHostHalt(t *testing.T) {
	t.Parallel()
	const stop = "Halted by policy: out of budget."
	for _, c := range hostCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := c.env(t)
			e.AddRecorded("stop", e.TurnEnd(), CommandLine(BuildHook(t, "./internal/e2e/testdata/hooks/alwaysblock"), "-halt", stop))
			e.Model.Always("all done")
			r := e.RunOK("finish the task")
			assertTurnEnds(t, e, r, "stop", 0)
			if e.Model.Saw(stop) {
				t.Errorf("the stop reason %q reached the model", stop)
			}
		})
	}
}
