//go:build unix

package e2e

import "syscall"

// processGone reports whether no process with id pid exists.
func processGone(pid int) bool { return syscall.Kill(pid, 0) != nil }

// killProcess sends SIGKILL to pid.
func killProcess(pid int) { syscall.Kill(pid, syscall.SIGKILL) }
