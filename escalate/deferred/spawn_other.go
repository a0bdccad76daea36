//go:build !unix

package deferred

import "errors"

// supported reports whether this system can run detached waiters.
const supported = false

// startWaiter fails: detached waiters need a Unix system (setsid).
func startWaiter(stateDir, session, id string) (int, error) {
	return 0, errors.New("deferred: detached waiters need a Unix system")
}
