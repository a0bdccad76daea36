package policy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/stophook/stophook/loopstate"
)

// DefaultVerifyTimeout bounds a [LoopIterator] verification command.
const DefaultVerifyTimeout = 30 * time.Second

// verifyOutputLimit is how much of a verification command's output is kept.
const verifyOutputLimit = 4 << 10

// verify runs p.Verify in dir. A command that cannot be started is an
// error (the chain lets the session stop); a non-zero exit or a timeout is
// a failed [loopstate.Verification].
func (p *LoopIterator) verify(ctx context.Context, dir string) (*loopstate.Verification, error) {
	timeout := p.VerifyTimeout
	if timeout <= 0 {
		timeout = DefaultVerifyTimeout
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(cctx, p.Verify[0], p.Verify[1:]...)
	cmd.Dir = dir
	out := &tailBuffer{limit: verifyOutputLimit}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = time.Second
	killGroup(cmd)
	v := &loopstate.Verification{Command: "`" + strings.Join(p.Verify, " ") + "`"}
	err := cmd.Run()
	v.Output = out.String()
	var ee *exec.ExitError
	switch {
	case err == nil:
		v.OK = true
	case cctx.Err() != nil && ctx.Err() == nil:
		v.Status = fmt.Sprintf("timed out after %s", timeout)
	case ctx.Err() != nil:
		return nil, fmt.Errorf("policy: loop: verify: %w", ctx.Err())
	case errors.As(err, &ee):
		v.Status = ee.ProcessState.String()
	default:
		return nil, fmt.Errorf("policy: loop: verify: %w", err)
	}
	return v, nil
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
