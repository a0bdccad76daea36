//go:build unix

package deferred

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"

	"github.com/stophook/stophook/internal/safefile"
)

// supported reports whether this system can run detached waiters.
const supported = true

// maxLogBytes bounds the waiters' log before it starts again.
const maxLogBytes = 1 << 20

// startWaiter starts this binary again as a detached waiter:
// `<exe> WaitCommand -state DIR -session ID -id JOB`, in a new session
// (setsid: Claude Code's end of the hook does not reach it), with stdin and
// stdout on /dev/null (Claude Code does not wait for it) and stderr
// appended to "deferred-waiter.log" in the state dir. It inherits the
// environment: the channel's credentials and the messaging socket's token
// stay out of argv. It returns the waiter's pid.
func startWaiter(stateDir, session, id string) (int, error) {
	exe, err := os.Executable()
	if err != nil {
		return 0, fmt.Errorf("deferred: find this binary: %w", err)
	}
	cmd := exec.Command(exe, WaitCommand, "-state", stateDir, "-session", session, "-id", id)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	cmd.Dir = "/"
	if err := os.MkdirAll(stateDir, 0o700); err == nil {
		logPath := filepath.Join(stateDir, "deferred-waiter.log")
		flags := os.O_CREATE | os.O_WRONLY | os.O_APPEND
		if st, err := os.Stat(logPath); err == nil && st.Size() > maxLogBytes {
			flags |= os.O_TRUNC
		}
		if f, err := safefile.OpenFile(logPath, flags, 0o600); err == nil { // no symlink planted in the state dir is followed
			defer f.Close()
			cmd.Stderr = f
		}
	}
	if err := cmd.Start(); err != nil {
		return 0, fmt.Errorf("deferred: start waiter: %w", err)
	}
	pid := cmd.Process.Pid
	cmd.Process.Release()
	return pid, nil
}
