//go:build unix

package hook

import "syscall"

// logOpenFlags are added to the decision log's open: a FIFO without a
// reader fails at once (ENXIO) instead of holding the hook, and a regular
// file ignores the flag.
const logOpenFlags = syscall.O_NONBLOCK
