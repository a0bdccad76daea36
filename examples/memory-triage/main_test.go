package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const wantReason = "Save the following memories before stopping:\n" +
	"- [DECISION] Chose command-type hooks over prompt-type hooks for reliability.\n" +
	"- [TECH_DEBT] Deferred multi-LLM consensus voting for future implementation.\n" +
	"\n" +
	"Use the memory-management skill to save each item.\n" +
	"After saving, you may stop."

// TestMemoryTriageBinary runs the built binary on sample Stop events.
func TestMemoryTriageBinary(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "memory-triage")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	cwd := t.TempDir()
	hook := func(event string, args ...string) (stdout, stderr string, code int) {
		t.Helper()
		data, err := os.ReadFile(filepath.Join("testdata", event))
		if err != nil {
			data = []byte(event) // raw stdin
		}
		cwdJSON, _ := json.Marshal(cwd)
		data = bytes.ReplaceAll(data, []byte(`"CWD"`), cwdJSON)
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "ANTHROPIC_API_KEY=", "STOPHOOK_DISABLE=")
		var o, e bytes.Buffer
		cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(data), &o, &e
		err = cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return o.String(), e.String(), code
	}
	reasonOf := func(stdout string) string {
		var out struct{ Decision, Reason, SystemMessage string }
		json.Unmarshal([]byte(stdout), &out)
		return out.Reason
	}

	// JSON mode: block on stdout, exit 0; the flag file is created.
	out, errOut, code := hook("stop-memories.json")
	if code != 0 || reasonOf(out) != wantReason || errOut != "" {
		t.Fatalf("JSON mode: got exit %d stdout %q stderr %q", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(cwd, ".claude", ".stop_hook_active")); err != nil {
		t.Fatalf("flag file: %v", err)
	}
	// The next stop is let through by the flag (and removes it).
	if out, _, code = hook("stop-memories.json"); code != 0 || strings.Contains(out, "block") {
		t.Fatalf("after a block: got exit %d stdout %q, want an allowed stop", code, out)
	}
	// The seed's exit-code mode: exit 2 with the reason on stderr.
	out, errOut, code = hook("stop-memories.json", "-exit2")
	if code != 2 || strings.TrimSpace(errOut) != wantReason || reasonOf(out) != wantReason {
		t.Fatalf("-exit2: got exit %d stdout %q stderr %q", code, out, errOut)
	}
	os.Remove(filepath.Join(cwd, ".claude", ".stop_hook_active"))
	// Nothing to save: allowed, exit 0, even with -exit2.
	if out, _, code = hook("stop-plain.json", "-exit2"); code != 0 || strings.Contains(out, "block") {
		t.Errorf("plain: got exit %d stdout %q", code, out)
	}
	// -explain prints the trace.
	if _, errOut, _ = hook("stop-plain.json", "-explain"); !strings.Contains(errOut, "MemoryTriage: pass: nothing to save") {
		t.Errorf("-explain: got stderr %q", errOut)
	}
	// Broken input, a malformed config: exit 0, never 2.
	for _, bad := range []string{"not json", `{"hook_event_name":"Stop","cwd":7}`, ""} {
		if out, _, code = hook(bad, "-exit2"); code != 0 || strings.Contains(out, "block") {
			t.Errorf("input %q: got exit %d stdout %q", bad, code, out)
		}
	}
	cfg := filepath.Join(t.TempDir(), "memory-config.json")
	os.WriteFile(cfg, []byte(`{"triage":{`), 0o644)
	out, errOut, code = hook("stop-memories.json", "-exit2", "-config", cfg)
	if code != 2 || !strings.Contains(errOut, "config ignored") {
		t.Errorf("malformed config: got exit %d stderr %q, want defaults (a block) and a warning", code, errOut)
	}
	os.Remove(filepath.Join(cwd, ".claude", ".stop_hook_active"))
	// blocking:false reports to the user instead.
	os.WriteFile(cfg, []byte(`{"triage":{"blocking":false}}`), 0o644)
	out, _, code = hook("stop-memories.json", "-exit2", "-config", cfg)
	if code != 0 || strings.Contains(out, `"decision"`) || !strings.Contains(out, `"systemMessage":"Memory triage`) {
		t.Errorf("blocking false: got exit %d stdout %q", code, out)
	}
}
