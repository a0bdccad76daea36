//go:build unix

package redistest

import (
	"os"
	"syscall"
)

func pauseSignal() os.Signal  { return syscall.SIGSTOP }
func resumeSignal() os.Signal { return syscall.SIGCONT }

func resume(p *os.Process) { p.Signal(syscall.SIGCONT) }
