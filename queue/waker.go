package queue

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"

	"github.com/stophook/stophook/internal/textcut"
)

// Waker delivers a [Payload] to the brain (the outside agent that decides
// what a session runs next).
//
// Wake is called from inside a hook, with no queue lock held; ctx carries
// the hook's remaining time and Wake must return when it is done. An error
// is logged by the caller and otherwise ignored: the session goes on.
type Waker interface {
	Wake(ctx context.Context, p Payload) error
}

// WakerFunc adapts a function to [Waker].
type WakerFunc func(ctx context.Context, p Payload) error

var _ Waker = WakerFunc(nil)

// Wake calls f(ctx, p).
func (f WakerFunc) Wake(ctx context.Context, p Payload) error { return f(ctx, p) }

// Discard is a [Waker] that drops every payload.
var Discard Waker = WakerFunc(func(context.Context, Payload) error { return nil })

// Exec is a [Waker] that runs a shell command (sh -c Command) with the
// payload JSON on stdin.
type Exec struct {
	// Command is run by sh -c.
	Command string
	// Timeout bounds the run; default 10s.
	Timeout time.Duration
	// Stdout and Stderr receive the command's output; default: discarded
	// and the hook's stderr, so nothing reaches Claude Code's stdout.
	Stdout, Stderr io.Writer
}

var _ Waker = (*Exec)(nil)

// Wake implements [Waker].
func (e *Exec) Wake(ctx context.Context, p Payload) error {
	body, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("queue: wake command: %w", err)
	}
	timeout := e.Timeout
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", e.Command)
	cmd.Stdin = bytes.NewReader(append(body, '\n'))
	cmd.Stdout = e.Stdout
	cmd.Stderr = e.Stderr
	if cmd.Stderr == nil {
		cmd.Stderr = os.Stderr
	}
	cmd.WaitDelay = time.Second
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("queue: wake command %q: %w", textcut.Runes(e.Command, 80, "…"), err)
	}
	return nil
}
