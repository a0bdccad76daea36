package triage

import (
	"slices"
	"testing"

	"github.com/stophook/stophook/transcript"
)

// TestScoreConstraintNeedsCorroboration checks that a limit read from
// generic cues alone in the agent's prose ("restricted", a platform's
// name) sends the agent back only with a second piece of evidence: a
// failure in the turn, a prompt that asks, a marker cue, a statement that
// something lacks a capability, a strong score, or another finding.
func TestScoreConstraintNeedsCorroboration(t *testing.T) {
	t.Parallel()
	s := cueScorer(t)
	weak := "The gate now runs under Node 24 outside the localhost-restricted sandbox."
	failed := transcript.Message{Role: "user", ToolResults: []transcript.ToolResult{{Text: "npm ERR! listen EPERM 127.0.0.1", IsError: true}}}
	cases := []struct {
		name string
		msgs []transcript.Message
		want bool
	}{
		{"alone", []transcript.Message{user("Run the full gate."), assistant(weak)}, false},
		{"after a failure", []transcript.Message{user("Run the full gate."), failed, assistant(weak)}, true},
		{"answering a question", []transcript.Message{user("Where does the gate run now?"), assistant(weak)}, true},
		{"with a marker", []transcript.Message{user("Run the full gate."), assistant("Worth noting: the gate only runs under Node 24.")}, true},
		{"a capability it lacks", []transcript.Message{user("Make the email column NOT NULL."), assistant("SQLite does not support ALTER COLUMN, so the migration rebuilds the table.")}, true},
		{"a recommendation", []transcript.Message{user("Handle the resource parameter."), assistant("If present, either reject it as unsupported for now, or only accept values with a real meaning.")}, false},
		{"with another finding", []transcript.Message{user("Run the full gate."), assistant(weak + "\n\nWe decided to go with Vitest instead of Jest because it is faster.")}, true},
	}
	for _, c := range cases {
		res := s.score(c.msgs)
		if !c.want && res.Best[catConstraint]+epsilon < s.threshold {
			t.Errorf("%s: scores %.2f, below the threshold: the case tests nothing", c.name, res.Best[catConstraint])
		}
		got := slices.Contains(cats(res), catConstraint)
		if got != c.want {
			t.Errorf("%s: CONSTRAINT found %v, want %v (%v)", c.name, got, c.want, res.Findings)
		}
	}
}

// TestScoreRunbookNeedsCorroboration checks the same for a cause and its
// fix read from generic cues: it stands after a failure in the turn (a
// Codex command that exited non-zero counts), or when the prompt asks,
// even without a question mark; a request worded as a question does not
// ask.
func TestScoreRunbookNeedsCorroboration(t *testing.T) {
	t.Parallel()
	s := cueScorer(t)
	weak := "It failed before token issuance because the policy denied the repository."
	codex := transcript.Message{Role: "user", ToolResults: []transcript.ToolResult{{Text: "Chunk ID: 1\nProcess exited with code 1\nOutput:\nfatal: bad revision"}}}
	ok := transcript.Message{Role: "user", ToolResults: []transcript.ToolResult{{Text: "Chunk ID: 1\nProcess exited with code 0\nOutput:\n"}}}
	cases := []struct {
		name string
		msgs []transcript.Message
		want bool
	}{
		{"alone", []transcript.Message{user("Look at the phase folders."), ok, assistant(weak)}, false},
		{"after a Codex failure", []transcript.Message{user("Look at the phase folders."), codex, assistant(weak)}, true},
		{"a prompt that asks without a mark", []transcript.Message{user("also can we find out where the phase folders went"), assistant(weak)}, true},
		{"a request worded as a question", []transcript.Message{user("Can you look at the phase folders"), assistant(weak)}, false},
	}
	for _, c := range cases {
		res := s.score(c.msgs)
		if !c.want && res.Best[catRunbook]+epsilon < s.threshold {
			t.Errorf("%s: scores %.2f, below the threshold: the case tests nothing", c.name, res.Best[catRunbook])
		}
		if got := slices.Contains(cats(res), catRunbook); got != c.want {
			t.Errorf("%s: RUNBOOK found %v, want %v (%v)", c.name, got, c.want, res.Findings)
		}
	}
}
