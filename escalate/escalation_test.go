package escalate_test

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/stophooktest"
	"github.com/stophook/stophook/transcript"
)

// fakeNotifier records requests and answers with a script.
type fakeNotifier struct {
	mu     sync.Mutex
	reqs   []escalate.Request
	answer func(ctx context.Context) (escalate.Answer, error)
}

func (f *fakeNotifier) Ask(ctx context.Context, req escalate.Request) (escalate.Answer, error) {
	f.mu.Lock()
	f.reqs = append(f.reqs, req)
	f.mu.Unlock()
	if f.answer == nil {
		return escalate.Answer{}, nil
	}
	return f.answer(ctx)
}

func (f *fakeNotifier) asked() []escalate.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]escalate.Request(nil), f.reqs...)
}

func answering(a escalate.Answer, err error) *fakeNotifier {
	return &fakeNotifier{answer: func(context.Context) (escalate.Answer, error) { return a, err }}
}

func TestEscalationAnswers(t *testing.T) {
	t.Parallel()
	boom := errors.New("telegram down")
	tests := []struct {
		name       string
		n          *fakeNotifier
		wantVerd   stophook.Verdict
		wantReason string
		wantErr    bool
	}{
		{"text reply", answering(escalate.Answer{Kind: escalate.Reply, Text: "use v2"}, nil), stophook.Block, "User answered: use v2", false},
		{"reply despite a partial error", answering(escalate.Answer{Kind: escalate.Reply, Text: "go"}, boom), stophook.Block, "User answered: go", false},
		{"continue", answering(escalate.Answer{Kind: escalate.Continue}, nil), stophook.Block, "User wants you to continue", false},
		{"let stop", answering(escalate.Answer{Kind: escalate.LetStop}, nil), stophook.Allow, "", false},
		{"timeout", answering(escalate.Answer{Kind: escalate.Timeout}, nil), stophook.Allow, "", false},
		{"empty reply", answering(escalate.Answer{Kind: escalate.Reply}, nil), stophook.Pass, "", false},
		{"notify only", answering(escalate.Answer{}, nil), stophook.Pass, "", false},
		{"error", answering(escalate.Answer{}, boom), stophook.Pass, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := &escalate.Escalation{Notifier: tt.n, Store: new(stophook.MemoryStore)}
			d := stophooktest.Run(t, stophooktest.Stop("Shall I deploy?"), p)
			assert.Equal(t, tt.wantVerd, d.Verdict, "why: %s", d.Why)
			assert.Equal(t, tt.wantReason, d.Reason)
			require.Len(t, d.Trace, 1)
			assert.Equal(t, tt.wantErr, d.Trace[0].Err != nil, "trace %v", d.Trace)
			assert.Len(t, tt.n.asked(), 1)
		})
	}
}

func TestEscalationDoesNotAsk(t *testing.T) {
	t.Parallel()
	active := stophooktest.Stop("Shall I?")
	active.StopHookActive = true
	tests := []struct {
		name     string
		in       stophook.Input
		policies func(n escalate.Notifier) []stophook.Policy
		want     stophook.Verdict
	}{
		{"no last message", stophooktest.Stop(""), func(n escalate.Notifier) []stophook.Policy {
			return []stophook.Policy{&escalate.Escalation{Notifier: n}}
		}, stophook.Allow},
		{"not a stop", stophooktest.UserPromptSubmit("x"), func(n escalate.Notifier) []stophook.Policy {
			return []stophook.Policy{&escalate.Escalation{Notifier: n}}
		}, stophook.Pass},
		{"stop hook active", active, func(n escalate.Notifier) []stophook.Policy {
			return []stophook.Policy{policy.StopActive(&escalate.Escalation{Notifier: n})}
		}, stophook.Pass},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			n := answering(escalate.Answer{Kind: escalate.Continue}, nil)
			d := stophooktest.Run(t, tt.in, tt.policies(n)...)
			assert.Equal(t, tt.want, d.Verdict)
			assert.Empty(t, n.asked())
		})
	}
	d := stophooktest.Run(t, stophooktest.Stop("x"), &escalate.Escalation{})
	assert.Equal(t, stophook.Pass, d.Verdict, "no notifier: escalation is off")
}

func TestEscalationTimeout(t *testing.T) {
	t.Parallel()
	var hasDeadline bool
	n := &fakeNotifier{answer: func(ctx context.Context) (escalate.Answer, error) {
		_, hasDeadline = ctx.Deadline()
		<-ctx.Done()
		return escalate.Answer{Kind: escalate.Timeout}, nil
	}}
	d := stophooktest.Run(t, stophooktest.Stop("x"), &escalate.Escalation{Notifier: n, Timeout: 50 * time.Millisecond, Store: new(stophook.MemoryStore)})
	stophooktest.AssertStops(t, d)
	assert.Equal(t, stophook.Allow, d.Verdict)
	assert.Contains(t, d.Why, "no answer within 50ms")
	assert.True(t, hasDeadline, "the notifier is given the escalation's deadline")
}

// fakeSummarizer records what it was given.
type fakeSummarizer struct {
	mu   sync.Mutex
	got  []transcript.Message
	out  string
	err  error
	pnic bool
}

func (f *fakeSummarizer) Summarize(_ context.Context, msgs []transcript.Message) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.got = append([]transcript.Message(nil), msgs...)
	if f.pnic {
		panic("summarizer bug")
	}
	return f.out, f.err
}

func tailOf(msgs []transcript.Message, err error) func(string, int) ([]transcript.Message, error) {
	return func(string, int) ([]transcript.Message, error) { return msgs, err }
}

func TestEscalationAnalysisDegrades(t *testing.T) {
	t.Parallel()
	history := []transcript.Message{
		{Role: "user", Text: "Fix the build"},
		{Role: "assistant", Text: "Working on it."},
	}
	last := "Done. Should I deploy?"
	withLast := append(append([]transcript.Message(nil), history...), transcript.Message{Role: "assistant", Text: last})
	lastOnly := []transcript.Message{{Role: "assistant", Text: last}}
	tests := []struct {
		name         string
		path         string
		tail         func(string, int) ([]transcript.Message, error)
		sum          *fakeSummarizer
		wantSummary  string
		wantSumInput []transcript.Message
		wantWhy      string
	}{
		{"all parts", "t.jsonl", tailOf(history, nil), &fakeSummarizer{out: "S"}, "S", withLast, ""},
		{"tail already has the last reply", "t.jsonl", tailOf(withLast, nil), &fakeSummarizer{out: "S"}, "S", withLast, ""},
		{"no transcript path", "", nil, &fakeSummarizer{out: "S"}, "S", lastOnly, "transcript: no path"},
		{"transcript missing", "t.jsonl", tailOf(nil, fs.ErrNotExist), &fakeSummarizer{out: "S"}, "S", lastOnly, "transcript: file does not exist"},
		{"summary fails", "t.jsonl", tailOf(history, nil), &fakeSummarizer{err: errors.New("overloaded")}, "", withLast, "summary: overloaded"},
		{"summary panics", "t.jsonl", tailOf(history, nil), &fakeSummarizer{pnic: true}, "", withLast, "summary: panic: summarizer bug"},
		{"no summarizer", "t.jsonl", tailOf(history, nil), nil, "", nil, "summary: off"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			n := answering(escalate.Answer{Kind: escalate.Continue}, nil)
			p := escalate.WithReadTail(&escalate.Escalation{Notifier: n, Store: new(stophook.MemoryStore), RecentTools: -1}, tt.tail)
			if tt.sum != nil {
				p.Summarizer = tt.sum
			}
			in := stophooktest.Stop(last)
			in.TranscriptPath = tt.path
			d := stophooktest.Run(t, in, p)
			stophooktest.AssertBlocks(t, d, escalate.ContinueReason)
			assert.Contains(t, d.Why, tt.wantWhy)
			reqs := n.asked()
			require.Len(t, reqs, 1, "the human is asked whatever failed")
			assert.Equal(t, tt.wantSummary, reqs[0].Summary)
			assert.Equal(t, last, reqs[0].LastMessage)
			if tt.sum != nil {
				assert.Equal(t, tt.wantSumInput, tt.sum.got)
			}
		})
	}
}

func TestEscalationLabel(t *testing.T) {
	t.Parallel()
	store := new(stophook.MemoryStore)
	n := answering(escalate.Answer{Kind: escalate.LetStop}, nil)
	in := stophooktest.Stop("x")
	in.CWD = "/w/proj"
	stophooktest.Run(t, in, &escalate.Register{Store: store, Label: "nightly"}, &escalate.Escalation{Notifier: n, Store: store})
	stophooktest.Run(t, in, &escalate.Escalation{Notifier: n, Store: new(stophook.MemoryStore)})
	stophooktest.Run(t, in, &escalate.Escalation{Notifier: n, Store: store, Label: "fixed"})
	reqs := n.asked()
	require.Len(t, reqs, 3)
	assert.Equal(t, "nightly", reqs[0].Label, "registered label")
	assert.Equal(t, "proj · 00000000", reqs[1].Label, "default label")
	assert.Equal(t, "fixed", reqs[2].Label)
	assert.NotEmpty(t, reqs[0].ID)
	assert.NotEqual(t, reqs[0].ID, reqs[1].ID)
}

// The seed's whole flow: retries on an error, then the human after the
// retries are used up.
func TestSeedFlowRetryThenEscalate(t *testing.T) {
	t.Parallel()
	store := new(stophook.MemoryStore)
	n := answering(escalate.Answer{Kind: escalate.Reply, Text: "try the other endpoint"}, nil)
	chain := []stophook.Policy{
		&escalate.Register{Store: store},
		policy.StopActive(stophook.NewChain(
			&policy.ErrorRetry{Store: store, MaxRetries: 2, AcrossTurns: true},
			&escalate.Escalation{Notifier: n, Store: store, RecentTools: -1},
		)),
	}
	in := stophooktest.Stop("Error: the API call failed with 500")
	stophooktest.AssertBlocks(t, stophooktest.Run(t, in, chain...), policy.DefaultRetryReason)
	stophooktest.AssertBlocks(t, stophooktest.Run(t, in, chain...), policy.DefaultRetryReason)
	assert.Empty(t, n.asked(), "no human while retries remain")
	d := stophooktest.Run(t, in, chain...)
	stophooktest.AssertBlocks(t, d, "User answered: try the other endpoint")
	assert.Equal(t, "Escalation", d.Policy)
	require.Len(t, n.asked(), 1)

	// A normal stop escalates too.
	stophooktest.AssertBlocks(t, stophooktest.Run(t, stophooktest.Stop("All done."), chain...), "User answered: try the other endpoint")
	assert.Len(t, n.asked(), 2)
}

func TestEscalationReadsSubagentTranscriptAndRelativeTools(t *testing.T) {
	t.Parallel()
	var readPath string
	n := &stophooktest.Notifier{}
	p := escalate.WithReadTail(&escalate.Escalation{Notifier: n, Store: new(stophook.MemoryStore)},
		func(path string, _ int) ([]transcript.Message, error) {
			readPath = path
			return []transcript.Message{{Role: transcript.RoleAssistant, ToolUses: []transcript.ToolUse{
				{Name: "Edit", Input: json.RawMessage(`{"file_path":"/proj/src/foo.ts"}`)},
			}}}, nil
		})
	in := stophooktest.SubagentStop("done")
	in.CWD = "/proj"
	in.TranscriptPath = "session.jsonl"
	in.AgentTranscriptPath = "agent.jsonl"
	stophooktest.Run(t, in, p)
	if readPath != "agent.jsonl" {
		t.Errorf("read %q, want the subagent's transcript agent.jsonl", readPath)
	}
	reqs := n.Requests()
	if len(reqs) != 1 || len(reqs[0].RecentTools) != 1 || reqs[0].RecentTools[0] != "Edit(src/foo.ts)" {
		t.Errorf("got requests %+v, want one with recent tools [Edit(src/foo.ts)]", reqs)
	}
}
