package queue

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// Driver types text into a session's terminal and submits it.
//
// Type must return once the keystrokes are delivered; it must not wait
// for Claude Code to react. It is called without any queue lock held, and
// the hooks the text triggers (UserPromptSubmit) may run before it returns.
// ctx bounds the call. Type may be called from several processes at once
// for different sessions.
type Driver interface {
	Type(ctx context.Context, session, text string) error
}

// DriverFunc adapts a function to [Driver].
type DriverFunc func(ctx context.Context, session, text string) error

var _ Driver = DriverFunc(nil)

// Type calls f(ctx, session, text).
func (f DriverFunc) Type(ctx context.Context, session, text string) error {
	return f(ctx, session, text)
}

// Tmux is a [Driver] for Claude Code running in a tmux session: it types the
// text literally (send-keys -l) into the session's active pane, then
// presses Enter. The zero value uses the tmux binary on $PATH and the server
// of $TMUX (or the default one).
type Tmux struct {
	// Binary is the tmux program; default "tmux".
	Binary string
	// Socket, when set, is passed as -S to reach a non-default server.
	Socket string
	// TabComplete types a slash command's name first, presses Tab to accept
	// the TUI's completion, then types the arguments. Default off: the
	// text is typed as it is.
	TabComplete bool
	// Delay is waited between typing and Enter (and around Tab); default 0.
	Delay time.Duration
}

var _ Driver = Tmux{}

// tmuxTarget returns the tmux target of session's active pane. The "=" asks
// tmux for an exact session-name match.
func tmuxTarget(session string) string { return "=" + session + ":" }

// Type implements [Driver].
func (t Tmux) Type(ctx context.Context, session, text string) error {
	if session == "" || strings.ContainsAny(session, ":.") {
		return fmt.Errorf("queue: tmux: invalid session name %q", session)
	}
	target := tmuxTarget(session)
	// "--" ends tmux's options: text starting with "-" is typed, not parsed.
	steps := [][]string{{"-l", "--", text}}
	if t.TabComplete && strings.HasPrefix(text, "/") {
		name, args, _ := strings.Cut(text, " ")
		steps = [][]string{{"-l", "--", name}, {"Tab"}}
		if args != "" {
			steps = append(steps, []string{"-l", "--", " " + args})
		}
	}
	steps = append(steps, []string{"Enter"})
	for i, keys := range steps {
		if i > 0 && t.Delay > 0 {
			if err := sleep(ctx, t.Delay); err != nil {
				return fmt.Errorf("queue: tmux: %w", err)
			}
		}
		if err := t.run(ctx, append([]string{"send-keys", "-t", target}, keys...)...); err != nil {
			return err
		}
	}
	return nil
}

// errNoTmux is returned by the tmux driver on Windows, where tmux does not run.
var errNoTmux = fmt.Errorf("queue: the tmux driver does not run on Windows (tmux is unix-only; run Claude Code and the queue under WSL): %w", errors.ErrUnsupported)

func (t Tmux) run(ctx context.Context, args ...string) error {
	if runtime.GOOS == "windows" {
		return errNoTmux
	}
	bin := t.Binary
	if bin == "" {
		bin = "tmux"
	}
	if t.Socket != "" {
		args = append([]string{"-S", t.Socket}, args...)
	}
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("queue: tmux %s: %w: %s", args[0], err, strings.TrimSpace(stderr.String()))
	}
	return nil
}

// tmuxSession returns the name of the tmux session holding pane (for
// example $TMUX_PANE), asking the tmux server of $TMUX.
func tmuxSession(ctx context.Context, pane string) (string, error) {
	return Tmux{}.Session(ctx, pane)
}

// Session returns the name of the tmux session holding pane.
func (t Tmux) Session(ctx context.Context, pane string) (string, error) {
	if runtime.GOOS == "windows" {
		return "", errNoTmux
	}
	if pane == "" {
		return "", errors.New("queue: tmux: no pane (not running inside tmux?)")
	}
	bin := t.Binary
	if bin == "" {
		bin = "tmux"
	}
	args := []string{"display-message", "-p", "-t", pane, "#S"}
	if t.Socket != "" {
		args = append([]string{"-S", t.Socket}, args...)
	}
	out, err := exec.CommandContext(ctx, bin, args...).Output()
	if err != nil {
		return "", fmt.Errorf("queue: tmux display-message: %w", err)
	}
	name := strings.TrimSpace(string(out))
	if name == "" {
		return "", errors.New("queue: tmux: empty session name")
	}
	return name, nil
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
