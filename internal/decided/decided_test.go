package decided_test

import (
	"context"
	"testing"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/decided"
)

func TestReport(t *testing.T) {
	t.Parallel()
	decided.Report(context.Background(), stophook.AllowStop("nobody listens")) // no function: nothing happens
	var got []stophook.Decision
	ctx := decided.With(context.Background(), func(d stophook.Decision) { got = append(got, d) })
	decided.Report(ctx, stophook.AllowStop("budget"))
	if len(got) != 1 || got[0].Why != "budget" {
		t.Errorf("got %+v, want the one decision reported", got)
	}
}
