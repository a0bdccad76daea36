package hook

import "time"

// Respond is respond, for the tests of package hook_test.
var Respond = respond

// WithNow returns opts stamping each input with now instead of time.Now.
func WithNow(opts Options, now func() time.Time) Options {
	opts.now = now
	return opts
}
