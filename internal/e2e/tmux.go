package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// PromptMark is what the Claude Code TUI shows when it waits for input.
const PromptMark = "❯"

// TUI is an interactive Claude Code session running in a dedicated tmux
// server. Create it with [Env.StartTUI]; it is killed when the test ends.
type TUI struct {
	e      *Env
	Socket string // tmux -L name
	Pane   string // pane id, e.g. %0
	pid    int    // claude's pid
}

var tmuxSeq atomic.Int64

// StartTUI starts claude (without -p) with the settings and environment of
// e in a new tmux server, and waits for its input prompt. Claude Code is
// started with `env -i`, so only [Env.Environ] plus tmux's own TMUX and
// TMUX_PANE reach it and its hooks (a hook can type into the session with
// `tmux send-keys -t "$TMUX_PANE"`).
func (e *Env) StartTUI(args ...string) *TUI {
	e.T.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv(EnvRequired) == "1" {
			e.T.Fatal("e2e: tmux is not installed (" + EnvRequired + "=1 makes this a failure)")
		}
		e.T.Skip("e2e: tmux is not installed; .ci/run installs it and runs this suite with " + EnvRequired + "=1")
	}
	settings := e.writeSettings()
	starts := e.recordedOn("SessionStart")
	before := make([]int, len(starts))
	for i, name := range starts {
		before[i] = e.DoneCalls(name, "SessionStart")
	}
	s := &TUI{e: e, Socket: fmt.Sprintf("stophook-e2e-%d-%d", os.Getpid(), tmuxSeq.Add(1))}
	conf := filepath.Join(e.Root, "tmux.conf")
	if err := os.WriteFile(conf, []byte(
		"set -g remain-on-exit on\nset -g history-limit 5000\nset -g default-terminal screen-256color\nset -g status off\n"), 0o644); err != nil {
		e.T.Fatalf("e2e: %v", err)
	}
	argv := []string{"env", "-i"}
	for _, kv := range e.Environ() {
		if !strings.HasPrefix(kv, "TERM=") {
			argv = append(argv, kv)
		}
	}
	argv = append(argv, "TERM=screen-256color")
	argv = append(argv, e.Claude, "--settings", settings)
	argv = append(argv, args...)
	// The shell expands $TMUX and $TMUX_PANE before env -i clears the rest.
	shell := `exec ` + CommandLine(argv[:2]...) + ` TMUX="$TMUX" TMUX_PANE="$TMUX_PANE" ` + CommandLine(argv[2:]...)

	e.T.Cleanup(s.stop)
	if out, err := s.tmuxErr("-f", conf, "new-session", "-d", "-s", "e2e", "-x", "160", "-y", "50",
		"-c", e.Dir, shell); err != nil {
		e.T.Fatalf("e2e: tmux new-session: %v\n%s", err, out)
	}
	s.Pane = strings.TrimSpace(s.tmux("display-message", "-p", "-t", "e2e", "#{pane_id}"))
	s.pid, _ = strconv.Atoi(strings.TrimSpace(s.tmux("display-message", "-p", "-t", "e2e", "#{pane_pid}")))
	s.WaitScreen("the input prompt", 30*time.Second, func(screen string) bool {
		return strings.Contains(screen, PromptMark)
	})
	// The prompt can show before the SessionStart hooks have run (seen under
	// load: a queue driven then was retired by the late startup hook as a
	// leftover). Tests start typing only after the recorded ones finished.
	for i, name := range starts {
		Eventually(e.T, "the SessionStart hook "+name+" to finish", 60*time.Second, func() bool {
			return e.DoneCalls(name, "SessionStart") > before[i]
		})
	}
	return s
}

// stop kills the tmux server and waits (at most 10 s, then SIGKILL) for
// claude to exit, so that it no longer writes into the temp HOME.
func (s *TUI) stop() {
	s.tmux("kill-server")
	if s.pid <= 0 {
		return
	}
	gone := func() bool { return processGone(s.pid) }
	if !poll(10*time.Second, gone) {
		killProcess(s.pid)
		poll(5*time.Second, gone)
	}
}

// Tmux runs a tmux command on this session's server and returns its output,
// failing the test on error.
func (s *TUI) Tmux(args ...string) string {
	s.e.T.Helper()
	out, err := s.tmuxErr(args...)
	if err != nil {
		s.e.T.Fatalf("e2e: tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

func (s *TUI) tmux(args ...string) string {
	out, _ := s.tmuxErr(args...)
	return out
}

func (s *TUI) tmuxErr(args ...string) (string, error) {
	out, err := exec.Command("tmux", append([]string{"-L", s.Socket}, args...)...).CombinedOutput()
	return string(out), err
}

// Screen returns the visible pane text.
func (s *TUI) Screen() string {
	s.e.T.Helper()
	return s.Tmux("capture-pane", "-p", "-J", "-t", s.Pane)
}

// Send types text literally, then presses Enter.
func (s *TUI) Send(text string) {
	s.e.T.Helper()
	s.Tmux("send-keys", "-t", s.Pane, "-l", text)
	s.Tmux("send-keys", "-t", s.Pane, "Enter")
}

// Type types text literally without pressing Enter.
func (s *TUI) Type(text string) {
	s.e.T.Helper()
	s.Tmux("send-keys", "-t", s.Pane, "-l", text)
}

// Keys sends tmux key names (Enter, Escape, C-c, …).
func (s *TUI) Keys(keys ...string) {
	s.e.T.Helper()
	s.Tmux(append([]string{"send-keys", "-t", s.Pane}, keys...)...)
}

// Exited reports whether claude has exited (the pane is dead).
func (s *TUI) Exited() bool {
	return strings.TrimSpace(s.tmux("display-message", "-p", "-t", s.Pane, "#{pane_dead}")) == "1"
}

// WaitScreen polls the screen until cond holds and returns it; it fails
// the test with the last screen after timeout.
func (s *TUI) WaitScreen(what string, timeout time.Duration, cond func(screen string) bool) string {
	s.e.T.Helper()
	var screen string
	ok := poll(timeout, func() bool {
		screen = s.tmux("capture-pane", "-p", "-J", "-t", s.Pane)
		return cond(screen)
	})
	if !ok {
		s.e.Dump(nil)
		s.e.T.Fatalf("e2e: waited %v for %s; screen:\n%s", timeout, what, screen)
	}
	return screen
}

// WaitPrompt waits until the TUI is idle again: the prompt is shown and
// Claude Code is not working (no "esc to interrupt" hint).
func (s *TUI) WaitPrompt(timeout time.Duration) string {
	s.e.T.Helper()
	return s.WaitScreen("the idle prompt", timeout, func(screen string) bool {
		return strings.Contains(screen, PromptMark) && !strings.Contains(screen, "esc to interrupt")
	})
}

// Eventually polls cond until it holds, failing t with what after timeout.
// Use it to wait for state (a hook call logged, a request received);
// never sleep a fixed time.
func Eventually(t testing.TB, what string, timeout time.Duration, cond func() bool) {
	t.Helper()
	if !poll(timeout, cond) {
		t.Fatalf("e2e: waited %v for %s", timeout, what)
	}
}

// poll calls cond every 50 ms until it returns true or timeout passes.
func poll(timeout time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(timeout)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		if cond() {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		<-tick.C
	}
}
