package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/tidwall/gjson"
)

// logEnv names the variable through which a stophook hook appends one JSON
// line per decision; replay points it into the scratch directory and reads
// the policy that decided from it.
const logEnv = "STOPHOOK_LOG"

// stateDirEnv names the variable that moves a hook's state directory.
const stateDirEnv = "STOPHOOK_STATE_DIR"

// maxHookOutput bounds what replay keeps of a hook's stdout and stderr.
const maxHookOutput = 1 << 20

// hook is a command replay runs, as the host would, on each turn end.
type hook struct {
	argv    []string
	timeout time.Duration
	env     []string // the process's environment, minus what replay sets
}

// outcome is what a hook decided at one turn end.
type outcome struct {
	Decision string // "block" or "allow"
	Reason   string // the block reason; empty when allowed
	Policy   string // the policy the hook's decision log names, if any
	Err      string // why the hook failed (it then allows, as hosts fail open)
	MS       int64  // how long the hook ran
}

// scratch is the private world of one hook on one session: HOME, the
// project directory (cwd), the state directory and the decision log, all
// under one temp directory.
type scratch struct {
	home, cwd, state, log string
}

func newScratch(root string) (scratch, error) {
	sc := scratch{
		home:  filepath.Join(root, "home"),
		cwd:   filepath.Join(root, "project"),
		state: filepath.Join(root, "state"),
		log:   filepath.Join(root, "decisions.jsonl"),
	}
	for _, d := range []string{sc.home, sc.cwd, sc.state} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return scratch{}, err
		}
	}
	return sc, nil
}

// hookEnv returns environ without the variables replay sets itself, those
// that would switch the hook off, and those through which it would reach
// the user's world beyond the transcripts: the live sessions' state store
// (STOPHOOK_STORE), Telegram (a page for every past decision), the live
// session's tmux pane and messaging socket. STOPHOOK_HOST goes too:
// replay's inputs are Claude Code's.
func hookEnv(environ []string) []string {
	drop := map[string]bool{
		"HOME": true, "USERPROFILE": true, stateDirEnv: true, logEnv: true,
		"CLAUDE_PROJECT_DIR": true, "CLAUDE_CONFIG_DIR": true, "CLAUDE_CODE_SESSION_ID": true,
		"XDG_STATE_HOME": true, "XDG_CACHE_HOME": true, "XDG_CONFIG_HOME": true, "XDG_DATA_HOME": true,
		"STOPHOOK_DISABLE": true, "STOPHOOK_EXPLAIN": true, "STOPHOOK_STORE": true, "STOPHOOK_HOST": true,
		"TMUX": true, "TMUX_PANE": true, "CLAUDE_CODE_MESSAGING_SOCKET": true, "CLAUDE_CODE_MESSAGING_TOKEN": true,
	}
	var env []string
	for _, kv := range environ {
		k, _, _ := strings.Cut(kv, "=")
		if drop[k] || strings.HasPrefix(k, "TELEGRAM_") || strings.HasPrefix(k, "CLAUDE_PLUGIN_OPTION_TELEGRAM_") {
			continue
		}
		env = append(env, kv)
	}
	return env
}

// run runs the hook on one Stop input in sc and reads its answer the way
// Claude Code does: exit 0 with {"decision": "block", "reason": …} on
// stdout blocks, and so does a Stop's hookSpecificOutput.additionalContext
// (the turn goes on with it); exit 2 blocks with stderr as the reason;
// anything else lets the session stop.
func (h hook) run(ctx context.Context, sc scratch, session string, input []byte) outcome {
	ctx, cancel := context.WithTimeout(ctx, h.timeout)
	defer cancel()
	c := exec.CommandContext(ctx, h.argv[0], h.argv[1:]...)
	c.Dir = sc.cwd
	c.Env = append(append([]string(nil), h.env...),
		"HOME="+sc.home, "USERPROFILE="+sc.home,
		stateDirEnv+"="+sc.state, logEnv+"="+sc.log,
		"CLAUDE_PROJECT_DIR="+sc.cwd, "CLAUDE_CONFIG_DIR="+filepath.Join(sc.home, ".claude"),
		"CLAUDE_CODE_SESSION_ID="+session,
		"XDG_STATE_HOME="+filepath.Join(sc.home, ".local", "state"),
		"XDG_CACHE_HOME="+filepath.Join(sc.home, ".cache"),
		"XDG_CONFIG_HOME="+filepath.Join(sc.home, ".config"),
		"XDG_DATA_HOME="+filepath.Join(sc.home, ".local", "share"),
	)
	c.Stdin = bytes.NewReader(input)
	var stdout, stderr capped
	c.Stdout, c.Stderr = &stdout, &stderr
	c.WaitDelay = time.Second
	before := logSize(sc.log)
	start := time.Now()
	err := c.Run()
	o := outcome{Decision: "allow", MS: time.Since(start).Milliseconds()}
	o.Policy = lastPolicy(sc.log, before)
	code := 0
	var ee *exec.ExitError
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		o.Err = fmt.Sprintf("no answer within %v", h.timeout)
		return o
	case errors.As(err, &ee):
		code = ee.ExitCode()
		if code < 0 { // killed by a signal: ee says which
			o.Err = ee.Error()
			if l := firstLine(stderr.Bytes()); l != "" {
				o.Err += ": " + l
			}
			return o
		}
	case err != nil:
		o.Err = err.Error()
		return o
	}
	switch code {
	case 0:
		out := bytes.TrimSpace(stdout.Bytes())
		if len(out) == 0 || out[0] != '{' {
			return o // plain text: shown, not a decision
		}
		if !json.Valid(out) {
			o.Err = "stdout is not valid JSON"
			return o
		}
		if d := gjson.GetBytes(out, "decision"); d.Str == "block" {
			o.Decision, o.Reason = "block", blockReason(out)
		} else if c := stopContext(out); c != "" {
			// Claude Code goes on with the context as a system reminder:
			// a continuation, counted toward its block cap like a block.
			o.Decision, o.Reason = "block", c
		}
		if gjson.GetBytes(out, "continue").Type == gjson.False {
			o.Decision, o.Reason = "allow", "" // continue:false stops whatever decision says
		}
	case 2:
		// Claude Code sends stderr back; with none, the reason of the
		// JSON on stdout.
		o.Decision, o.Reason = "block", strings.TrimSpace(stderr.String())
		if out := bytes.TrimSpace(stdout.Bytes()); o.Reason == "" && json.Valid(out) {
			o.Reason = gjson.GetBytes(out, "reason").String()
		}
	default:
		o.Err = fmt.Sprintf("exit %d: %s", code, firstLine(stderr.Bytes()))
	}
	return o
}

// blockReason is the reason Claude Code gives the agent for a
// {"decision": "block"} answer: its reason, else "Blocked by hook".
func blockReason(out []byte) string {
	if r := gjson.GetBytes(out, "reason").String(); r != "" {
		return r
	}
	return "Blocked by hook"
}

// stopContext returns the additionalContext of a Stop hook's answer
// {"hookSpecificOutput": {"hookEventName": "Stop", "additionalContext": C}},
// or "".
func stopContext(out []byte) string {
	h := gjson.GetBytes(out, "hookSpecificOutput")
	if h.Get("hookEventName").Str != "Stop" {
		return ""
	}
	return h.Get("additionalContext").Str
}

// capped is a buffer that keeps the first maxHookOutput bytes written.
type capped struct{ bytes.Buffer }

func (c *capped) Write(p []byte) (int, error) {
	if room := maxHookOutput - c.Len(); room > 0 {
		c.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func logSize(path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return st.Size()
}

// lastPolicy returns the "policy" of the last decision the hook appended
// to its log after offset, or "".
func lastPolicy(path string, offset int64) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		return ""
	}
	policy := ""
	sc := bufio.NewScanner(io.LimitReader(f, maxHookOutput))
	sc.Buffer(nil, 256<<10)
	for sc.Scan() {
		if p := gjson.GetBytes(sc.Bytes(), "policy"); p.Type == gjson.String {
			policy = p.Str
		}
	}
	return policy
}
