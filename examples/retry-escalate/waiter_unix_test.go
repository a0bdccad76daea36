//go:build unix

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"
)

// waitExit waits until the detached waiter pid has exited (or is a zombie
// nobody reaps), so that the test's temp dirs are removed after its last
// write. It gives up after a minute with a log line: a waiter that outlives
// its job is a bug other tests catch.
func waitExit(t *testing.T, pid int) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			return
		}
		if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
			if i := bytes.LastIndexByte(b, ')'); i >= 0 && bytes.HasPrefix(b[i+1:], []byte(" Z")) {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Logf("waiter %d still running after a minute", pid)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}
