package stophook_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook"
)

type runResult struct {
	code           int
	stdout, stderr string
}

func run(t *testing.T, chain *stophook.Chain, stdin io.Reader, opts stophook.RunOptions) runResult {
	t.Helper()
	var out, errb bytes.Buffer
	opts.Stdin, opts.Stdout, opts.Stderr = stdin, &out, &errb
	code := stophook.Run(context.Background(), chain, opts)
	return runResult{code, out.String(), errb.String()}
}

func blocker(reason string) *stophook.Chain {
	return stophook.NewChain(stophook.Named("blocker", verdict(stophook.Block, reason)))
}

func TestRunBlockJSON(t *testing.T) {
	t.Parallel()
	r := run(t, blocker("keep going"), strings.NewReader(stopPayload), stophook.RunOptions{})
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
	r := run(t, blocker("keep going"), strings.NewReader(stopPayload), stophook.RunOptions{Mode: stophook.ExitCodeMode})
	if r.code != 2 {
		t.Errorf("exit %d, want 2", r.code)
	}
	if !strings.Contains(r.stdout, `"decision":"block"`) || strings.TrimSpace(r.stderr) != "keep going" {
		t.Errorf("got stdout %q stderr %q", r.stdout, r.stderr)
	}
}

func TestRunAllow(t *testing.T) {
	t.Parallel()
	r := run(t, stophook.NewChain(), strings.NewReader(stopPayload), stophook.RunOptions{Mode: stophook.ExitCodeMode})
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
		opts      stophook.RunOptions
		wantInErr string
	}{
		{"garbage", blocker("x"), strings.NewReader("not json"), stophook.RunOptions{}, "invalid hook input"},
		{"empty", blocker("x"), strings.NewReader(""), stophook.RunOptions{}, "invalid hook input"},
		{"too large", blocker("x"), strings.NewReader(`{"a":"` + strings.Repeat("x", 2000) + `"}`), stophook.RunOptions{MaxInput: 1000}, "larger than 1000"},
		{"stdin never closes", blocker("x"), slowReader{}, stophook.RunOptions{ReadTimeout: 20 * time.Millisecond}, "timed out"},
		{"wrong event", blocker("x"), strings.NewReader(`{"hook_event_name":"PreToolUse"}`), stophook.RunOptions{}, "not handled"},
		{"panic", panicking, strings.NewReader(stopPayload), stophook.RunOptions{Mode: stophook.ExitCodeMode}, "panicked"},
		{"budget exceeded", hang, strings.NewReader(stopPayload), stophook.RunOptions{Mode: stophook.ExitCodeMode, Budget: 20 * time.Millisecond}, "budget"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := run(t, tt.chain, tt.stdin, tt.opts)
			if r.code != 0 {
				t.Errorf("exit %d, want 0", r.code)
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
	t.Setenv(stophook.DisableEnv, "1")
	r := run(t, blocker("x"), strings.NewReader(stopPayload), stophook.RunOptions{Mode: stophook.ExitCodeMode})
	if r.code != 0 || r.stdout != "" {
		t.Errorf("got exit %d stdout %q, want 0 and nothing", r.code, r.stdout)
	}
}

func TestRunExplain(t *testing.T) {
	t.Parallel()
	r := run(t, blocker("go"), strings.NewReader(stopPayload), stophook.RunOptions{Explain: true})
	if !strings.Contains(r.stderr, "decision: block by blocker") {
		t.Errorf("stderr %q, want the decision trace", r.stderr)
	}
}

func TestRunTruncatesLongReason(t *testing.T) {
	t.Parallel()
	r := run(t, blocker(strings.Repeat("é", 20000)), strings.NewReader(stopPayload), stophook.RunOptions{})
	var out stophook.Output
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatal(err)
	}
	if n := len([]rune(out.Reason)); n != stophook.MaxOutputChars {
		t.Errorf("reason of %d characters, want %d", n, stophook.MaxOutputChars)
	}
	if !strings.HasSuffix(out.Reason, "[truncated by stophook]") {
		t.Errorf("reason does not end with the truncation marker")
	}
}

func TestNewOutput(t *testing.T) {
	t.Parallel()
	in := stophook.Input{HookEventName: stophook.EventStop}
	tests := []struct {
		name string
		d    stophook.Decision
		want string
	}{
		{"zero", stophook.Decision{}, `{}`},
		{"block", stophook.BlockWith("r"), `{"decision":"block","reason":"r"}`},
		{"context", stophook.Decision{Verdict: stophook.Allow, AdditionalContext: "c", SystemMessage: "m"}, `{"systemMessage":"m","hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"c"}}`},
		{"halt", stophook.Decision{Verdict: stophook.Allow, Halt: true, StopReason: "s"}, `{"continue":false,"stopReason":"s"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(stophook.NewOutput(in, tt.d).JSON()); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestTruncate(t *testing.T) {
	t.Parallel()
	if got := stophook.Truncate("short", 10); got != "short" {
		t.Errorf("got %q", got)
	}
	got := stophook.Truncate(strings.Repeat("a", 100), 40)
	if len([]rune(got)) != 40 || !strings.HasSuffix(got, "[truncated by stophook]") {
		t.Errorf("got %q (%d runes)", got, len([]rune(got)))
	}
	if got := stophook.Truncate("a\xffb", 10); got != "a\uFFFDb" {
		t.Errorf("invalid UTF-8: got %q", got)
	}
}
