package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestQuickstart runs the built binary on the bundled sample events.
func TestQuickstart(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "quickstart")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	state := t.TempDir()
	hook := func(event string, args ...string) (stdout, stderr string, code int) {
		t.Helper()
		f, err := os.Open(filepath.Join("testdata", event))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd := exec.Command(bin, append([]string{"-state", state}, args...)...)
		var o, e bytes.Buffer
		cmd.Stdin, cmd.Stdout, cmd.Stderr = f, &o, &e
		err = cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return o.String(), e.String(), code
	}
	steps := []struct {
		event, flag string
		wantBlock   bool
		wantCode    int
	}{
		{"stop-error.json", "", true, 0},  // retry 1/2
		{"stop-retry.json", "", true, 0},  // the same turn: retry 2/2
		{"stop-retry.json", "", false, 0}, // two retries used this turn: the guard lets it stop
		{"stop-error.json", "-exit2", true, 2},
		{"stop-done.json", "", false, 0},
	}
	for i, s := range steps {
		var args []string
		if s.flag != "" {
			args = append(args, s.flag)
		}
		out, errOut, code := hook(s.event, args...)
		if got := strings.Contains(out, `"decision":"block"`); got != s.wantBlock || code != s.wantCode {
			t.Errorf("step %d (%s %s): got block=%v exit=%d (stdout %q stderr %q), want block=%v exit=%d",
				i+1, s.event, s.flag, got, code, out, errOut, s.wantBlock, s.wantCode)
		}
	}
}

// -continue context sends the retry as Stop additionalContext.
func TestQuickstartContinueWithContext(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "quickstart")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	f, err := os.Open(filepath.Join("testdata", "stop-error.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd := exec.Command(bin, "-state", t.TempDir(), "-continue", "context")
	var o bytes.Buffer
	cmd.Stdin, cmd.Stdout = f, &o
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	want := `{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"The previous approach hit an error. Try a different approach to accomplish the task."}}` + "\n"
	if o.String() != want {
		t.Errorf("stdout %q, want %q", o.String(), want)
	}
}
