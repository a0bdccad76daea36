package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// captured is a transcript Claude Code 2.1.330 wrote in the e2e suite.
func captured(name string) string {
	p, err := filepath.Abs(filepath.Join("..", "..", "transcript", "testdata", "captured", name))
	if err != nil {
		panic(err)
	}
	return p
}

// sharedTranscripts is the directory of real public transcripts kept beside
// the repository (STOPHOOK_TRANSCRIPTS overrides); tests that need it skip
// without it.
func sharedTranscripts(t *testing.T) string {
	t.Helper()
	d := os.Getenv("STOPHOOK_TRANSCRIPTS")
	if d == "" {
		d = filepath.Join("..", "..", "..", "shared", "data", "transcripts")
	}
	if _, err := os.Stat(d); err != nil {
		t.Skipf("no shared transcripts: %v", err)
	}
	return d
}

// errorTurn writes into dir the first turn of blocked-retried.jsonl, up to
// its reply "Error: build failed": the transcript as it was when the Stop
// hook ran on that reply.
func errorTurn(t *testing.T, dir string) string {
	t.Helper()
	b, err := os.ReadFile(captured("blocked-retried.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(b, []byte("\n"))
	p := filepath.Join(dir, "error-turn.jsonl")
	if err := os.WriteFile(p, bytes.Join(lines[:18], nil), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestTurnEnds(t *testing.T) {
	t.Parallel()
	type end struct {
		Session string
		Turn    int
	}
	tests := []struct {
		name string
		path func(t *testing.T) string
		want []end
	}{
		{"one turn, blocked once then retried: one turn end, at the retry", func(*testing.T) string { return captured("blocked-retried.jsonl") },
			[]end{{"6ddd008a-e5db-4616-a846-0214d88eb5a8", 1}}},
		{"tool turn", func(*testing.T) string { return captured("tool-turn.jsonl") },
			[]end{{"42e1af9f-cc15-4fe3-9a18-0cd104be44ad", 1}}},
		// Turn 1 is interrupted (no Stop). Turn 2, a task notification,
		// is compacted while a tool runs and goes on after the summary
		// (isCompactSummary: no prompt), to the reply its Stop hook ran on
		// (the stop_hook_summary after it); turns 3 and 4 follow.
		{"real session with interruptions and compaction", func(t *testing.T) string {
			return filepath.Join(sharedTranscripts(t), "spotter", "258c7280-ae70-4798-800f-63464d01a85d.jsonl")
		}, []end{{"258c7280-ae70-4798-800f-63464d01a85d", 2}, {"258c7280-ae70-4798-800f-63464d01a85d", 3}, {"258c7280-ae70-4798-800f-63464d01a85d", 4}}},
		{"interrupted only", func(t *testing.T) string { return filepath.Join(sharedTranscripts(t), "spotter", "short.jsonl") }, nil},
		// Copilot CLI and droid write a hook's reason as a plain user
		// message after their record of the hook run: no new turn.
		{"copilot, blocked once then retried", func(*testing.T) string { return filepath.Join("testdata", "continued", "copilot.jsonl") },
			[]end{{"3bbf2487-1dd8-4ea6-94e4-96a1029f8be9", 1}}},
		{"droid, blocked once then retried", func(*testing.T) string { return filepath.Join("testdata", "continued", "droid.jsonl") },
			[]end{{"b60cf887-951a-42ad-92a3-bd434d1a5668", 1}}},
		{"subagent transcript: sidechain only", func(t *testing.T) string {
			return filepath.Join(sharedTranscripts(t), "claude-code-viewer", "agent-test-hash-123.jsonl")
		}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var got []end
			var cuts []int64
			p := tc.path(t)
			if err := turnEnds(p, func(te turnEnd) error {
				got = append(got, end{te.session, te.turn})
				cuts = append(cuts, te.cut)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
			b, _ := os.ReadFile(p)
			for _, c := range cuts {
				if c <= 0 || c > int64(len(b)) || b[c-1] != '\n' {
					t.Errorf("cut %d is not at a line end of the %d-byte file", c, len(b))
				}
				// The cut ends on an assistant reply.
				last := b[:c-1]
				last = last[bytes.LastIndexByte(last, '\n')+1:]
				if m, ok := lastMessage(last); !ok || m.Role != "assistant" {
					t.Errorf("line before cut %d is not an assistant reply: %.120s", c, last)
				}
			}
		})
	}
}

// replayJSON runs replay -json and returns its rows and stderr.
func replayJSON(t *testing.T, e *env, args ...string) ([]map[string]any, string) {
	t.Helper()
	code := e.run(append([]string{"replay", "-json"}, args...)...)
	if code != 0 {
		t.Fatalf("replay: exit %d: %s", code, e.errOut.String())
	}
	var rows []map[string]any
	sc := bufio.NewScanner(&e.out)
	sc.Buffer(nil, 4<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("row %q: %v", sc.Text(), err)
		}
		rows = append(rows, m)
	}
	return rows, e.errOut.String()
}

// treeSum hashes every path and file under dir.
func treeSum(t *testing.T, dir string) [32]byte {
	t.Helper()
	h := sha256.New()
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		h.Write([]byte(p + "\n"))
		if d.Type().IsRegular() {
			b, _ := os.ReadFile(p)
			h.Write(b)
		}
		return nil
	})
	var sum [32]byte
	copy(sum[:], h.Sum(nil))
	return sum
}

func TestReplayGivesTheHookTheStopInputOfThatMoment(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	sessions := filepath.Join(e.home, ".claude", "projects", "-home-user-project")
	os.MkdirAll(sessions, 0o755)
	errorTurn(t, sessions)
	os.MkdirAll(filepath.Join(sessions, "subagents"), 0o755)
	os.WriteFile(filepath.Join(sessions, "subagents", "agent-x.jsonl"), []byte(`{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"sub"}]}}`+"\n"), 0o644)
	// The hook tries to write everywhere it can, then blocks with what it
	// saw: its input, where HOME, the state dir and cwd are, and the size
	// of the transcript it was given.
	hook := e.script("probe", `in=$(cat)
tp=$(printf '%s' "$in" | sed -n 's/.*"transcript_path":"\([^"]*\)".*/\1/p')
mkdir -p "$HOME/.claude" && echo x > "$HOME/.claude/settings.json"
echo x > written-in-cwd
echo x > "$STOPHOOK_STATE_DIR/state"
echo "{\"time\":\"t\",\"policy\":\"probe-policy\"}" >> "$STOPHOOK_LOG"
printf 'HOME=%s\nSTATE=%s\nPWD=%s\nSIZE=%s\nINPUT=%s\n' "$HOME" "$STOPHOOK_STATE_DIR" "$PWD" "$(wc -c < "$tp")" "$in" >&2
exit 2`)
	before := treeSum(t, e.home)
	beforeProject := treeSum(t, e.dir)
	rows, stderr := replayJSON(t, e, "-hook", hook+" -flag 'two words'", filepath.Join(e.home, ".claude", "projects"))
	if len(rows) != 1 {
		t.Fatalf("got %d rows, want 1 (subagents/ skipped): %v", len(rows), rows)
	}
	r := rows[0]
	if r["decision"] != "block" || r["session_id"] != "6ddd008a-e5db-4616-a846-0214d88eb5a8" || r["turn"] != 1.0 || r["policy"] != "probe-policy" {
		t.Fatalf("row %v", r)
	}
	seen := map[string]string{}
	for _, l := range strings.Split(r["reason"].(string), "\n") {
		k, v, _ := strings.Cut(l, "=")
		seen[k] = v
	}
	var in map[string]any
	if err := json.Unmarshal([]byte(seen["INPUT"]), &in); err != nil {
		t.Fatalf("hook input %q: %v", seen["INPUT"], err)
	}
	if in["hook_event_name"] != "Stop" || in["stop_hook_active"] != false || in["session_id"] != r["session_id"] ||
		in["last_assistant_message"] != "Error: build failed" || in["cwd"] != seen["PWD"] {
		t.Errorf("hook input %v", in)
	}
	b, _ := os.ReadFile(filepath.Join(sessions, "error-turn.jsonl"))
	if strings.TrimSpace(seen["SIZE"]) != itoa(len(b)) {
		t.Errorf("transcript copy has %s bytes, want %d", seen["SIZE"], len(b))
	}
	for _, k := range []string{"HOME", "STATE", "PWD"} {
		if seen[k] == "" || strings.HasPrefix(seen[k], e.home) || strings.HasPrefix(seen[k], e.dir) || seen[k] == os.Getenv("HOME") {
			t.Errorf("%s=%q, want a temp directory", k, seen[k])
		}
		if _, err := os.Stat(seen[k]); err == nil {
			t.Errorf("%s=%q still exists after replay", k, seen[k])
		}
	}
	if strings.Contains(in["transcript_path"].(string), e.home) {
		t.Errorf("transcript_path %q is not a copy", in["transcript_path"])
	}
	if treeSum(t, e.home) != before || treeSum(t, e.dir) != beforeProject {
		t.Error("replay changed files in HOME or the working directory")
	}
	if !strings.Contains(stderr, "1 turn ends in 1 sessions (1 transcripts): hook blocked 1 (100.0%)") {
		t.Errorf("totals on stderr: %q", stderr)
	}
}

func TestReplayCompareAndText(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	allow := e.script("allow", `cat >/dev/null; echo '{}'`)
	block := e.script("block", `cat >/dev/null; printf '%s\n' '{"decision":"block","reason":"Keep going:\nsecond line"}'`)
	paths := []string{captured("tool-turn.jsonl"), errorTurn(t, t.TempDir())}
	rows, stderr := replayJSON(t, e, append([]string{"-hook", allow, "-compare", block}, paths...)...)
	if len(rows) != 2 {
		t.Fatalf("got %d rows, want 2", len(rows))
	}
	for _, r := range rows {
		if r["decision"] != "allow" || r["compare_decision"] != "block" || r["compare_reason"] != "Keep going:\nsecond line" || r["differ"] != true {
			t.Errorf("row %v", r)
		}
	}
	if !strings.Contains(stderr, "compare blocked 2 (100.0%); they differ on 2") {
		t.Errorf("totals: %q", stderr)
	}

	if code := e.run(append([]string{"replay", "-hook", allow, "-compare", block}, paths...)...); code != 0 {
		t.Fatalf("exit %d: %s", code, e.errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(e.out.String()), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "SESSION") || !strings.Contains(lines[1], "≠") || !strings.Contains(lines[1], "Keep going: …") {
		t.Fatalf("text output:\n%s", e.out.String())
	}
	if !strings.HasPrefix(lines[3], "2 turn ends in 2 sessions (2 transcripts): hook blocked 0 (0.0%); compare blocked 2") {
		t.Errorf("totals line %q", lines[3])
	}
}

// TestReplayContinuations: every answer on which Claude Code goes on with
// the turn is a block, additionalContext included (autopilot's default and
// quickstart's -continue context), and only those.
func TestReplayContinuations(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tests := []struct{ name, body, decision, reason string }{
		{"decision block", `echo '{"decision":"block","reason":"go on"}'`, "block", "go on"},
		{"additionalContext", `echo '{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"go on"}}'`, "block", "go on"},
		{"exit 2", `echo 'go on' >&2; exit 2`, "block", "go on"},
		{"additionalContext of another event", `echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"x"}}'`, "allow", ""},
		{"empty additionalContext", `echo '{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":""}}'`, "allow", ""},
		{"continue false", `echo '{"continue":false,"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"x"}}'`, "allow", ""},
		{"empty object", `echo '{}'`, "allow", ""},
	}
	for _, tc := range tests {
		hook := e.script(strings.ReplaceAll(tc.name, " ", "-"), "cat >/dev/null; "+tc.body)
		rows, _ := replayJSON(t, e, "-hook", hook, captured("tool-turn.jsonl"))
		if len(rows) != 1 || rows[0]["decision"] != tc.decision || rows[0]["reason"] != tc.reason {
			t.Errorf("%s: rows %v, want decision %s, reason %q", tc.name, rows, tc.decision, tc.reason)
		}
	}
}

func TestReplayHookFailuresAllow(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tests := []struct{ name, body, err string }{
		{"exit 1", `cat >/dev/null; echo boom >&2; exit 1`, "exit 1: boom"},
		{"garbage JSON", `cat >/dev/null; echo '{"decision": "block",'`, "not valid JSON"},
		{"timeout", `exec sleep 30`, "no answer within"},
		{"plain text", `cat >/dev/null; echo hello`, ""},
		{"continue false", `cat >/dev/null; echo '{"continue": false, "decision": "block", "reason": "x"}'`, ""},
	}
	for _, tc := range tests {
		hook := e.script(strings.ReplaceAll(tc.name, " ", "-"), tc.body)
		// Only the hook that never answers meets a short timeout; the others
		// get one no loaded machine reaches.
		timeout := "2m"
		if tc.name == "timeout" {
			timeout = "300ms"
		}
		rows, _ := replayJSON(t, e, "-timeout", timeout, "-hook", hook, captured("tool-turn.jsonl"))
		if len(rows) != 1 || rows[0]["decision"] != "allow" {
			t.Fatalf("%s: rows %v, want one allow", tc.name, rows)
		}
		got, _ := rows[0]["error"].(string)
		if tc.err == "" && got != "" || !strings.Contains(got, tc.err) {
			t.Errorf("%s: error %q, want %q", tc.name, got, tc.err)
		}
	}
}

func TestReplayUsage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, args := range [][]string{
		{"replay", captured("tool-turn.jsonl")},
		{"replay", "-hook", "x"},
		{"replay", "-hook", "'unterminated", captured("tool-turn.jsonl")},
		{"replay", "-hook", "no-such-command-anywhere", captured("tool-turn.jsonl")},
	} {
		if code := e.run(args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	if code := e.run("replay", "-hook", "true", filepath.Join(e.dir, "missing")); code != 1 {
		t.Errorf("missing PATH: exit %d, want 1", code)
	}
}

// TestReplayQuickstart builds the quickstart example and replays a turn
// that ended on an error and one that ended well: the first is sent back
// with ErrorRetry's reason, the second may stop.
func TestReplayQuickstart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	if runtime.GOOS == "windows" {
		t.Skip("unix paths")
	}
	t.Parallel()
	e := newEnv(t)
	bin := filepath.Join(t.TempDir(), "stophook-quickstart")
	build := exec.Command("go", "build", "-o", bin, "../../examples/quickstart")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build quickstart: %v\n%s", err, out)
	}
	e.vars["PATH"] = os.Getenv("PATH")
	rows, _ := replayJSON(t, e, "-hook", bin, errorTurn(t, t.TempDir()), captured("tool-turn.jsonl"))
	if len(rows) != 2 {
		t.Fatalf("got %d rows, want 2", len(rows))
	}
	if rows[0]["decision"] != "block" || !strings.Contains(rows[0]["reason"].(string), "error") {
		t.Errorf("error turn: %v, want a block naming the error", rows[0])
	}
	if rows[1]["decision"] != "allow" || rows[1]["error"] != nil {
		t.Errorf("done turn: %v, want allow", rows[1])
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestReplayOutputClosed: `stophook replay … | head -1` ends replay with
// exit 1 once its output is gone, and the temp directory holding the
// copies of the user's transcripts is removed (a broken pipe killed it
// before, leaving them in TMPDIR).
func TestReplayOutputClosed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	if runtime.GOOS == "windows" {
		t.Skip("SIGPIPE")
	}
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "stophook")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	projects := t.TempDir()
	src, err := os.ReadFile(captured("tool-turn.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 40 {
		if err := os.WriteFile(filepath.Join(projects, "s"+itoa(i)+".jsonl"), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tmp := t.TempDir()
	cmd := exec.Command(bin, "replay", "-hook", "true", projects)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	out.Close()
	err = cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Errorf("exit %d (%v), want 1; stderr %q", code, err, stderr.String())
	}
	if n := strings.Count(stderr.String(), "\n"); n > 2 {
		t.Errorf("stderr has %d lines, want the write error once:\n%s", n, stderr.String())
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range left {
		t.Errorf("left in TMPDIR: %s", d.Name())
	}
}

// gzipTo writes src gzipped at dst.
func gzipTo(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(b)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, z.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReplayReadsGzippedTranscripts: a transcript kept gzipped
// (session.jsonl.gz, as archived sessions and judge/testdata/sessions are)
// is replayed as the .jsonl it holds, found in a directory or named, and
// the hook gets a plain .jsonl copy, as Claude Code would give it. Replay
// saw 0 turn ends in them before, without a word.
func TestReplayReadsGzippedTranscripts(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	dir := t.TempDir()
	gzipTo(t, errorTurn(t, t.TempDir()), filepath.Join(dir, "error-turn.jsonl.gz"))
	gzipTo(t, captured("tool-turn.jsonl"), filepath.Join(dir, "tool-turn.jsonl.gz"))
	hook := e.script("probe", `in=$(cat)
tp=$(printf '%s' "$in" | sed -n 's/.*"transcript_path":"\([^"]*\)".*/\1/p')
printf '%s %s' "$tp" "$(head -c 1 "$tp")" >&2
exit 2`)
	for _, args := range [][]string{{dir}, {filepath.Join(dir, "error-turn.jsonl.gz"), filepath.Join(dir, "tool-turn.jsonl.gz")}} {
		rows, stderr := replayJSON(t, e, append([]string{"-hook", hook}, args...)...)
		if len(rows) != 2 {
			t.Fatalf("%v: got %d rows, want 2: %v\n%s", args, len(rows), rows, stderr)
		}
		for i, want := range []string{"6ddd008a-e5db-4616-a846-0214d88eb5a8", "42e1af9f-cc15-4fe3-9a18-0cd104be44ad"} {
			r := rows[i]
			reason, _ := r["reason"].(string)
			if r["session_id"] != want || r["turn"] != 1.0 || !strings.HasSuffix(reason, ".jsonl {") {
				t.Errorf("%v: row %v, want session %s, turn 1, a plain .jsonl copy for the hook", args, r, want)
			}
		}
		if !strings.Contains(stderr, "2 turn ends in 2 sessions (2 transcripts)") {
			t.Errorf("%v: totals %q", args, stderr)
		}
	}
	// A file that only says it is gzipped is a transcript replay cannot
	// read: exit 1, with its name.
	bad := filepath.Join(dir, "bad.jsonl.gz")
	os.WriteFile(bad, []byte("not gzip\n"), 0o644)
	if code := e.run("replay", "-hook", hook, bad); code != 1 || !strings.Contains(e.errOut.String(), "bad.jsonl.gz") {
		t.Errorf("bad gzip: exit %d, stderr %q; want 1 naming the file", code, e.errOut.String())
	}
}

// TestReplayReadsExit2AsClaudeCode: the reason of a block is what Claude
// Code would send back: on exit 2 with an empty stderr, the JSON on
// stdout's reason; for a block without a reason, "Blocked by hook". A
// hook killed by a signal names the signal.
func TestReplayReadsExit2AsClaudeCode(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tests := []struct{ name, body, decision, reason, err string }{
		{"exit 2, JSON on stdout, empty stderr", `echo '{"decision":"block","reason":"from json"}'; exit 2`, "block", "from json", ""},
		{"exit 2, stderr wins", `echo '{"decision":"block","reason":"from json"}'; echo 'from stderr' >&2; exit 2`, "block", "from stderr", ""},
		{"block without reason", `echo '{"decision":"block"}'`, "block", "Blocked by hook", ""},
		{"killed", `kill -KILL $$`, "allow", "", "signal: killed"},
	}
	for _, tc := range tests {
		hook := e.script(strings.ReplaceAll(tc.name, " ", "-"), "cat >/dev/null; "+tc.body)
		rows, _ := replayJSON(t, e, "-hook", hook, captured("tool-turn.jsonl"))
		if len(rows) != 1 {
			t.Fatalf("%s: rows %v", tc.name, rows)
		}
		got, _ := rows[0]["error"].(string)
		if rows[0]["decision"] != tc.decision || rows[0]["reason"] != tc.reason || !strings.Contains(got, tc.err) || (tc.err == "") != (got == "") {
			t.Errorf("%s: row %v, want decision %s, reason %q, error %q", tc.name, rows[0], tc.decision, tc.reason, tc.err)
		}
	}
}

// TestReplaySessionOfEachHost: the session column names the session of
// every host's transcript, from the line that declares it: Codex's
// session_meta (not a message's payload.id), Copilot's session.start (its
// transcripts are all named events.jsonl), droid's session_start.
func TestReplaySessionOfEachHost(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ host, want string }{
		{"copilot", "203144e1-bb91-4768-affd-45443ebc0c42"},
		{"droid", "3407bab3-4735-464c-9be4-e80ed23b0f47"},
		{"gemini", "77aa26f8-0fdf-4272-8adc-da4d699e1c39"},
		{"qwen", "4dc8e631-2708-49bd-8761-7f01388d5fcd"},
	} {
		var got []string
		p := filepath.Join("..", "..", "transcript", "testdata", "hosts", tc.host+".jsonl")
		if err := turnEnds(p, func(te turnEnd) error { got = append(got, te.session); return nil }); err != nil {
			t.Fatal(err)
		}
		if len(got) == 0 {
			t.Errorf("%s: no turn ends", tc.host)
		}
		for _, s := range got {
			if s != tc.want {
				t.Errorf("%s: session %q, want %q", tc.host, s, tc.want)
			}
		}
	}
	for _, tc := range []struct{ line, want string }{
		{`{"type":"session_meta","payload":{"id":"0199a213-81c0-7800-8aa1-bbab2a035a53","cwd":"/p"}}`, "0199a213-81c0-7800-8aa1-bbab2a035a53"},
		{`{"type":"response_item","payload":{"type":"message","id":"msg_09b7","role":"assistant"}}`, ""},
		{`{"type":"assistant","sessionId":"s-claude","message":{"id":"msg_1"}}`, "s-claude"},
	} {
		if got := sessionOf([]byte(tc.line)); got != tc.want {
			t.Errorf("sessionOf(%s) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

// TestReplayHookEnvKeepsTheUserWorldOut: the hook replay runs reaches
// nothing of the user's beyond their transcripts: not the state store
// STOPHOOK_STORE names (quickstart kept its retry counts there, in the
// live sessions' store), not Telegram (autopilot and retry-escalate would
// page the user for every past decision and wait for an answer), not the
// live session's tmux pane or messaging socket (queue, resume). PATH and
// API keys stay.
func TestReplayHookEnvKeepsTheUserWorldOut(t *testing.T) {
	t.Parallel()
	env := hookEnv([]string{
		"PATH=/bin", "ANTHROPIC_API_KEY=k", "LANG=C",
		"STOPHOOK_STORE=redis://127.0.0.1:6379/0", "STOPHOOK_HOST=codex",
		"TELEGRAM_BOT_TOKEN=t", "TELEGRAM_CHAT_ID=1", "TELEGRAM_API_URL=http://x",
		"CLAUDE_PLUGIN_OPTION_TELEGRAM_BOT_TOKEN=t", "CLAUDE_PLUGIN_OPTION_TELEGRAM_CHAT_ID=1",
		"TMUX=/tmp/tmux-0/default,1,0", "TMUX_PANE=%1",
		"CLAUDE_CODE_MESSAGING_SOCKET=/tmp/cc-socks/1.sock", "CLAUDE_CODE_MESSAGING_TOKEN=x",
		"HOME=/home/u", "STOPHOOK_STATE_DIR=/home/u/state", "STOPHOOK_LOG=/home/u/log",
	})
	if got, want := strings.Join(env, " "), "PATH=/bin ANTHROPIC_API_KEY=k LANG=C"; got != want {
		t.Errorf("hook environment %q, want %q", got, want)
	}
}

// TestReplayHintsAtAShell: a -hook copied from settings.json that needs a
// shell (a variable, an assignment, &&) cannot be found as a program: the
// usage error says how to run it through one.
func TestReplayHintsAtAShell(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, cmd := range []string{`$HOME/.claude/hooks/stop.sh`, `FOO=1 stophook-quickstart`, `cd hooks && ./stop.sh`} {
		code := e.run("replay", "-hook", cmd, captured("tool-turn.jsonl"))
		if code != 2 || !strings.Contains(e.errOut.String(), `sh -c`) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and a hint at sh -c", cmd, code, e.errOut.String())
		}
	}
	if code := e.run("replay", "-hook", "no-such-hook-anywhere", captured("tool-turn.jsonl")); code != 2 || strings.Contains(e.errOut.String(), "sh -c") {
		t.Errorf("plain missing program: exit %d, stderr %q; want 2 without the hint", code, e.errOut.String())
	}
}

// TestReplayFlagsAfterPaths: replay's flags may follow its PATHs
// (`stophook replay ~/.claude/projects -hook x -json`), as they may precede
// them; after "--" every argument is a PATH.
func TestReplayFlagsAfterPaths(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	p := captured("tool-turn.jsonl")
	rows, _ := replayJSON(t, e, "-hook", "true", p, "-timeout", "2m", p)
	if len(rows) != 2 {
		t.Errorf("flags between PATHs: %d rows, want 2", len(rows))
	}
	if code := e.run("replay", p, "-hook", "true", "-json"); code != 0 || !strings.HasPrefix(e.out.String(), "{") {
		t.Errorf("flags after the PATH: exit %d, stdout %q; want 0 and JSON rows\n%s", code, e.out.String(), e.errOut.String())
	}
	if code := e.run("replay", "-hook", "true", "--", "-json"); code != 1 || !strings.Contains(e.errOut.String(), "-json") {
		t.Errorf("after --: exit %d, stderr %q; want -json read as a missing PATH (exit 1)", code, e.errOut.String())
	}
}
