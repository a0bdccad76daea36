package hookcli

import (
	"strings"
	"testing"
)

func TestVersionLine(t *testing.T) {
	var b strings.Builder
	PrintVersion(&b, binaryName("/usr/local/bin/stophook-loop start"))
	if got := b.String(); !strings.HasPrefix(got, "stophook-loop ") || !strings.Contains(got, "go1.") || !strings.HasSuffix(got, "\n") {
		t.Errorf("version line %q", got)
	}
	for _, a := range []string{"-version", "--version", "version"} {
		if !IsVersion(a) {
			t.Errorf("IsVersion(%q) = false", a)
		}
	}
	if IsVersion("-v") || IsVersion("start") {
		t.Error("IsVersion accepts other arguments")
	}
}
