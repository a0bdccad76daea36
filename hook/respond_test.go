package hook_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
)

// counting blocks every stop and records the TurnBlocks it saw.
type counting struct{ seen []int }

func (c *counting) Evaluate(_ context.Context, in stophook.Input) (stophook.Decision, error) {
	if !in.IsStop() {
		return stophook.PassOn("not a stop"), nil
	}
	c.seen = append(c.seen, in.TurnBlocks)
	return stophook.BlockWith("again"), nil
}

func event(name string, active bool, extra string) []byte {
	return fmt.Appendf(nil, `{"session_id":"s1","hook_event_name":%q,"stop_hook_active":%v%s}`, name, active, extra)
}

func TestRespondTurnAccounting(t *testing.T) {
	t0 := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	type step struct {
		input     []byte
		at        time.Duration
		wantBlock bool
		wantSeen  int // TurnBlocks the policy saw; -1 when it must not run
	}
	tests := []struct {
		name  string
		max   int
		steps []step
	}{
		{"budget ends a blocking loop", 3, []step{
			{event("Stop", false, ""), 0, true, 0},
			{event("Stop", true, ""), 1, true, 1},
			{event("Stop", true, ""), 2, true, 2},
			{event("Stop", true, ""), 3, false, -1},
			{event("Stop", false, ""), 4, true, 0}, // next turn starts again
		}},
		{"user prompt resets", 3, []step{
			{event("Stop", false, ""), 0, true, 0},
			{event("Stop", true, ""), 1, true, 1},
			{event("UserPromptSubmit", false, `,"prompt":"next task"`), 2, false, -1},
			{event("Stop", true, ""), 3, true, 0},
		}},
		{"session start and end reset", 5, []step{
			{event("Stop", true, ""), 0, true, 0},
			{event("Stop", true, ""), 1, true, 1},
			{event("SessionEnd", false, ""), 2, false, -1},
			{event("Stop", true, ""), 3, true, 0},
			{event("SessionStart", false, ""), 4, false, -1},
			{event("Stop", true, ""), 5, true, 0},
		}},
		{"expired count resets", 5, []step{
			{event("Stop", true, ""), 0, true, 0},
			{event("Stop", true, ""), 7 * time.Hour, true, 0},
		}},
		{"new turn id resets", 5, []step{
			{event("Stop", true, `,"turn_id":"a"`), 0, true, 0},
			{event("Stop", true, `,"turn_id":"a"`), 1, true, 1},
			{event("Stop", true, `,"turn_id":"b"`), 2, true, 0},
		}},
		{"cursor loop_count feeds the count", 2, []step{
			{[]byte(`{"conversation_id":"c","session_id":"c","hook_event_name":"Stop","loop_count":1}`), 0, true, 1},
			{[]byte(`{"conversation_id":"c","session_id":"c","hook_event_name":"Stop","loop_count":2}`), 1, false, -1},
		}},
		{"a continuation submitted as a prompt keeps the count", 3, []step{
			{event("Stop", false, ""), 0, true, 0},
			{event("UserPromptSubmit", false, `,"prompt":"again"`), 1, false, -1},
			{event("Stop", true, ""), 2, true, 1},
			{event("UserPromptSubmit", false, `,"prompt":"again"`), 3, false, -1},
			{event("Stop", true, ""), 4, true, 2},
			{event("UserPromptSubmit", false, `,"prompt":"again"`), 5, false, -1},
			{event("Stop", true, ""), 6, false, -1},
			{event("UserPromptSubmit", false, `,"prompt":"something else"`), 7, false, -1},
			{event("Stop", true, ""), 8, true, 0},
		}},
		{"subagents count apart", 2, []step{
			{event("Stop", true, ""), 0, true, 0},
			{event("SubagentStop", true, `,"agent_id":"x"`), 1, true, 0},
			{event("Stop", true, ""), 2, true, 1},
			{event("Stop", true, ""), 3, false, -1},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			store := new(stophook.MemoryStore)
			for i, s := range tt.steps {
				p := &counting{}
				now := t0.Add(s.at)
				resp, err := hook.Respond(context.Background(), p, s.input, hook.WithNow(hook.Options{
					Store: store, MaxTurnBlocks: tt.max,
				}, func() time.Time { return now }))
				if err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				if got := resp.Decision.Blocks(); got != s.wantBlock {
					t.Errorf("step %d: got block=%v, want %v (%s)", i, got, s.wantBlock, resp.Decision.Why)
				}
				switch {
				case s.wantSeen < 0 && len(p.seen) > 0:
					t.Errorf("step %d: policy ran with TurnBlocks %v, want it not asked", i, p.seen)
				case s.wantSeen >= 0 && (len(p.seen) != 1 || p.seen[0] != s.wantSeen):
					t.Errorf("step %d: policy saw TurnBlocks %v, want [%d]", i, p.seen, s.wantSeen)
				}
			}
		})
	}
}

func TestRespondLifecycleNeverBlocks(t *testing.T) {
	t.Parallel()
	for _, ev := range []string{"SessionStart", "UserPromptSubmit", "SessionEnd"} {
		resp, err := hook.Respond(context.Background(), blocker("no"), event(ev, false, ""), hook.Options{Store: new(stophook.MemoryStore)})
		if err != nil {
			t.Fatal(err)
		}
		if resp.Code != 0 || strings.Contains(string(resp.Stdout), "block") || strings.Contains(resp.Stderr, "not handled") {
			t.Errorf("%s: got code %d stdout %s stderr %q, want a quiet allow", ev, resp.Code, resp.Stdout, resp.Stderr)
		}
	}
}

func TestRespondContinueWithContext(t *testing.T) {
	t.Parallel()
	resp, err := hook.Respond(context.Background(), blocker("[ITERATION 2/5] go on"), event("Stop", false, ""),
		hook.Options{Store: new(stophook.MemoryStore), ContinueWithContext: true})
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Decision           string
		HookSpecificOutput *struct{ AdditionalContext string }
	}
	if err := json.Unmarshal(resp.Stdout, &out); err != nil {
		t.Fatal(err)
	}
	if out.Decision != "" || out.HookSpecificOutput == nil || out.HookSpecificOutput.AdditionalContext != "[ITERATION 2/5] go on" {
		t.Errorf("got %s, want additionalContext and no decision", resp.Stdout)
	}
}

func TestRespondContextCountsTowardBudget(t *testing.T) {
	t.Parallel()
	store := new(stophook.MemoryStore)
	opts := hook.Options{Store: store, ContinueWithContext: true, MaxTurnBlocks: 1}
	if r, _ := hook.Respond(context.Background(), blocker("go"), event("Stop", false, ""), opts); !strings.Contains(string(r.Stdout), "additionalContext") {
		t.Fatalf("first stop: got %s, want additionalContext", r.Stdout)
	}
	r, _ := hook.Respond(context.Background(), blocker("go"), event("Stop", true, ""), opts)
	if r.Decision.Blocks() || strings.Contains(string(r.Stdout), "additionalContext") {
		t.Errorf("second stop: got %s, want the budget to allow", r.Stdout)
	}
}

func TestRespondStopFailureExit2(t *testing.T) {
	t.Parallel()
	in := []byte(`{"session_id":"s","hook_event_name":"StopFailure","error":"rate_limit"}`)
	resp, err := hook.Respond(context.Background(), blocker("resend"), in, hook.Options{Events: []stophook.Event{"StopFailure"}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Code != 2 || len(resp.Stdout) != 0 || strings.TrimSpace(resp.Stderr) != "resend" {
		t.Errorf("got code %d stdout %q stderr %q, want 2, nothing, resend", resp.Code, resp.Stdout, resp.Stderr)
	}
}

func TestRespondMissingCWDMakesNoState(t *testing.T) {
	t.Parallel()
	dir := t.TempDir() + "/missing/project"
	in := fmt.Appendf(nil, `{"session_id":"s","hook_event_name":"Stop","stop_hook_active":false,"cwd":%q}`, dir)
	if _, err := hook.Respond(context.Background(), blocker("x"), in, hook.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Errorf("%s was created, want no state for a missing cwd", dir)
	}
}

func TestNestedChainKeepsPolicyAndTrace(t *testing.T) {
	t.Parallel()
	inner := stophook.NewChain(stophook.Named("inner-pass", verdict(stophook.Pass, "")), stophook.Named("inner-block", verdict(stophook.Block, "r")))
	outer := stophook.NewChain(stophook.Named("outer-pass", verdict(stophook.Pass, "")), inner)
	d, err := outer.Evaluate(context.Background(), stophook.Input{HookEventName: "Stop"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Policy != "inner-block" || len(d.Trace) != 3 || d.Trace[2].Policy != "inner-block" {
		t.Errorf("got policy %q trace %v, want inner-block and 3 steps", d.Policy, d.Trace)
	}
}

func TestEvaluateBudget(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	defer close(release)
	hang := stophook.PolicyFunc(func(ctx context.Context, _ stophook.Input) (stophook.Decision, error) {
		<-release // ignores its context
		return stophook.BlockWith("too late"), nil
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	d := stophook.Evaluate(ctx, hang, stophook.Input{HookEventName: stophook.EventStop})
	if d.Blocks() || d.Policy != "stophook.deadline" {
		t.Errorf("got %+v, want an allow by %s", d, "stophook.deadline")
	}
}

func TestRespondHosts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, input, wantHost, wantOut string
		wantCode                       int
	}{
		{"codex", `{"session_id":"s","turn_id":"t","cwd":"","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"x"}`, "codex", `{"decision":"block","reason":"again"}`, 0},
		{"gemini", `{"session_id":"s","cwd":"","hook_event_name":"AfterAgent","prompt":"p","prompt_response":"x","stop_hook_active":false}`, "gemini", `{"decision":"block","reason":"again"}`, 0},
		{"copilot native", `{"sessionId":"s","timestamp":1,"cwd":"","transcriptPath":"","stopReason":"end_turn","stop_hook_active":false}`, "copilot", `{"decision":"block","reason":"again"}`, 0},
		{"cursor", `{"conversation_id":"c","generation_id":"g","hook_event_name":"stop","status":"completed","loop_count":0,"workspace_roots":[]}`, "cursor", `{"followup_message":"again"}`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := &counting{}
			resp, err := hook.Respond(context.Background(), p, []byte(tt.input), hook.Options{Store: new(stophook.MemoryStore)})
			if err != nil {
				t.Fatal(err)
			}
			if resp.Input.Host != tt.wantHost || string(resp.Stdout) != tt.wantOut || resp.Code != tt.wantCode {
				t.Errorf("got host %q out %s code %d, want %q %s %d", resp.Input.Host, resp.Stdout, resp.Code, tt.wantHost, tt.wantOut, tt.wantCode)
			}
		})
	}
}

func TestRespondHostOverride(t *testing.T) {
	t.Setenv(hook.HostEnv, "cursor")
	resp, err := hook.Respond(context.Background(), blocker("again"), event("Stop", false, ""), hook.Options{Store: new(stophook.MemoryStore)})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Input.Host != "cursor" || !strings.Contains(string(resp.Stdout), "followup_message") {
		t.Errorf("got host %q out %s, want cursor's followup_message", resp.Input.Host, resp.Stdout)
	}
}

func TestRespondBudgetOnHostWithoutCap(t *testing.T) {
	t.Parallel()
	store := new(stophook.MemoryStore)
	blocks := 0
	for i := range 20 {
		in := fmt.Appendf(nil, `{"session_id":"s","turn_id":"t","hook_event_name":"Stop","stop_hook_active":%v,"last_assistant_message":"x"}`, i > 0)
		resp, err := hook.Respond(context.Background(), blocker("again"), in, hook.Options{Store: store})
		if err != nil {
			t.Fatal(err)
		}
		if !resp.Decision.Blocks() {
			break
		}
		blocks++
	}
	if blocks != 8 {
		t.Errorf("got %d blocks on codex, want the default budget %d", blocks, 8)
	}
}

// Gemini CLI has no block cap and fires BeforeAgent with the block's
// reason as the prompt before each continuation: the budget still ends
// the loop.
func TestRespondGeminiLoopEnds(t *testing.T) {
	t.Parallel()
	store := new(stophook.MemoryStore)
	const path = `"transcript_path":"/nonexistent/.gemini/tmp/p/chats/session-1.jsonl"`
	blocks := 0
	for i := range 20 {
		stop := fmt.Appendf(nil, `{"session_id":"g",%s,"hook_event_name":"AfterAgent","prompt":"say hi","prompt_response":"r","stop_hook_active":%v}`, path, i > 0)
		resp, err := hook.Respond(context.Background(), blocker("again"), stop, hook.Options{Store: store})
		if err != nil {
			t.Fatal(err)
		}
		if resp.Input.Host != "gemini" {
			t.Fatalf("host %q, want gemini", resp.Input.Host)
		}
		if !resp.Decision.Blocks() {
			break
		}
		blocks++
		prompt := fmt.Appendf(nil, `{"session_id":"g",%s,"hook_event_name":"BeforeAgent","prompt":"again"}`, path)
		if _, err := hook.Respond(context.Background(), blocker("again"), prompt, hook.Options{Store: store}); err != nil {
			t.Fatal(err)
		}
	}
	if blocks != 8 {
		t.Errorf("got %d blocks on gemini, want the default budget %d", blocks, 8)
	}
}

// failingStore fails every operation, like a read-only checkout, a full
// disk or a file planted where the lock directory goes. Get reports
// getErr (ErrNotFound: a missing record that cannot be written).
type failingStore struct{ getErr error }

func (s failingStore) Get(context.Context, string) ([]byte, error) { return nil, s.getErr }
func (failingStore) Update(context.Context, string, func([]byte) ([]byte, error)) error {
	return errors.New("read-only file system")
}
func (failingStore) Delete(context.Context, string) error { return errors.New("read-only file system") }

// TestTurnAccountingHosts runs event sequences through the runner with a
// fixed clock, on a host that caps continuations itself (Claude Code) and
// one that does not (Codex), against a working and a failing Store.
func TestTurnAccountingHosts(t *testing.T) {
	t0 := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	type step struct {
		input     []byte
		at        time.Duration
		wantBlock bool
		wantSeen  int  // TurnBlocks the policy saw; -1 when it must not run
		wantWarn  bool // one "cannot count" line on stderr
	}
	broken := errors.New("input/output error")
	tests := []struct {
		name  string
		host  string
		store stophook.Store // nil: a fresh MemoryStore
		steps []step
	}{}
	for _, host := range []string{"claude", "codex"} {
		tests = append(tests,
			struct {
				name  string
				host  string
				store stophook.Store
				steps []step
			}{"stop, stop after a block, budget", host, nil, []step{
				{event("Stop", false, ""), 0, true, 0, false},
				{event("Stop", true, ""), 1, true, 1, false},
				{event("Stop", true, ""), 2, false, -1, false}, // budget of 2 used
				{event("Stop", false, ""), 3, true, 0, false},  // next turn
			}},
			struct {
				name  string
				host  string
				store stophook.Store
				steps []step
			}{"lifecycle events reset", host, nil, []step{
				{event("Stop", false, ""), 0, true, 0, false},
				{event("UserPromptSubmit", false, `,"prompt":"next"`), 1, false, -1, false},
				{event("Stop", true, ""), 2, true, 0, false},
				{event("SessionStart", false, `,"source":"resume"`), 3, false, -1, false},
				{event("Stop", true, ""), 4, true, 0, false},
				{event("SessionEnd", false, `,"reason":"other"`), 5, false, -1, false},
				{event("Stop", true, ""), 6, true, 0, false},
			}},
			struct {
				name  string
				host  string
				store stophook.Store
				steps []step
			}{"TTL expiry", host, nil, []step{
				{event("Stop", false, ""), 0, true, 0, false},
				{event("Stop", true, ""), 7 * time.Hour, true, 0, false},
			}},
		)
	}
	// A failing Store: Claude Code caps continuations itself, so the
	// runner goes on with stop_hook_active; Codex does not, so the stop is
	// allowed with one warning.
	for _, getErr := range []error{stophook.ErrNotFound, broken} {
		tests = append(tests,
			struct {
				name  string
				host  string
				store stophook.Store
				steps []step
			}{"failing store (get: " + getErr.Error() + ")", "claude", failingStore{getErr}, []step{
				{event("Stop", false, ""), 0, true, 0, false},
				// a record that cannot be read: stop_hook_active says one
				{event("Stop", true, ""), 1, true, map[bool]int{true: 0, false: 1}[getErr == stophook.ErrNotFound], false},
				{event("UserPromptSubmit", false, `,"prompt":"next"`), 2, false, -1, false},
			}},
			struct {
				name  string
				host  string
				store stophook.Store
				steps []step
			}{"failing store (get: " + getErr.Error() + ")", "codex", failingStore{getErr}, []step{
				{event("Stop", false, ""), 0, false, 0, true},
				{event("Stop", true, ""), 1, false, map[bool]int{true: 0, false: -1}[getErr == stophook.ErrNotFound], true},
				{event("UserPromptSubmit", false, `,"prompt":"next"`), 2, false, -1, false},
			}},
		)
	}
	for _, tt := range tests {
		t.Run(tt.host+"/"+tt.name, func(t *testing.T) {
			t.Parallel()
			store := tt.store
			if store == nil {
				store = new(stophook.MemoryStore)
			}
			for i, s := range tt.steps {
				p := &counting{}
				now := t0.Add(s.at)
				resp, err := hook.Respond(context.Background(), p, s.input, hook.WithNow(hook.Options{
					Store: store, MaxTurnBlocks: 2, Host: tt.host,
				}, func() time.Time { return now }))
				if err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				if got := resp.Decision.Blocks(); got != s.wantBlock {
					t.Errorf("step %d: got block=%v, want %v (%s)", i, got, s.wantBlock, resp.Decision.Why)
				}
				switch {
				case s.wantSeen < 0 && len(p.seen) > 0:
					t.Errorf("step %d: policy ran with TurnBlocks %v, want it not asked", i, p.seen)
				case s.wantSeen >= 0 && (len(p.seen) != 1 || p.seen[0] != s.wantSeen):
					t.Errorf("step %d: policy saw TurnBlocks %v, want [%d]", i, p.seen, s.wantSeen)
				}
				warned := strings.Contains(resp.Stderr, "cannot count")
				if warned != s.wantWarn || (warned && strings.Count(resp.Stderr, "\n") != 1) {
					t.Errorf("step %d: stderr %q, want one warning line: %v", i, resp.Stderr, s.wantWarn)
				}
			}
		})
	}
}
