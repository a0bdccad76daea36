package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Result is the outcome of one `claude -p` run.
type Result struct {
	Args     []string
	Stdout   string
	Stderr   string
	Exit     int // -1 when killed on timeout
	TimedOut bool
	Elapsed  time.Duration
	// Out is the parsed --output-format json result (zero if stdout was not JSON).
	Out Output
}

// Output is the JSON object `claude -p --output-format json` prints.
type Output struct {
	Type       string          `json:"type"`    // "result"
	Subtype    string          `json:"subtype"` // "success", "error_max_turns", …
	IsError    bool            `json:"is_error"`
	Result     string          `json:"result"` // the last assistant text
	SessionID  string          `json:"session_id"`
	NumTurns   int             `json:"num_turns"`
	DurationMS int64           `json:"duration_ms"`
	StopReason string          `json:"stop_reason"`
	Raw        json.RawMessage `json:"-"`
}

// Run runs `claude -p PROMPT --settings FILE --output-format json
// --allowedTools Bash Write` plus args in e.Dir, with [Env.Environ], and
// waits at most e.Timeout. The settings are written first.
func (e *Env) Run(prompt string, args ...string) *Result {
	e.T.Helper()
	settings := e.writeSettings()
	argv := append([]string{"-p", prompt, "--settings", settings, "--output-format", "json",
		"--allowedTools", "Bash", "Write"}, args...)
	timeout := e.Timeout
	if timeout <= 0 {
		timeout = 90 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, e.Claude, argv...)
	cmd.Dir = e.Dir
	cmd.Env = e.Environ()
	cmd.Stdin = strings.NewReader("")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	err := cmd.Run()
	r := &Result{Args: argv, Stdout: stdout.String(), Stderr: stderr.String(), Elapsed: time.Since(start)}
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		r.TimedOut, r.Exit = true, -1
	case errors.As(err, &ee):
		r.Exit = ee.ExitCode()
	case err != nil:
		e.T.Fatalf("e2e: run claude: %v", err)
	}
	if out := bytes.TrimSpace(stdout.Bytes()); json.Valid(out) {
		if json.Unmarshal(out, &r.Out) == nil {
			r.Out.Raw = json.RawMessage(out)
		}
	}
	return r
}

// RunOK is [Env.Run] that fails the test unless claude exits 0 in time
// with a JSON result and a session id. On failure it logs stderr and the
// requests the fake API saw.
func (e *Env) RunOK(prompt string, args ...string) *Result {
	e.T.Helper()
	r := e.Run(prompt, args...)
	if r.TimedOut || r.Exit != 0 || r.Out.SessionID == "" {
		e.Dump(r)
		e.T.Fatalf("e2e: claude -p: exit %d, timed out %v after %v; stdout %q", r.Exit, r.TimedOut, r.Elapsed.Round(time.Millisecond), truncate(r.Stdout, 2000))
	}
	return r
}

// Dump logs what a failing test needs to see: claude's stderr, every
// request the fake API received and every hook log.
func (e *Env) Dump(r *Result) {
	e.T.Helper()
	if r != nil {
		e.T.Logf("claude stderr:\n%s", truncate(r.Stderr, 4000))
	}
	for _, req := range e.API.Requests() {
		e.T.Logf("api %s", req)
	}
	entries, _ := os.ReadDir(e.HookLog)
	for _, ent := range entries {
		data, _ := os.ReadFile(e.HookLog + "/" + ent.Name())
		e.T.Logf("hook log %s:\n%s", ent.Name(), truncate(string(data), 4000))
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
