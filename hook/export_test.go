package hook

import (
	"context"
	"time"

	"github.com/stophook/stophook"
)

// Respond is respond on opts with their defaults, returning the answer,
// for the tests of package hook_test.
func Respond(ctx context.Context, p stophook.Policy, data []byte, opts Options) (response, error) {
	opts = opts.withDefaults()
	var resp response
	err := respond(ctx, p, data, &opts, &resp)
	return resp, err
}

// WithNow returns opts stamping each input with now instead of time.Now.
func WithNow(opts Options, now func() time.Time) Options {
	opts.now = now
	return opts
}
