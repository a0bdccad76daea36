package stophook_test

import (
	"strings"
	"testing"

	"github.com/stophook/stophook"
)

const stopFailurePayload = `{"session_id":"s","cwd":"/tmp","hook_event_name":"StopFailure","error":"rate_limit","last_assistant_message":"API Error: Request rejected (429)"}`

// A block on StopFailure is exit 2 with the reason on stderr only: the form
// an asyncRewake hook needs to make Claude Code resend.
func TestRunStopFailureBlockExits2(t *testing.T) {
	t.Parallel()
	events := []string{stophook.EventStopFailure}
	tests := []struct {
		name           string
		chain          *stophook.Chain
		opts           stophook.RunOptions
		code           int
		stdout, stderr string
	}{
		{"block", blocker("resend\n  now"), stophook.RunOptions{Events: events}, 2, "", "resend now\n"},
		{"block, explain and exit-code mode", blocker("resend"), stophook.RunOptions{Events: events, Explain: true, Mode: stophook.ExitCodeMode}, 2, "", "resend\n"},
		{"allow", stophook.NewChain(), stophook.RunOptions{Events: events}, 0, "{}\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := run(t, tt.chain, strings.NewReader(stopFailurePayload), tt.opts)
			if r.code != tt.code || r.stdout != tt.stdout || r.stderr != tt.stderr {
				t.Errorf("got exit %d stdout %q stderr %q, want %d %q %q", r.code, r.stdout, r.stderr, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
}
