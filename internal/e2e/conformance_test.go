package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/transcript"
)

const (
	errorReply = "Error: build failed"
	fixedReply = "Fixed it: the build passes now."
)

// assertRetryChain checks the quickstart chain as Claude Code saw it: the
// first stop was blocked with the retry reason, that reason reached the
// model as Stop hook feedback in the next request, and the retry's stop
// (stop_hook_active) was allowed so the run ended with the fixed reply.
func assertRetryChain(t *testing.T, e *Env, r *Result) {
	t.Helper()
	if got, want := e.API.StopHookFeedback(), []string{policy.DefaultRetryReason}; !slices.Equal(got, want) {
		e.Dump(r)
		t.Fatalf("stop hook feedback: got %q, want %q", got, want)
	}
	conv := e.API.Conversation()
	if len(conv) != 2 {
		e.Dump(r)
		t.Fatalf("conversation requests: got %d, want 2", len(conv))
	}
	if got, ok := conv[1].Feedback(); !ok || got != policy.DefaultRetryReason {
		t.Errorf("second request's last user message: got %q (feedback %v), want the retry reason", conv[1].LastUserText(), ok)
	}
	if r.Out.Result != fixedReply {
		t.Errorf("result: got %q, want %q", r.Out.Result, fixedReply)
	}
}

// Scenario 1: quickstart as a command hook.
func TestQuickstartCommandHook(t *testing.T) {
	t.Parallel()
	e := New(t)
	qs := BuildHook(t, "./examples/quickstart")
	e.Settings.AddHook("Stop", e.Record("stop", Command(Quote(qs))))
	e.API.Enqueue(Text(errorReply), Text(fixedReply))

	r := e.RunOK("build the project")
	assertRetryChain(t, e, r)

	calls := e.HookCalls("stop")
	if len(calls) != 2 {
		t.Fatalf("Stop hook calls: got %d, want 2", len(calls))
	}
	if c := calls[0]; c.Input.StopHookActive || !c.Blocked() || c.Input.LastAssistantMessage != errorReply {
		t.Errorf("first Stop: stop_hook_active %v, blocked %v, last message %q; want false, true, %q",
			c.Input.StopHookActive, c.Blocked(), c.Input.LastAssistantMessage, errorReply)
	}
	if c := calls[1]; !c.Input.StopHookActive || c.Blocked() || c.Exit != 0 {
		t.Errorf("second Stop: stop_hook_active %v, blocked %v, exit %d; want true, false, 0",
			c.Input.StopHookActive, c.Blocked(), c.Exit)
	}

	// The transcript records the feedback as a meta user line, and a
	// stop_hook_summary system record after each Stop hook run.
	var meta, summaries int
	for _, rec := range e.TranscriptRecords(r.Out.SessionID) {
		if rec.Get("type").String() == "user" && rec.Get("isMeta").Bool() &&
			rec.Get("message.content").String() == FeedbackPrefix+policy.DefaultRetryReason {
			meta++
		}
		if rec.Get("type").String() == "system" && rec.Get("subtype").String() == "stop_hook_summary" {
			summaries++
		}
	}
	if meta != 1 || summaries != 2 {
		t.Errorf("transcript: %d isMeta feedback lines, %d stop_hook_summary records; want 1 and 2", meta, summaries)
	}
	msgs, err := transcript.Tail(e.TranscriptPath(r.Out.SessionID), 10)
	if err != nil {
		t.Fatalf("transcript.Tail: %v", err)
	}
	if !slices.ContainsFunc(msgs, func(m transcript.Message) bool {
		return m.Role == "user" && m.IsMeta && strings.Contains(m.Text, policy.DefaultRetryReason)
	}) {
		t.Errorf("transcript: no meta user message with the retry reason in %+v", msgs)
	}
	e.Capture("blocked-retried", r.Out.SessionID)
}

// Scenario 2: the same chain behind quickstart -http, as a type:"http"
// hook with a bearer token; a wrong token is refused and the session
// still finishes.
func TestQuickstartHTTPHook(t *testing.T) {
	t.Parallel()
	qs := BuildHook(t, "./examples/quickstart")
	const token = "e2e-secret-token"

	t.Run("token", func(t *testing.T) {
		e := New(t)
		addr := FreeAddr(t)
		srv := e.StartServer(addr, qs, []string{"STOPHOOK_HTTP_TOKEN=" + token}, "-http", addr)
		proxy := NewProxy(t, srv)
		e.Setenv("E2E_HOOK_TOKEN", token)
		e.Settings.AddHook("Stop", HTTP(proxy.URL()+"/stop", "E2E_HOOK_TOKEN"))
		e.API.Enqueue(Text(errorReply), Text(fixedReply))

		r := e.RunOK("build the project")
		assertRetryChain(t, e, r)
		calls := proxy.Calls()
		if len(calls) != 2 {
			t.Fatalf("http hook calls: got %d, want 2", len(calls))
		}
		for i, c := range calls {
			if c.Status != 200 || c.Authorization != "Bearer "+token {
				t.Errorf("call %d: status %d, authorization %q; want 200 and the bearer token", i, c.Status, c.Authorization)
			}
		}
		var out struct{ Decision, Reason string }
		if err := json.Unmarshal(calls[0].Response, &out); err != nil || out.Decision != "block" {
			t.Errorf("first response: got %s, want a block", calls[0].Response)
		}
		var in struct {
			StopHookActive bool `json:"stop_hook_active"`
		}
		if err := json.Unmarshal(calls[1].Body, &in); err != nil || !in.StopHookActive {
			t.Errorf("second request body: got %s, want stop_hook_active true", calls[1].Body)
		}
	})

	t.Run("wrong token", func(t *testing.T) {
		e := New(t)
		addr := FreeAddr(t)
		srv := e.StartServer(addr, qs, []string{"STOPHOOK_HTTP_TOKEN=" + token}, "-http", addr)
		proxy := NewProxy(t, srv)
		e.Setenv("E2E_HOOK_TOKEN", "not-the-token")
		e.Settings.AddHook("Stop", HTTP(proxy.URL()+"/stop", "E2E_HOOK_TOKEN"))
		e.API.Enqueue(Text(errorReply), Text(fixedReply))

		r := e.RunOK("build the project")
		calls := proxy.Calls()
		if len(calls) != 1 || calls[0].Status != 401 {
			t.Fatalf("http hook calls: got %+v, want one refused with 401", calls)
		}
		if fb := e.API.StopHookFeedback(); len(fb) != 0 {
			t.Errorf("stop hook feedback: got %q, want none", fb)
		}
		if r.Out.Result != errorReply {
			t.Errorf("result: got %q, want %q (the session stops after the refused hook)", r.Out.Result, errorReply)
		}
	})
}

// Scenario 3: exit-2 compatibility mode.
func TestQuickstartExit2(t *testing.T) {
	t.Parallel()
	e := New(t)
	qs := BuildHook(t, "./examples/quickstart")
	e.Settings.AddHook("Stop", e.Record("stop", Command(CommandLine(qs, "-exit2"))))
	e.API.Enqueue(Text(errorReply), Text(fixedReply))

	r := e.RunOK("build the project")
	assertRetryChain(t, e, r)
	calls := e.HookCalls("stop")
	if len(calls) != 2 {
		t.Fatalf("Stop hook calls: got %d, want 2", len(calls))
	}
	if c := calls[0]; c.Exit != 2 || !strings.Contains(c.Stdout, `"decision":"block"`) {
		t.Errorf("first Stop: exit %d, stdout %q; want exit 2 with the JSON block", c.Exit, c.Stdout)
	}
	if c := calls[1]; c.Exit != 0 {
		t.Errorf("second Stop: exit %d, want 0", c.Exit)
	}
}

// Scenario 4: a tool-using turn read back with the transcript package.
func TestToolTurnTranscript(t *testing.T) {
	t.Parallel()
	e := New(t)
	e.Settings.AddHook("Stop", e.Record("stop", Command("cat >/dev/null")))
	out := filepath.Join(e.Dir, "notes", "hello.txt")
	const done = "Done: ran echo and wrote notes/hello.txt."
	e.API.Enqueue(Bash("echo hello"), Write(out, "hello from e2e\n"), Text(done))

	r := e.RunOK("say hello and write it down")
	if r.Out.Result != done {
		t.Errorf("result: got %q, want %q", r.Out.Result, done)
	}
	if data, err := os.ReadFile(out); err != nil || string(data) != "hello from e2e\n" {
		t.Errorf("written file: got %q, %v", data, err)
	}
	conv := e.API.Conversation()
	if len(conv) != 3 {
		e.Dump(r)
		t.Fatalf("conversation requests: got %d, want 3", len(conv))
	}
	if got := conv[1].LastUserTexts(); len(got) != 1 || strings.TrimSpace(got[0]) != "hello" {
		t.Errorf("Bash tool result: got %q, want hello", got)
	}

	path := e.TranscriptPath(r.Out.SessionID)
	msgs, err := transcript.Tail(path, 20)
	if err != nil {
		t.Fatalf("transcript.Tail: %v", err)
	}
	want := []string{"Bash(echo hello)", "Write(" + out + ")"}
	if got := transcript.RecentTools(msgs, 5); !slices.Equal(got, want) {
		t.Errorf("RecentTools: got %q, want %q", got, want)
	}
	if got, err := transcript.LastAssistantText("", path); err != nil || got != done {
		t.Errorf("LastAssistantText: got %q, %v; want %q", got, err, done)
	}
	calls := e.HookCalls("stop")
	if len(calls) != 1 || calls[0].Input.LastAssistantMessage != done {
		t.Errorf("Stop calls: got %+v, want one with last_assistant_message %q", calls, done)
	}
	e.Capture("tool-turn", r.Out.SessionID)
}

// A plain text turn, captured as a fixture.
func TestPlainTurn(t *testing.T) {
	t.Parallel()
	e := New(t)
	e.Settings.AddHook("Stop", e.Record("stop", Command("cat >/dev/null")))
	reply := "Here is the plan:\n\n```sh\necho \"<promise>DONE</promise>\"\n```\n\nRun `make test` next.\n\n<promise>DONE</promise>"
	e.API.Enqueue(Text(reply))
	r := e.RunOK("make a plan")
	if r.Out.Result != reply {
		t.Errorf("result: got %q, want %q", r.Out.Result, reply)
	}
	calls := e.HookCalls("stop")
	if len(calls) != 1 || calls[0].Input.LastAssistantMessage != reply || calls[0].Input.StopHookActive {
		t.Fatalf("Stop calls: got %+v, want one with the reply", calls)
	}
	e.Capture("plain-turn", r.Out.SessionID)
}

// Scenario 5: hooks that crash, print garbage or hang never trap the session.
func TestMisbehavingHooksFailOpen(t *testing.T) {
	t.Parallel()
	misbehave := func(t *testing.T, flag string) string {
		return CommandLine(BuildHook(t, "./internal/e2e/testdata/hooks/misbehave"), flag)
	}
	cases := []struct {
		name    string
		command func(t *testing.T) string
		timeout int // settings timeout, seconds
	}{
		{name: "killed by a signal", command: func(*testing.T) string { return "kill -KILL $$" }},
		{name: "exit 1", command: func(*testing.T) string { return "echo boom >&2; exit 1" }},
		{name: "garbage stdout", command: func(*testing.T) string { return `printf 'garbage {not json\n\001\377'` }},
		{name: "JSON of the wrong shape", command: func(*testing.T) string { return `echo '{"decision":42,"reason":["x"]}'` }},
		// Hangs longer than the run may take: RunOK passing proves it was cut.
		{name: "hangs past the settings timeout", timeout: 2,
			command: func(*testing.T) string { return "sleep 600" }},
		{name: "stophook policy panics", command: func(t *testing.T) string { return misbehave(t, "-panic") }},
		{name: "stophook policy returns an error", command: func(t *testing.T) string { return misbehave(t, "-error") }},
		{name: "stophook policy hangs past the budget",
			command: func(t *testing.T) string { return misbehave(t, "-hang") }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := New(t)
			h := Command(tc.command(t))
			h.Timeout = tc.timeout
			e.Settings.AddHook("Stop", e.Record("stop", h))
			e.API.Enqueue(Text(errorReply))
			r := e.RunOK("build the project")
			if r.Out.Result != errorReply {
				t.Errorf("result: got %q, want %q", r.Out.Result, errorReply)
			}
			if fb := e.API.StopHookFeedback(); len(fb) != 0 {
				t.Errorf("stop hook feedback: got %q, want none", fb)
			}
			if n := len(e.API.Conversation()); n != 1 {
				t.Errorf("conversation requests: got %d, want 1", n)
			}
			if calls := e.HookCalls("stop"); len(calls) != 1 {
				t.Errorf("Stop hook calls: got %d, want 1", len(calls))
			}
			t.Logf("run took %v", r.Elapsed.Round(time.Millisecond))
		})
	}
}

// A Go hook that panics outside stophook.Run exits 2, which Claude Code
// takes as a block (stderr becomes the feedback). Claude Code's own cap on
// consecutive blocks still ends the turn; stophook.Run exists so that our
// hooks never get there.
func TestRawPanicIsCappedByClaudeCode(t *testing.T) {
	t.Parallel()
	e := New(t)
	bin := BuildHook(t, "./internal/e2e/testdata/hooks/misbehave")
	e.Settings.AddHook("Stop", e.Record("stop", Command(CommandLine(bin, "-rawpanic"))))
	e.Setenv("CLAUDE_CODE_STOP_HOOK_BLOCK_CAP", "3")
	r := e.RunOK("build the project")
	calls := e.HookCalls("stop")
	if len(calls) == 0 || calls[0].Exit != 2 {
		t.Fatalf("Stop calls: got %+v, want exit 2 (Go's panic exit code)", calls)
	}
	fb := e.API.StopHookFeedback()
	if len(fb) == 0 || !strings.Contains(fb[0], "misbehave: raw panic") {
		t.Errorf("stop hook feedback: got %q, want the panic text", fb)
	}
	conv := e.API.Conversation()
	t.Logf("blocks until the cap: %d Stop calls, %d conversation requests, %v", len(calls), len(conv), r.Elapsed.Round(time.Millisecond))
	// Measured: with a cap of N, N blocks are fed back and the (N+1)th ends the turn.
	if len(conv) != 4 || len(calls) != 4 {
		t.Errorf("conversation requests %d, Stop calls %d; want 4 and 4 (cap 3: three blocks fed back, the fourth ends the turn)", len(conv), len(calls))
	}
}
