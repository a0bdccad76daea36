package escalate_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/stophooktest"
)

// testdata/escalate-turn1.jsonl is a real Claude Code 2.1.330 transcript
// captured by the e2e suite (TestEscalateAfterMaxRetriesTextReply): the
// user asks for a build, the agent runs `echo building`, reports an error,
// is retried by the Stop hook and reports another error.
const capturedTranscript = "testdata/escalate-turn1.jsonl"

func TestEscalationReadsRealTranscript(t *testing.T) {
	t.Parallel()
	n := answering(escalate.Answer{Kind: escalate.LetStop}, nil)
	sum := &fakeSummarizer{out: "S"}
	p := &escalate.Escalation{Notifier: n, Summarizer: sum, Store: new(stophook.MemoryStore)}
	in := stophooktest.Stop("Error: cannot reach the database")
	in.TranscriptPath = capturedTranscript

	d := stophooktest.Run(t, in, p)
	assert.Equal(t, stophook.Allow, d.Verdict)
	assert.Equal(t, "human let it stop", d.Why, "every analysis step worked")
	reqs := n.asked()
	require.Len(t, reqs, 1)
	assert.Equal(t, []string{"Bash(echo building)"}, reqs[0].RecentTools)
	assert.Equal(t, "S", reqs[0].Summary)

	// The summarizer sees the history, and the reply the transcript lacks.
	require.NotEmpty(t, sum.got)
	last := sum.got[len(sum.got)-1]
	assert.Equal(t, "assistant", last.Role)
	assert.Equal(t, "Error: cannot reach the database", last.Text)
	var texts []string
	for _, m := range sum.got {
		texts = append(texts, m.Text)
	}
	assert.Contains(t, texts, "build the project")
	assert.Contains(t, texts, "Error: build failed")
	assert.LessOrEqual(t, len(sum.got), escalate.DefaultTailMessages+1)
}

func TestEscalationTranscriptAlreadyHasLastReply(t *testing.T) {
	t.Parallel()
	sum := &fakeSummarizer{out: "S"}
	p := &escalate.Escalation{Notifier: answering(escalate.Answer{Kind: escalate.LetStop}, nil), Summarizer: sum, Store: new(stophook.MemoryStore)}
	in := stophooktest.Stop("Error: still failing")
	in.TranscriptPath = capturedTranscript
	stophooktest.Run(t, in, p)
	require.NotEmpty(t, sum.got)
	n := 0
	for _, m := range sum.got {
		if m.Text == "Error: still failing" {
			n++
		}
	}
	assert.Equal(t, 1, n, "the last reply is not added twice")
}

// BenchmarkEscalationAnalysis measures reading the captured transcript's
// tail, the recent tools and a (no-op) summary and ask: the hook's own cost
// on top of the human's answer time.
func BenchmarkEscalationAnalysis(b *testing.B) {
	n := answering(escalate.Answer{Kind: escalate.LetStop}, nil)
	p := &escalate.Escalation{Notifier: n, Summarizer: &fakeSummarizer{out: "S"}, Store: new(stophook.MemoryStore)}
	in := stophooktest.Stop("Error: cannot reach the database")
	in.TranscriptPath = capturedTranscript
	chain := stophook.NewChain(p)
	b.ReportAllocs()
	for b.Loop() {
		n.reqs = n.reqs[:0]
		chain.Evaluate(b.Context(), in)
	}
}
