package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestStoreFlag: with -store DIR (or $STOPHOOK_STORE) the loop guard and
// the turn count live in that store, nothing is written in the project,
// and the stop after a block is let through; memory: is refused in one
// line and the stop goes through.
func TestStoreFlag(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "memory-triage")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	data, err := os.ReadFile(filepath.Join("testdata", "stop-memories.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, how := range []string{"flag", "env", "file:"} {
		t.Run(how, func(t *testing.T) {
			cwd, state := t.TempDir(), t.TempDir()
			cwdJSON, _ := json.Marshal(cwd)
			in := bytes.ReplaceAll(data, []byte(`"CWD"`), cwdJSON)
			hook := func() (string, string) {
				t.Helper()
				var args []string
				env := append(os.Environ(), "ANTHROPIC_API_KEY=", "STOPHOOK_DISABLE=", "STOPHOOK_STORE=", "STOPHOOK_STATE_DIR=")
				switch how {
				case "flag":
					args = []string{"-store", state}
				case "env":
					env = append(env, "STOPHOOK_STORE="+state)
				case "file:":
					args = []string{"-store", "file:" + state}
				}
				cmd := exec.Command(bin, args...)
				cmd.Env = env
				var o, e bytes.Buffer
				cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(in), &o, &e
				if err := cmd.Run(); err != nil {
					t.Fatalf("%v: %v (stderr %q)", args, err, e.String())
				}
				return o.String(), e.String()
			}
			if out, errOut := hook(); !strings.Contains(out, `"decision":"block"`) || errOut != "" {
				t.Fatalf("first stop: got stdout %q stderr %q, want a block", out, errOut)
			}
			if _, err := os.Stat(filepath.Join(cwd, ".claude")); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("<cwd>/.claude: got %v, want nothing written in the project", err)
			}
			if entries, _ := os.ReadDir(state); len(entries) == 0 {
				t.Errorf("state dir %s is empty, want the flag and the turn count", state)
			}
			if out, _ := hook(); strings.Contains(out, "block") {
				t.Errorf("second stop: got %q, want it let through by the flag", out)
			}
		})
	}
	cmd := exec.Command(bin, "-store", "memory:")
	cmd.Stdin = bytes.NewReader(data)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	if err := cmd.Run(); err != nil || o.Len() != 0 || !strings.Contains(e.String(), "memory:") || strings.Count(e.String(), "\n") != 1 {
		t.Errorf("-store memory: got %v, stdout %q, stderr %q; want exit 0, nothing, one line", err, o.String(), e.String())
	}
}
