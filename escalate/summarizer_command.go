package escalate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/stophook/stophook/hook"
	"github.com/stophook/stophook/transcript"

	"github.com/stophook/stophook/escalate/internal/plain"
)

// defaultCommandTimeout bounds a [CommandSummarizer] run.
const defaultCommandTimeout = 60 * time.Second

const maxCommandOutput = 64 << 10

// CommandSummarizer summarises by running a program, such as
// `claude -p --model haiku`: the prompt (system prompt, then the
// transcript) goes to its standard input and its standard output is the
// summary. The program runs with STOPHOOK_DISABLE=1 added to its
// environment, so a nested `claude -p` does not run this project's Stop
// hooks again (and escalate its own summary run).
type CommandSummarizer struct {
	// Path is the program; it is looked up in PATH. Required.
	Path string
	// Args are its arguments.
	Args []string
	// Env, when non-nil, is the program's environment; default the hook's.
	// STOPHOOK_DISABLE=1 is always added.
	Env []string
	// Timeout bounds the run; default [defaultCommandTimeout].
	Timeout time.Duration
	// System is the instruction put before the transcript; default: a prompt asking
	// for two to four plain sentences on what the agent did and where it stopped.
	System string
	// MaxInputRunes bounds the transcript text; default [defaultMaxInputRunes].
	MaxInputRunes int
}

var _ Summarizer = (*CommandSummarizer)(nil)

// Summarize implements [Summarizer].
func (s *CommandSummarizer) Summarize(ctx context.Context, msgs []transcript.Message) (string, error) {
	if s == nil || s.Path == "" {
		return "", errors.New("escalate: command summarizer has no program")
	}
	input := renderTranscript(msgs, s.MaxInputRunes)
	if input == "" {
		return "", errors.New("escalate: nothing to summarise")
	}
	system := s.System
	if system == "" {
		system = summaryPrompt
	}
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = defaultCommandTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, s.Path, s.Args...)
	env := s.Env
	if env == nil {
		env = os.Environ()
	}
	cmd.Env = append(slices.Clip(env), hook.DisableEnv+"=1")
	cmd.Stdin = strings.NewReader(system + "\n\nSession transcript (most recent last):\n\n" + input)
	var stdout, stderr limitedBuffer
	stdout.max, stderr.max = maxCommandOutput, 2048
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = time.Second
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("escalate: summarizer %s: %w", s.Path, ctx.Err())
		}
		msg := plain.OneLine(plain.Clean(stderr.String()))
		if msg != "" {
			return "", fmt.Errorf("escalate: summarizer %s: %w: %s", s.Path, err, plain.TruncateRunes(msg, 300))
		}
		return "", fmt.Errorf("escalate: summarizer %s: %w", s.Path, err)
	}
	return cleanSummary(stdout.String())
}

// limitedBuffer keeps the first max bytes written and discards the rest.
type limitedBuffer struct {
	bytes.Buffer
	max int
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); room > 0 {
		b.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
