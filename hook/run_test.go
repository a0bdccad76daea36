package hook_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"fmt"
	"github.com/stophook/stophook"
	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/policy"
	"os"
	"path/filepath"
)

type runResult struct {
	code           int
	stdout, stderr string
}

func run(t *testing.T, chain *stophook.Chain, stdin io.Reader, opts hook.Options) runResult {
	t.Helper()
	var out, errb bytes.Buffer
	opts.Stdin, opts.Stdout, opts.Stderr = stdin, &out, &errb
	code := hook.Run(context.Background(), chain, opts)
	return runResult{code, out.String(), errb.String()}
}

func blocker(reason string) *stophook.Chain {
	return stophook.NewChain(stophook.Named("blocker", verdict(stophook.Block, reason)))
}

func TestRunBlockJSON(t *testing.T) {
	t.Parallel()
	r := run(t, blocker("keep going"), strings.NewReader(stopPayload), hook.Options{})
	if r.code != 0 {
		t.Errorf("exit %d, want 0", r.code)
	}
	var out map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("stdout %q: %v", r.stdout, err)
	}
	if out["decision"] != "block" || out["reason"] != "keep going" {
		t.Errorf("got %v, want block with reason", out)
	}
	if r.stderr != "" {
		t.Errorf("stderr %q, want empty", r.stderr)
	}
}

func TestRunBlockExitCode(t *testing.T) {
	t.Parallel()
	r := run(t, blocker("keep going"), strings.NewReader(stopPayload), hook.Options{ExitCode: true})
	if r.code != 2 {
		t.Errorf("exit %d, want 2", r.code)
	}
	if !strings.Contains(r.stdout, `"decision":"block"`) || strings.TrimSpace(r.stderr) != "keep going" {
		t.Errorf("got stdout %q stderr %q", r.stdout, r.stderr)
	}
}

func TestRunAllow(t *testing.T) {
	t.Parallel()
	r := run(t, stophook.NewChain(), strings.NewReader(stopPayload), hook.Options{ExitCode: true})
	if r.code != 0 || strings.TrimSpace(r.stdout) != "{}" {
		t.Errorf("got exit %d stdout %q, want 0 and {}", r.code, r.stdout)
	}
}

// slowReader never returns.
type slowReader struct{}

func (slowReader) Read([]byte) (int, error) { select {} }

func TestRunFailsOpen(t *testing.T) {
	t.Parallel()
	panicking := stophook.NewChain(stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) { panic("x") }))
	hang := stophook.NewChain(stophook.PolicyFunc(func(ctx context.Context, _ stophook.Input) (stophook.Decision, error) {
		select {} // ignores ctx on purpose
	}))
	tests := []struct {
		name      string
		chain     *stophook.Chain
		stdin     io.Reader
		opts      hook.Options
		wantInErr string
		wantInLog string // in the decision log line's why or policy
	}{
		{"garbage", blocker("x"), strings.NewReader("not json"), hook.Options{}, "invalid hook input", "invalid hook input"},
		{"empty", blocker("x"), strings.NewReader(""), hook.Options{}, "invalid hook input", "invalid hook input"},
		{"not an object", blocker("x"), strings.NewReader(`[1]`), hook.Options{}, "invalid hook input", "invalid hook input"},
		{"wrong type", blocker("x"), strings.NewReader(`{"hook_event_name":"Stop","session_id":7}`), hook.Options{}, "invalid hook input", "invalid hook input"},
		{"too large", blocker("x"), strings.NewReader(`{"a":"` + strings.Repeat("x", 2000) + `"}`), hook.Options{MaxInput: 1000}, "larger than 1000", "larger than 1000"},
		{"stdin never closes", blocker("x"), slowReader{}, hook.Options{ReadTimeout: 20 * time.Millisecond}, "timed out", "timed out"},
		{"wrong event", blocker("x"), strings.NewReader(`{"hook_event_name":"PreToolUse"}`), hook.Options{}, "not handled", "not handled"},
		{"panic", panicking, strings.NewReader(stopPayload), hook.Options{ExitCode: true}, "panicked", "panicked"},
		{"budget exceeded", hang, strings.NewReader(stopPayload), hook.Options{ExitCode: true, Budget: 20 * time.Millisecond}, "budget", "budget"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			logPath := filepath.Join(t.TempDir(), "decisions.jsonl")
			tt.opts.Log = logPath
			r := run(t, tt.chain, tt.stdin, tt.opts)
			if r.code != 0 {
				t.Errorf("exit %d, want 0", r.code)
			}
			// The decision log says why the stop was let through, as it
			// does for every decision.
			data, err := os.ReadFile(logPath)
			if err != nil {
				t.Fatalf("decision log: %v", err)
			}
			lines := strings.Split(strings.TrimSpace(string(data)), "\n")
			var line map[string]any
			if len(lines) != 1 || json.Unmarshal([]byte(lines[0]), &line) != nil {
				t.Fatalf("decision log %q, want one JSON line", data)
			}
			if line["verdict"] != "allow" || line["time"] == nil || line["duration_ms"] == nil {
				t.Errorf("decision log line %v, want verdict allow, a time and a duration", line)
			}
			if why, _ := line["why"].(string); !strings.Contains(why+" "+fmt.Sprint(line["policy"]), tt.wantInLog) {
				t.Errorf("decision log line %v, want its why or policy to mention %q", line, tt.wantInLog)
			}
			if strings.Contains(r.stdout, "block") {
				t.Errorf("stdout %q blocks", r.stdout)
			}
			if !strings.Contains(r.stderr, tt.wantInErr) {
				t.Errorf("stderr %q, want it to mention %q", r.stderr, tt.wantInErr)
			}
			if n := strings.Count(strings.TrimSpace(r.stderr), "\n"); n > 0 {
				t.Errorf("stderr has %d lines, want one: %q", n+1, r.stderr)
			}
		})
	}
}

func TestRunDisabled(t *testing.T) {
	t.Setenv(hook.DisableEnv, "1")
	r := run(t, blocker("x"), strings.NewReader(stopPayload), hook.Options{ExitCode: true})
	if r.code != 0 || r.stdout != "" {
		t.Errorf("got exit %d stdout %q, want 0 and nothing", r.code, r.stdout)
	}
}

func TestRunExplain(t *testing.T) {
	t.Parallel()
	r := run(t, blocker("go"), strings.NewReader(stopPayload), hook.Options{Explain: true})
	if !strings.Contains(r.stderr, "decision: block by blocker") {
		t.Errorf("stderr %q, want the decision trace", r.stderr)
	}
}

func TestRunTruncatesLongReason(t *testing.T) {
	t.Parallel()
	r := run(t, blocker(strings.Repeat("é", 20000)), strings.NewReader(stopPayload), hook.Options{})
	var out struct{ Reason string }
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatal(err)
	}
	if n := len([]rune(out.Reason)); n != 10000 { // Claude Code's cap on hook output strings
		t.Errorf("reason of %d characters, want 10000", n)
	}
	if !strings.HasSuffix(out.Reason, "[truncated by stophook]") {
		t.Errorf("reason does not end with the truncation marker")
	}
}

// TestOneStateDir: with a state directory given (Options.Store, or
// STOPHOOK_STATE_DIR), the turn counts and the state of a policy without
// a Store of its own go there, and nothing is written under <cwd>/.claude.
func TestOneStateDir(t *testing.T) {
	for _, how := range []string{"option", "env"} {
		t.Run(how, func(t *testing.T) {
			cwd, state := t.TempDir(), t.TempDir()
			opts := hook.Options{}
			if how == "option" {
				opts.Store = stophook.NewFileStore(state)
			} else {
				t.Setenv(hook.StateDirEnv, state)
			}
			retry := &policy.ErrorRetry{MaxRetries: 2, Matcher: policy.MatcherFunc(func(string) bool { return true })}
			for i, active := range []bool{false, true} {
				in := fmt.Sprintf(`{"session_id":"s","hook_event_name":"Stop","stop_hook_active":%v,"cwd":%q,"last_assistant_message":"Error"}`, active, cwd)
				r := run(t, stophook.NewChain(retry), strings.NewReader(in), opts)
				if !strings.Contains(r.stdout, `"decision":"block"`) {
					t.Fatalf("stop %d: stdout %q stderr %q, want a retry", i, r.stdout, r.stderr)
				}
			}
			if _, err := os.Stat(filepath.Join(cwd, ".claude")); !os.IsNotExist(err) {
				t.Errorf("%s/.claude: got %v, want nothing written there", cwd, err)
			}
			entries, _ := os.ReadDir(state)
			if len(entries) < 2 {
				t.Errorf("state dir holds %d entries, want the turn count and the retry count", len(entries))
			}
		})
	}
}
