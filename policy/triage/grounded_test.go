package triage

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stophook/stophook/llm"
	"github.com/stophook/stophook/transcript"
)

// TestScoreGrounded checks that, with Options.Grounded, a limit, a lesson
// or a convention the agent's prose states alone sends nothing back, while the same reply in a
// turn that the user's words or the turn's structure ground is listed in
// full; and that the agent's own decisions and debts, and categories of
// the user's own, ground a turn by themselves.
func TestScoreGrounded(t *testing.T) {
	t.Parallel()
	s := mustScorer(t, Options{Grounded: true})
	const limit = "Done. Note that the registry only allows one trusted publisher per package, so CI cannot publish from forks."
	call := transcript.Message{Role: "assistant", ToolUses: []transcript.ToolUse{{ID: "t1", Name: "Bash"}}}
	failed := transcript.Message{Role: "user", ToolResults: []transcript.ToolResult{{ToolUseID: "t1", Text: "Exit code 1", IsError: true}}}
	tests := []struct {
		name       string
		msgs       []transcript.Message
		want       []string // categories sent back
		ungrounded bool     // the findings are kept aside, for the LLM
	}{
		{"the agent's limit alone", []transcript.Message{user("set up publishing"), assistant(limit)}, nil, true},
		{"the agent's lesson alone", []transcript.Message{user("fix the build"), call, failed, assistant("The build failed because the generated code was stale; the fix is to run go generate first.")}, nil, true},
		{"the agent's convention alone", []transcript.Message{user("add the handler"), assistant("Done. The handler follows the existing error-wrapping convention of the package.")}, nil, true},
		{"a lead-in alone", []transcript.Message{user("add the skeleton"), assistant("Done.\n\nKey design decisions:\n- a pulsing opacity animation for the skeleton")}, nil, true},
		{"the user's preference grounds it", []transcript.Message{user("set up publishing. Always use conventional commits in this repo."), assistant(limit)}, []string{"CONSTRAINT", "PREFERENCE"}, false},
		{"a proposal agreed grounds it", []transcript.Message{user("we don't need backward compatibility for the old layout"), assistant("Agreed. " + limit)}, []string{"DECISION", "CONSTRAINT"}, false},
		{"the agent's decision", []transcript.Message{user("persist the queue"), assistant("I went with SQLite instead of Redis because the service ships as a single binary.")}, []string{"DECISION"}, false},
		{"the agent's debt", []transcript.Message{user("persist the queue"), assistant("Done.\n\nTODO: add a retention limit before launch.")}, []string{"TECH_DEBT"}, false},
		{"a compaction summary is not the user's words", []transcript.Message{user("This session is being continued from a previous conversation that ran out of context. Summary: Always use conventional commits in this repo."), assistant(limit)}, nil, true},
		{"a plan handed back is not the user's words", []transcript.Message{user("Implement the following plan:\n\n# Publishing\n\nAlways use conventional commits in this repo."), assistant(limit)}, nil, true},
	}
	for _, tc := range tests {
		res := s.score(tc.msgs)
		if got := cats(res); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v (findings %+v, ungrounded %+v)", tc.name, got, tc.want, res.Findings, res.Ungrounded)
		}
		if (len(res.Ungrounded) > 0) != tc.ungrounded {
			t.Errorf("%s: ungrounded %+v, want some: %v", tc.name, res.Ungrounded, tc.ungrounded)
		}
	}
	// The default reading: the agent's prose alone sends the turn back.
	if got := cats(mustScorer(t, Options{}).score(tests[0].msgs)); !slices.Equal(got, []string{"CONSTRAINT"}) {
		t.Errorf("default: got %v, want [CONSTRAINT]", got)
	}
	// A category of the user's own grounds itself.
	own := mustScorer(t, Options{Grounded: true, Rules: append(DefaultRules(), Rule{Category: "SECURITY", Cues: []Cue{{Pattern: `never log tokens`, Weight: 1}}})})
	if got := cats(own.score([]transcript.Message{user("add logging"), assistant("Done. Never log tokens, even at debug level.")})); !slices.Equal(got, []string{"SECURITY"}) {
		t.Errorf("a category of the user's own: got %v, want [SECURITY]", got)
	}
}

// TestMemoryTriageUngrounded checks the policy with "grounded": an
// ungrounded turn stops; in hybrid mode with an LLM the ungrounded
// findings are put to it and its answer decides; by default the turn is
// sent back.
func TestMemoryTriageUngrounded(t *testing.T) {
	t.Parallel()
	const reply = "Done. Note that the registry only allows one trusted publisher per package, so CI cannot publish from forks."
	in := stop(t, reply)
	grounded := &Config{Grounded: true}
	if d := evaluate(t, &MemoryTriage{Config: grounded}, in); d.Blocks() {
		t.Errorf("grounded: got block %q, want pass", d.Reason)
	}
	var prompts []string
	model := llm.Func(func(_ context.Context, _, prompt string) (string, error) {
		prompts = append(prompts, prompt)
		return `{"memories":[{"category":"CONSTRAINT","text":"npm: one trusted publisher per package"}]}`, nil
	})
	d := evaluate(t, &MemoryTriage{Config: grounded, Model: model}, in)
	if !d.Blocks() || !strings.Contains(d.Reason, "- [CONSTRAINT] npm: one trusted publisher per package") {
		t.Errorf("hybrid with a model: got %+v, want the model's list", d)
	}
	if len(prompts) != 1 || !strings.Contains(prompts[0], "rest on the agent's own report alone") || !strings.Contains(prompts[0], "- [CONSTRAINT] Note that the registry") {
		t.Errorf("the model's prompt does not put the ungrounded finding: %q", prompts)
	}
	heuristic := stop(t, reply)
	writeConfig(t, heuristic.CWD, `{"triage":{"mode":"heuristic","grounded":true}}`)
	if d := evaluate(t, &MemoryTriage{Model: model}, heuristic); d.Blocks() || len(prompts) != 1 {
		t.Errorf("heuristic mode: got %+v after %d prompts, want pass without asking", d, len(prompts))
	}
	old := stop(t, reply)
	if d := evaluate(t, &MemoryTriage{}, old); !d.Blocks() || !strings.Contains(d.Reason, "- [CONSTRAINT] Note that the registry") {
		t.Errorf("default: got %+v, want block", d)
	}
}
