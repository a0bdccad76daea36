//go:build !unix

package main

import "testing"

// waitExit: detached waiters need a Unix system.
func waitExit(*testing.T, int) {}
