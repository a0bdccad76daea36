package stophooktest

import (
	"context"
	"strings"
	"testing"

	"github.com/stophook/stophook"
)

// Run evaluates in with a chain of policies.
func Run(t testing.TB, in stophook.Input, policies ...stophook.Policy) stophook.Decision {
	t.Helper()
	d, _ := stophook.NewChain(policies...).Evaluate(context.Background(), in)
	return d
}

// AssertBlocks fails t unless d blocks with exactly reason (any reason
// when reason is empty).
func AssertBlocks(t testing.TB, d stophook.Decision, reason string) {
	t.Helper()
	if !d.Blocks() {
		t.Errorf("got %s by %q (%s), want block\n%s", d.Verdict, d.Policy, d.Why, trace(d))
		return
	}
	if reason != "" && d.Reason != reason {
		t.Errorf("got block reason %q, want %q", d.Reason, reason)
	}
}

// AssertStops fails t unless d lets the session stop.
func AssertStops(t testing.TB, d stophook.Decision) {
	t.Helper()
	if d.Blocks() {
		t.Errorf("got block by %q with reason %q, want the session to stop\n%s", d.Policy, d.Reason, trace(d))
	}
}

func trace(d stophook.Decision) string {
	var b strings.Builder
	for _, s := range d.Trace {
		b.WriteString("  " + s.String() + "\n")
	}
	return b.String()
}
