//go:build unix

package hook

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stophook/stophook"
)

// TestDecisionLogFIFO: a FIFO at STOPHOOK_LOG with no reader (a planted
// one, or a reader that went away) is an error of the log, not a hook
// that hangs until the host kills it.
func TestDecisionLogFIFO(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip(err)
	}
	in := stophook.Input{SessionID: "s", HookEventName: stophook.EventStop}
	if err := appendLog(path, in, stophook.AllowStop("done"), time.Millisecond); err == nil {
		t.Fatal("appendLog to a FIFO without a reader: no error")
	}
}
