package loopstate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// DefaultVerifyTimeout bounds a [Iterator] verification command.
const DefaultVerifyTimeout = 30 * time.Second

// verifyOutputLimit is how much of a verification command's output is kept.
const verifyOutputLimit = 4 << 10

// verifyReserve is the part of the hook's budget kept for recording the
// step after a verification command: the command's timeout ends this long
// before the budget does.
const verifyReserve = 2 * time.Second

// verify runs p.Verify in dir. Its timeout is p.VerifyTimeout, cut short so
// that it ends verifyReserve before ctx's deadline (the hook's budget): a
// command still running then is a timed-out [Verification], and
// the stop is blocked saying so, instead of the budget letting the session
// stop with the loop still running.
//
// A command that cannot run at all (not found, not executable, or exit
// status 126 or 127 from a shell that could not run it) is a
// misconfiguration, not a verdict on the agent's work: skipped is true,
// the returned verification is OK, and warn says why.
func (p *Iterator) verify(ctx context.Context, dir string) (v *Verification, warn string, err error) {
	timeout := p.VerifyTimeout
	if timeout <= 0 {
		timeout = DefaultVerifyTimeout
	}
	if deadline, ok := ctx.Deadline(); ok {
		timeout = min(timeout, time.Until(deadline)-verifyReserve)
	}
	v = &Verification{Command: "`" + strings.Join(p.Verify, " ") + "`"}
	if timeout <= 0 {
		v.Status, v.TimedOut = "no time left in the hook's budget", true
		return v, "", nil
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(cctx, p.Verify[0], p.Verify[1:]...)
	cmd.Dir = dir
	out := &tailBuffer{limit: verifyOutputLimit}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = time.Second
	killGroup(cmd)
	err = cmd.Run()
	v.Output = out.String()
	var ee *exec.ExitError
	switch {
	case err == nil:
		v.OK = true
	case cctx.Err() != nil && ctx.Err() == nil:
		v.Status, v.TimedOut = fmt.Sprintf("timed out after %s", timeout.Round(time.Millisecond)), true
	case ctx.Err() != nil:
		return nil, "", fmt.Errorf("loopstate: loop: verify: %w", ctx.Err())
	case errors.As(err, &ee) && (ee.ExitCode() == 126 || ee.ExitCode() == 127):
		return &Verification{OK: true, Command: v.Command},
			fmt.Sprintf("verification command %s cannot run (%s), accepting the completion signal unverified: %s", v.Command, ee.ProcessState, lastLine(v.Output)), nil
	case errors.As(err, &ee):
		v.Status = ee.ProcessState.String()
	default: // not found, not executable, bad directory
		return &Verification{OK: true, Command: v.Command},
			fmt.Sprintf("verification command %s cannot run, accepting the completion signal unverified: %v", v.Command, err), nil
	}
	return v, "", nil
}

// lastLine returns the last non-empty line of s.
func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return s
}

// tailBuffer keeps the last limit bytes written to it.
type tailBuffer struct {
	mu    sync.Mutex
	limit int
	buf   bytes.Buffer
}

func (t *tailBuffer) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(b)
	if len(b) > t.limit {
		b = b[len(b)-t.limit:]
	}
	t.buf.Write(b)
	if over := t.buf.Len() - t.limit; over > 0 {
		t.buf.Next(over)
	}
	return n, nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.ToValidUTF8(t.buf.String(), "")
}
