// Package decided lets a hook server count the decisions the runner makes
// without asking the policy: a stop let through because its turn used
// its budget, or because the turn's continuations cannot be counted. The
// server counts each decision of its policy by wrapping it; these never
// reach the policy, so the runner (package hook) reports them to the
// function the request's context carries, and /metrics counts every stop
// answered.
package decided

import (
	"context"

	"github.com/stophook/stophook"
)

type key struct{}

// With returns ctx carrying report.
func With(ctx context.Context, report func(stophook.Decision)) context.Context {
	return context.WithValue(ctx, key{}, report)
}

// Report passes d to the function ctx carries, if any.
func Report(ctx context.Context, d stophook.Decision) {
	if report, ok := ctx.Value(key{}).(func(stophook.Decision)); ok && report != nil {
		report(d)
	}
}
