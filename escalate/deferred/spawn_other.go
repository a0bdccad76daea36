//go:build !unix

package deferred

import "errors"

// Supported reports whether this system can run detached waiters.
const Supported = false

// StartWaiter fails: detached waiters need a Unix system (setsid).
func StartWaiter(stateDir, session, id string) (int, error) {
	return 0, errors.New("deferred: detached waiters need a Unix system")
}
