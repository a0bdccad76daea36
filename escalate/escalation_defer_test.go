package escalate_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/escalate"
	"github.com/stophook/stophook/stophooktest"
)

// deferFunc adapts a function to escalate.Deferrer.
type deferFunc func(ctx context.Context, in stophook.Input, req escalate.Request) (stophook.Decision, bool, error)

func (f deferFunc) Defer(ctx context.Context, in stophook.Input, req escalate.Request) (stophook.Decision, bool, error) {
	return f(ctx, in, req)
}

// With Defer set, a taken question lets the session stop without asking
// in the hook; a declined one is asked in the hook; a failed one is an
// error (the session stops).
func TestEscalationDefer(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		defer_    deferFunc
		wantVerd  stophook.Verdict
		wantAsked int
		wantWhy   string
		wantErr   bool
	}{
		{"deferred", func(_ context.Context, _ stophook.Input, req escalate.Request) (stophook.Decision, bool, error) {
			return stophook.AllowStop("question " + req.ID + " sent"), true, nil
		}, stophook.Allow, 0, "sent", false},
		{"declined: asked in the hook", func(context.Context, stophook.Input, escalate.Request) (stophook.Decision, bool, error) {
			return stophook.PassOn("unattended session"), false, nil
		}, stophook.Block, 1, "unattended session", false},
		{"failed", func(context.Context, stophook.Input, escalate.Request) (stophook.Decision, bool, error) {
			return stophook.Decision{}, false, errors.New("send failed")
		}, stophook.Pass, 0, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			n := answering(escalate.Answer{Kind: escalate.Continue}, nil)
			var got escalate.Request
			p := &escalate.Escalation{Notifier: n, Store: new(stophook.MemoryStore), RecentTools: -1,
				Defer: deferFunc(func(ctx context.Context, in stophook.Input, req escalate.Request) (stophook.Decision, bool, error) {
					got = req
					return tt.defer_(ctx, in, req)
				})}
			d, err := p.Evaluate(context.Background(), stophooktest.Stop("Postgres or SQLite?"))
			if (err != nil) != tt.wantErr || d.Verdict != tt.wantVerd || len(n.asked()) != tt.wantAsked || !strings.Contains(d.Why, tt.wantWhy) {
				t.Errorf("got %v %q, %v, asked %d; want %v, why %q, asked %d, error %v", d.Verdict, d.Why, err, len(n.asked()), tt.wantVerd, tt.wantWhy, tt.wantAsked, tt.wantErr)
			}
			if got.LastMessage != "Postgres or SQLite?" || got.ID == "" {
				t.Errorf("deferrer got %+v, want the analysed request", got)
			}
		})
	}
}
