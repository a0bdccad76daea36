package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/loopstate"
)

const session = "11111111-2222-4333-8444-555555555555"

var t0 = time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)

// cli runs the command in-process with a fixed clock and environment.
func cli(t *testing.T, env map[string]string, now time.Time, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	getenv := func(k string) string { return env[k] }
	code = run(args, strings.NewReader(stdin), &out, &errb, getenv, func() time.Time { return now })
	return code, out.String(), errb.String()
}

func stopJSON(t *testing.T, cwd, last string, active bool) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{
		"session_id": session, "transcript_path": filepath.Join(cwd, "none.jsonl"), "cwd": cwd,
		"hook_event_name": "Stop", "stop_hook_active": active, "last_assistant_message": last,
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestCommands(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"CLAUDE_CODE_SESSION_ID": session}
	st := []string{"-state", dir}

	code, out, errs := cli(t, env, t0, "", append([]string{"start", "-max", "3"}, append(st, "fix", "the", "build")...)...)
	if code != 0 || !strings.Contains(out, "loop started: mode loop, iteration 1/3") || !strings.Contains(out, "<loop-done>COMPLETE</loop-done>") || errs != "" {
		t.Fatalf("start: code %d, out %q, err %q", code, out, errs)
	}
	code, out, _ = cli(t, env, t0.Add(time.Minute), "", append([]string{"start", "-mode", "issue", "-max", "12"}, append(st, "issue 7")...)...)
	if code != 0 || !strings.Contains(out, "nested, depth 2") || !strings.Contains(out, "<issue-complete>DONE</issue-complete>") {
		t.Fatalf("nested start: code %d, out %q", code, out)
	}
	_, out, errs = cli(t, env, t0.Add(2*time.Minute), "", append([]string{"start", "-mode", "grind", "-max", "9"}, append(st, "grind")...)...)
	if !strings.Contains(errs, "max 9 is above 8, Claude Code's cap") || !strings.Contains(errs, loopstate.BlockCapEnv) {
		t.Errorf("start -max 9: stderr %q, want the block-cap warning", errs)
	}
	env[loopstate.BlockCapEnv] = "20"
	_, _, errs = cli(t, env, t0.Add(2*time.Minute), "", append([]string{"status"}, st...)...)
	if errs != "" {
		t.Errorf("status with cap 20: stderr %q", errs)
	}
	_, out, _ = cli(t, env, t0.Add(2*time.Minute), "", append([]string{"status"}, st...)...)
	if strings.Contains(out, "warning") {
		t.Errorf("status with cap 20 warned: %q", out)
	}
	delete(env, loopstate.BlockCapEnv)
	code, out, _ = cli(t, env, t0.Add(3*time.Minute), "", append([]string{"status"}, st...)...)
	for _, want := range []string{"ACTIVE: event STATE", "[2] grind 1/9: grind", "[1] issue 1/12: issue 7", "[0] loop 1/3: fix the build", "warning: max 9"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("status: out %q, want %q", out, want)
		}
	}
	code, out, _ = cli(t, env, t0.Add(4*time.Hour), "", append([]string{"status"}, st...)...)
	if !strings.Contains(out, "STUCK") || !strings.Contains(out, "stale") {
		t.Errorf("status of stale loop: %q", out)
	}
	code, out, _ = cli(t, env, t0.Add(4*time.Minute), "", append([]string{"abort"}, st...)...)
	if code != 0 || !strings.Contains(out, "aborted") {
		t.Errorf("abort: code %d, out %q", code, out)
	}
	_, out, _ = cli(t, env, t0.Add(5*time.Minute), "", append([]string{"status"}, st...)...)
	if !strings.HasPrefix(out, "ABORTED: event ABORT") {
		t.Errorf("status after abort: %q", out)
	}
	// cancel is abort for a human (the plugin's /loop:cancel).
	cli(t, env, t0.Add(6*time.Minute), "", append([]string{"start"}, append(st, "again")...)...)
	code, out, _ = cli(t, env, t0.Add(7*time.Minute), "", append([]string{"cancel"}, st...)...)
	if code != 0 || out != "loop cancelled: the next stop goes through\n" {
		t.Errorf("cancel: code %d, out %q", code, out)
	}
	if _, out, _ = cli(t, env, t0.Add(8*time.Minute), "", append([]string{"status"}, st...)...); !strings.Contains(out, "ABORT") {
		t.Errorf("status after cancel: %q", out)
	}
	code, _, errs = cli(t, env, t0, "", append([]string{"abort"}, append(st, "-session", "other")...)...)
	if code != 1 || !strings.Contains(errs, "no running loop") {
		t.Errorf("abort without loop: code %d, stderr %q", code, errs)
	}
	code, _, errs = cli(t, map[string]string{}, t0, "", append([]string{"start"}, append(st, "x")...)...)
	if code != 1 || !strings.Contains(errs, "no session") {
		t.Errorf("start without a session: code %d, stderr %q", code, errs)
	}
	code, _, errs = cli(t, env, t0, "", append([]string{"start", "-mode", "spin"}, append(st, "x")...)...)
	if want := "stophook-loop start: invalid value \"spin\" for flag -mode: want loop, issue or grind (stophook-loop start -h for help)\n"; code != 2 || errs != want {
		t.Errorf("start -mode spin: code %d, stderr %q; want 2 and %q", code, errs, want)
	}
	code, _, _ = cli(t, env, t0, "", "start", "-bogus")
	if code != 2 {
		t.Errorf("bad flag: code %d, want 2", code)
	}
	_, out, _ = cli(t, map[string]string{}, t0, "", append([]string{"status", "-shared"}, st...)...)
	if out != "IDLE: no loop\n" {
		t.Errorf("status -shared: %q", out)
	}
}

func TestHook(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("STOPHOOK_STATE_DIR", "")
	t.Setenv("IDLE_LOOP_DISABLE", "")
	env := map[string]string{"CLAUDE_CODE_SESSION_ID": session}
	state := filepath.Join(dir, ".claude", "stophook")
	if code, _, errs := cli(t, env, t0, "", "start", "-max", "3", "-state", state, "task"); code != 0 {
		t.Fatalf("start: %s", errs)
	}
	block := func(n int) string {
		b, _ := json.Marshal(map[string]string{"decision": "block", "reason": fmt.Sprintf("[ITERATION %d/3] %s", n, loopstate.ContinueText)})
		return string(b) + "\n"
	}
	steps := []struct {
		args    []string
		last    string
		code    int
		stdout  string // exact; "" means allow (no block)
		explain bool
	}{
		{nil, "working", 0, block(2), false},
		{[]string{"-explain"}, "```\n<loop-done>COMPLETE</loop-done>\n```", 0, block(3), true},
		{nil, "<loop-done>COMPLETE</loop-done>", 0, "", false},
	}
	for i, s := range steps {
		code, out, errs := cli(t, env, t0.Add(time.Duration(i+1)*time.Minute), stopJSON(t, dir, s.last, i > 0), s.args...)
		if code != s.code {
			t.Errorf("step %d: code %d, want %d (stderr %q)", i, code, s.code, errs)
		}
		if s.stdout != "" && out != s.stdout {
			t.Errorf("step %d: stdout %q, want %q", i, out, s.stdout)
		}
		if s.stdout == "" && strings.Contains(out, "block") {
			t.Errorf("step %d: stdout %q, want no block", i, out)
		}
		if s.explain && !strings.Contains(errs, "LoopIterator: block") {
			t.Errorf("step %d: -explain stderr %q, want the trace", i, errs)
		}
	}
	// -exit2 mode and a malformed input.
	cli(t, env, t0, "", "start", "-max", "3", "-state", state, "again")
	code, out, errs := cli(t, env, t0.Add(time.Hour), stopJSON(t, dir, "x", false), "-exit2")
	if code != 2 || !strings.Contains(out, `"decision":"block"`) || !strings.Contains(errs, "[ITERATION 2/3]") {
		t.Errorf("-exit2: code %d, out %q, err %q", code, out, errs)
	}
	code, out, _ = cli(t, env, t0.Add(time.Hour), "{not json", "")
	if code != 0 || strings.Contains(out, "block") {
		t.Errorf("malformed input: code %d, out %q", code, out)
	}
	code, out, errs = cli(t, env, t0.Add(time.Hour), stopJSON(t, dir, "x", false), "-no-such-flag")
	if code != 0 || strings.Contains(out, "block") || !strings.Contains(errs, "allowing stop") {
		t.Errorf("bad hook flag: code %d, out %q, err %q", code, out, errs)
	}
}

// buildLoop compiles the example into a temporary directory.
func buildLoop(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "loop")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestConcurrentHooks runs 64 hook processes at once on one ACTIVE loop:
// the FileStore's lock makes each read-modify-write atomic, so the
// iteration advances by exactly 64.
func TestConcurrentHooks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and starts 64 processes")
	}
	const n = 64
	bin := buildLoop(t)
	dir := t.TempDir()
	state := filepath.Join(dir, "state")
	// 64 continuations of one turn: above the default per-turn budget of 8.
	env := append(os.Environ(), "CLAUDE_CODE_SESSION_ID="+session, "IDLE_LOOP_DISABLE=", "STOPHOOK_DISABLE=", "STOPHOOK_MAX_TURN_BLOCKS=1000")
	start := exec.Command(bin, "start", "-max", "1000", "-state", state, "concurrency")
	start.Env = env
	if out, err := start.CombinedOutput(); err != nil {
		t.Fatalf("start: %v\n%s", err, out)
	}
	input := stopJSON(t, dir, "still working", true)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	var mu sync.Mutex
	blocks := map[string]int{}
	ready := make(chan struct{})
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.CommandContext(ctx, bin, "-state", state)
			cmd.Env = env
			cmd.Stdin = strings.NewReader(input)
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			<-ready
			err := cmd.Run()
			mu.Lock()
			defer mu.Unlock()
			if err != nil || errb.Len() > 0 {
				t.Errorf("hook process: %v, stderr %q", err, errb.String())
				return
			}
			var d struct{ Decision, Reason string }
			if err := json.Unmarshal(out.Bytes(), &d); err != nil || d.Decision != "block" {
				t.Errorf("hook process: stdout %q, want a block", out.String())
				return
			}
			blocks[d.Reason]++
		}()
	}
	close(ready)
	wg.Wait()
	s, err := (&loopstate.Loops{Store: stophook.NewFileStore(state)}).Get(context.Background(), "loop/"+session)
	if err != nil {
		t.Fatal(err)
	}
	top, _ := s.Top()
	if top.Iter != 1+n {
		t.Errorf("got iteration %d after %d concurrent hooks, want %d", top.Iter, n, 1+n)
	}
	// Each process saw a different iteration: no two read the same state.
	for i := 2; i <= n+1; i++ {
		if r := fmt.Sprintf("[ITERATION %d/1000] %s", i, loopstate.ContinueText); blocks[r] != 1 {
			t.Errorf("iteration %d was reported %d times, want once", i, blocks[r])
		}
	}
}

// -continue context sends the iteration text as Stop additionalContext; a
// stop with a running background task is a pause that keeps the iteration.
func TestHookContinueWithContext(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("STOPHOOK_STATE_DIR", "")
	t.Setenv("IDLE_LOOP_DISABLE", "")
	env := map[string]string{"CLAUDE_CODE_SESSION_ID": session}
	state := filepath.Join(dir, ".claude", "stophook")
	if code, _, errs := cli(t, env, t0, "", "start", "-max", "4", "-state", state, "task"); code != 0 {
		t.Fatalf("start: %s", errs)
	}
	context := func(n int) string {
		b, _ := json.Marshal(fmt.Sprintf("[ITERATION %d/4] %s", n, loopstate.ContinueText))
		return `{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":` + string(b) + "}}\n"
	}
	if _, out, errs := cli(t, env, t0.Add(time.Minute), stopJSON(t, dir, "working", false), "-continue", "context"); out != context(2) {
		t.Fatalf("first stop: stdout %q, want %q (stderr %q)", out, context(2), errs)
	}
	var paused map[string]any
	json.Unmarshal([]byte(stopJSON(t, dir, "started the tests in the background", true)), &paused)
	paused["background_tasks"] = []any{map[string]any{"id": "b1", "type": "shell", "status": "running", "command": "go test ./..."}}
	b, _ := json.Marshal(paused)
	if _, out, errs := cli(t, env, t0.Add(2*time.Minute), string(b), "-continue", "context", "-explain"); strings.Contains(out, "ITERATION") || !strings.Contains(errs, "paused: 1 background task") {
		t.Fatalf("paused stop: stdout %q stderr %q, want no continuation and the pause in the trace", out, errs)
	}
	if _, out, _ := cli(t, env, t0.Add(3*time.Minute), stopJSON(t, dir, "tests done", false), "-continue", "context"); out != context(3) {
		t.Fatalf("next real stop: stdout %q, want %q", out, context(3))
	}
	if code, out, errs := cli(t, env, t0, stopJSON(t, dir, "x", false), "-continue", "sideways"); code != 0 || strings.Contains(out, "ITERATION") || !strings.Contains(errs, "allowing stop") {
		t.Errorf("bad -continue: code %d out %q err %q", code, out, errs)
	}
}

// TestStatusStoreUnreadable: status tells a store it cannot read (exit 1,
// one line on stderr) from a record it cannot trust (which the next stop
// ends, exit 0): a store that is down says nothing about the loop.
func TestStatusStoreUnreadable(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"CLAUDE_CODE_SESSION_ID": session}
	notDir := filepath.Join(dir, "file")
	if err := os.WriteFile(notDir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errs := cli(t, env, t0, "", "status", "-store", notDir)
	if code != 1 || out != "" || !strings.HasPrefix(errs, "loop: ") || strings.Count(errs, "\n") != 1 {
		t.Errorf("status on an unreadable store: code %d, out %q, stderr %q; want 1, nothing, one line", code, out, errs)
	}
	key, err := loopstate.SessionKey(session)
	if err != nil {
		t.Fatal(err)
	}
	store := filepath.Join(dir, "store")
	if err := stophook.NewFileStore(store).Update(context.Background(), key, func([]byte) ([]byte, error) {
		return []byte(`{"schema":1,"event":"BOGUS"}`), nil
	}); err != nil {
		t.Fatal(err)
	}
	code, out, _ = cli(t, env, t0, "", "status", "-store", store)
	if code != 0 || !strings.HasPrefix(out, "ABORTED at the next stop: loopstate: corrupt state") {
		t.Errorf("status on a corrupt record: code %d, out %q", code, out)
	}
}

// TestFlagsAfterArguments: Go's flag parsing stops at the first argument
// that is not a flag, so `start PROMPT -store URL` took "-store URL" for
// words of the prompt: the loop went to the default store, and a password
// in the URL into the loop's record, shown by status and sent to the
// agent. A flag of the command after the prompt, or any argument of a
// command that takes none, is refused in one line (exit 2), and nothing
// is written.
func TestFlagsAfterArguments(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"CLAUDE_CODE_SESSION_ID": session, "STOPHOOK_STATE_DIR": filepath.Join(dir, "default")}
	store := filepath.Join(dir, "store")
	for _, args := range [][]string{
		{"start", "fix", "the", "build", "-store", "redis://:s3cret@127.0.0.1:6379/0"},
		{"start", "fix the build", "--store=" + store},
		{"start", "-max", "3", "fix the build", "-max", "5"},
		{"status", session, "-store", store},
		{"status", "-store", store, "extra"},
		{"cancel", "-store", store, "now"},
		{"abort", "now", "-store", store},
	} {
		code, out, errs := cli(t, env, t0, "", args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || strings.Contains(errs, "s3cret") {
			t.Errorf("%q: code %d, stdout %q, stderr %q; want 2, nothing, one line without the password", args, code, out, errs)
		}
	}
	for _, d := range []string{store, filepath.Join(dir, "default")} {
		if _, err := os.Stat(d); !os.IsNotExist(err) {
			t.Errorf("%s written by a refused command line (%v)", d, err)
		}
	}
	// A prompt may still hold words that only look like flags, and a
	// flag's word inside a quoted prompt is prompt text.
	for _, prompt := range [][]string{{"fix", "the", "-v", "flag"}, {"remove the -store flag"}, {"-", "dash"}} {
		code, out, errs := cli(t, env, t0, "", append([]string{"start", "-store", store}, prompt...)...)
		if code != 0 || !strings.HasPrefix(out, "loop started") {
			t.Errorf("start %q: code %d, stdout %q, stderr %q; want started", prompt, code, out, errs)
		}
		cli(t, env, t0, "", "cancel", "-store", store)
	}
}

// TestHookStrayArgument: the hook given an argument it does not take, a
// store URL without -store say, lets the stop through in one line that
// does not show the URL's password; its server fails in such a line.
func TestHookStrayArgument(t *testing.T) {
	for _, args := range [][]string{
		{"redis://:s3cret@127.0.0.1:6379/0"},
		{"-http", "127.0.0.1:0", "redis://:s3cret@127.0.0.1:6379/0"},
		{"-explain", "redis://:s3cret@127.0.0.1:6379/0"},
	} {
		want := 0
		if args[0] == "-http" {
			want = 1
		}
		code, out, errs := cli(t, map[string]string{}, t0, "{}", args...)
		if code != want || out != "" || strings.Count(errs, "\n") != 1 || strings.HasSuffix(errs, "allowing stop\n") != (want == 0) || strings.Contains(errs, "s3cret") {
			t.Errorf("%q: code %d, stdout %q, stderr %q; want %d, nothing, one line without the password", args, code, out, errs, want)
		}
	}
}

// TestServerCommandLineFails: the hook server (-http) is started by an
// operator or a service manager, so a command line it cannot serve — a
// bad flag, an unknown command, an address it cannot listen on — exits 1
// with one line they see, never 0 with "allowing stop" as the hook does.
func TestServerCommandLineFails(t *testing.T) {
	for _, args := range [][]string{
		{"-http", "127.0.0.1:0", "-nope"},
		{"-nope", "-http", "127.0.0.1:0"},
		{"--http=127.0.0.1:0", "-continue", "sideways"},
		{"-http", ""},
		{"serve", "-http", "127.0.0.1:0"},
		{"-http", "127.0.0.1:no-such-port"},
		{"-http", "no-port"},
	} {
		code, out, errs := cli(t, map[string]string{}, t0, "", args...)
		if code != 1 || out != "" || strings.Count(errs, "\n") != 1 || strings.Contains(errs, "allowing stop") {
			t.Errorf("%q: code %d, stdout %q, stderr %q; want 1 and one line", args, code, out, errs)
		}
	}
	code, _, errs := cli(t, map[string]string{}, t0, "{}", "serve")
	if code != 0 || !strings.HasSuffix(errs, "allowing stop\n") {
		t.Errorf("unknown command without -http: code %d, stderr %q; want the stop let through", code, errs)
	}
}

// TestBadStoreEnvRefused: a $STOPHOOK_STORE the store cannot be opened
// from (a relative directory, an unknown scheme) is refused in one line,
// exit 1, by the commands and by the -http server: they serve or change
// another store than the one the operator named (a replica falling back
// to per-machine files splits the fleet's loops; a loop started in the
// project's files is never seen by replicas on Redis). The hook keeps its
// default store and says so: a hook never traps a session.
func TestBadStoreEnvRefused(t *testing.T) {
	// The server's address does not parse: were the store not refused
	// first, it would say so in a second line.
	for _, bad := range []string{"relative/dir", "ftp://host/x", "file:relative"} {
		dir := t.TempDir()
		env := map[string]string{"CLAUDE_CODE_SESSION_ID": session, "STOPHOOK_STORE": bad, "STOPHOOK_STATE_DIR": dir}
		for _, args := range [][]string{{"start", "x"}, {"status"}, {"cancel"}, {"-http", "127.0.0.1:no-such-port"}} {
			code, out, errs := cli(t, env, t0, "", args...)
			if code != 1 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "STOPHOOK_STORE") || strings.Contains(errs, "default store") {
				t.Errorf("STOPHOOK_STORE=%s %q: code %d, stdout %q, stderr %q; want 1 and one line naming the variable", bad, args, code, out, errs)
			}
		}
		key, err := loopstate.SessionKey(session)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := stophook.NewFileStore(dir).Get(context.Background(), key); err == nil {
			t.Errorf("STOPHOOK_STORE=%s: start wrote a loop into the default store", bad)
		}
		code, out, errs := cli(t, env, t0, stopJSON(t, dir, "done", false))
		if code != 0 || out != "{}\n" || !strings.Contains(errs, "using the default store") {
			t.Errorf("STOPHOOK_STORE=%s, the hook: code %d, stdout %q, stderr %q; want 0 and the default store", bad, code, out, errs)
		}
	}
}

// TestServerMemoryStoreWarns: a -http server on memory: can never iterate
// a loop, since `stophook-loop start` runs in another process and cannot
// reach the server's memory; it served without a word.
func TestServerMemoryStoreWarns(t *testing.T) {
	// The address does not parse, so the server stops after its warnings.
	_, _, errs := cli(t, map[string]string{}, t0, "", "-http", "127.0.0.1:no-such-port", "-store", "memory:")
	if !strings.Contains(errs, "memory:") || !strings.Contains(errs, "start") {
		t.Errorf("stderr %q, want a line saying that no loop can be started in memory:", errs)
	}
}
