//go:build !unix

package hook

// logOpenFlags are added to the decision log's open (see log_unix.go).
const logOpenFlags = 0
