package httphook

import (
	"runtime/debug"
	"testing"
)

// TestTuneGC: the server's GC target applies only when GOGC is not set.
func TestTuneGC(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	if tuneGC(func(string) string { return "50" }) {
		t.Error("GOGC=50 set: tuneGC changed the target")
	}
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC set: target %d, want 100 kept", got)
	}
	if !tuneGC(func(string) string { return "" }) {
		t.Error("GOGC not set: tuneGC did nothing")
	}
	if got := debug.SetGCPercent(100); got != serverGCPercent {
		t.Errorf("GOGC not set: target %d, want %d", got, serverGCPercent)
	}
}
