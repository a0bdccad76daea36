package hookcli

import (
	"bytes"
	"flag"
	"strings"
	"testing"
)

func TestSetUsage(t *testing.T) {
	t.Parallel()
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.Bool("explain", false, "print the trace")
	var out bytes.Buffer
	fs.SetOutput(&out)
	SetUsage(fs, "usage: x [flags]", Runner, []Var{{"EXTRA_VAR", "extra"}})
	fs.Usage()
	got := out.String()
	for _, want := range []string{"usage: x [flags]\n\nflags:\n", "-explain", "environment:\n", "STOPHOOK_DISABLE", "STOPHOOK_STATE_DIR", "EXTRA_VAR"} {
		if !strings.Contains(got, want) {
			t.Errorf("usage lacks %q:\n%s", want, got)
		}
	}
}

// TestSetUsageNoEnvironment: a command that reads no variable prints no
// empty "environment:" heading.
func TestSetUsageNoEnvironment(t *testing.T) {
	t.Parallel()
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	var out bytes.Buffer
	fs.SetOutput(&out)
	SetUsage(fs, "usage: x", nil)
	fs.Usage()
	if got := out.String(); strings.Contains(got, "environment") {
		t.Errorf("usage with no variables:\n%s", got)
	}
}
