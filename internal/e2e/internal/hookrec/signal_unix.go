//go:build unix

package main

import (
	"os"
	"os/exec"
	"syscall"
)

// signalOf returns the signal that ended the command, or 0.
func signalOf(ee *exec.ExitError) int {
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return int(ws.Signal())
	}
	return 0
}

// dieBy kills this process with signal sig.
func dieBy(sig int) { syscall.Kill(os.Getpid(), syscall.Signal(sig)) }
