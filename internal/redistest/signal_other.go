//go:build !unix

package redistest

import "os"

// Without SIGSTOP a pause kills the server: requests fail instead of hanging.
func pauseSignal() os.Signal  { return os.Kill }
func resumeSignal() os.Signal { return os.Kill }

func resume(*os.Process) {}
