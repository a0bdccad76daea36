//go:build !unix

package main

import (
	"os"
	"os/exec"
)

// signalOf returns 0: there are no signals to report on this platform.
func signalOf(*exec.ExitError) int { return 0 }

// dieBy exits with the shell's code for signal sig.
func dieBy(sig int) { os.Exit(128 + sig) }
