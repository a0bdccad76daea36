package triage

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/stophook/stophook/transcript"
)

// Transcripts written by the real Claude Code 2.1.330 in the e2e memory
// scenarios (STOPHOOK_E2E_CAPTURE), paths scrubbed.
func captured(t *testing.T, name string) []transcript.Message {
	t.Helper()
	msgs, err := transcript.Tail(filepath.Join("testdata", "captured", name+".jsonl"), 50)
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

func TestCapturedTranscripts(t *testing.T) {
	t.Parallel()
	s := mustScorer(t, Options{})

	// The turn as it stood at its first stop: everything before the hook's
	// feedback. It ran a tool, then recorded a decision and a TODO.
	saved := captured(t, "memory-saved")
	i := slices.IndexFunc(saved, func(m transcript.Message) bool { return m.IsMeta })
	if i < 0 {
		t.Fatal("memory-saved: no Stop hook feedback message")
	}
	first := currentTurn(saved[:i])
	if got := cats(s.score(first)); !slices.Equal(got, []string{"DECISION", "TECH_DEBT"}) {
		t.Errorf("memory-saved at its first stop: got %v, want [DECISION TECH_DEBT]", got)
	}
	if n := Activity.count(Activity{}, first).ToolUses; n != 1 {
		t.Errorf("memory-saved: got %d tool uses, want the one Bash call", n)
	}

	// The next turn of the same session (--resume) is plain; the earlier
	// decision is still in the transcript but not in the turn.
	next := captured(t, "memory-next-turn")
	if got := cats(s.score(next)); len(got) < 2 {
		t.Errorf("memory-next-turn, whole tail: got %v, want the first turn's findings (else the test proves nothing)", got)
	}
	if got := cats(s.score(currentTurn(next))); got != nil {
		t.Errorf("memory-next-turn, current turn: got %v, want nothing", got)
	}

	if got := cats(s.score(currentTurn(captured(t, "memory-plain")))); got != nil {
		t.Errorf("memory-plain: got %v, want nothing", got)
	}
}
