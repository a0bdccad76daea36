package stophook

import (
	"context"
	"log/slog"
)

// WithLogger returns a copy of c that logs each decision to l. The default
// logger is slog.Default().
func (c *Chain) WithLogger(l *slog.Logger) *Chain {
	var cp Chain
	if c != nil {
		cp = *c
	}
	cp.logger = l
	return &cp
}

func (c *Chain) log() *slog.Logger {
	if c == nil || c.logger == nil {
		return slog.Default()
	}
	return c.logger
}

func (c *Chain) logDecision(ctx context.Context, in Input, d Decision) {
	c.log().LogAttrs(ctx, slog.LevelDebug, "stophook: decision",
		slog.String("event", string(in.HookEventName)), slog.String("session_id", in.SessionID),
		slog.String("verdict", d.Verdict.String()), slog.String("policy", d.Policy), slog.String("why", d.Why))
}
