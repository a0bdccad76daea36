// Package reported marks an error whose cause was already logged where it
// happened: a Redis store logs one line when its server stops answering
// and fails every operation until it answers again. A hook server lets
// each such stop through and counts it, but does not log it again: one
// line an outage, not one line a stop.
package reported

import "errors"

// marked is an error already logged.
type marked struct{ err error }

func (m *marked) Error() string { return m.err.Error() }
func (m *marked) Unwrap() error { return m.err }

// Mark returns err marked as logged; nil stays nil. errors.Is and
// errors.As see through the mark, and the message is err's.
func Mark(err error) error {
	if err == nil {
		return nil
	}
	return &marked{err}
}

// Is reports whether err, or an error it wraps, was marked by [Mark].
func Is(err error) bool {
	var m *marked
	return errors.As(err, &m)
}
