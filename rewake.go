package stophook

import (
	"fmt"
	"io"
	"strings"
)

// writeRewake handles a block on StopFailure. Claude Code runs StopFailure
// after a turn ended on an API error; the hook's JSON output is not read.
// An async hook registered with "asyncRewake": true that exits 2 makes the
// interactive client start a new turn (it resends the failed request),
// with the hook's stderr as the message. So a block on StopFailure writes
// the reason, on one line, to stderr and exits 2, with nothing on stdout.
// It reports false for every other event or decision.
func writeRewake(stderr io.Writer, in Input, d Decision) (code int, ok bool) {
	if in.HookEventName != EventStopFailure || !d.Blocks() {
		return 0, false
	}
	msg := strings.Join(strings.Fields(d.Reason), " ")
	fmt.Fprintln(stderr, Truncate(msg, MaxOutputChars))
	return 2, true
}
