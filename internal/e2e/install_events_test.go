package e2e

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestInstallEventsRun installs, for each client, one recording hook per
// default event (`stophook install -host H -events E -command rec -- E`)
// and runs the client once: every event the client fires in a
// non-interactive run must reach its hook. For Codex the run does not
// bypass hook trust, so this also checks every trust entry.
func TestInstallEventsRun(t *testing.T) {
	t.Parallel()
	cases := []struct {
		c    hostCase
		want []string // Claude Code names of the events the run must fire
	}{
		{hostCase{"codex", Codex, ""}, []string{"SessionStart", "UserPromptSubmit", "Stop", "SessionEnd"}},
		{hostCase{"gemini", Gemini, ""}, []string{"SessionStart", "UserPromptSubmit", "Stop", "SessionEnd"}},
		// Observed: qwen -p fires no SessionEnd hook, droid exec no UserPromptSubmit.
		{hostCase{"qwen", Qwen, ""}, []string{"SessionStart", "UserPromptSubmit", "Stop"}},
		{hostCase{"copilot", Copilot, CopilotNative}, []string{"SessionStart", "UserPromptSubmit", "Stop", "SessionEnd"}},
		{hostCase{"droid", Droid, ""}, []string{"SessionStart", "Stop", "SessionEnd"}},
	}
	for _, tc := range cases {
		t.Run(tc.c.name, func(t *testing.T) {
			t.Parallel()
			e := tc.c.env(t)
			cli := BuildHook(t, "./cmd/stophook")
			e.writeConfig()
			env := e.Environ()
			log := filepath.Join(e.Root, "events.log")
			rec := filepath.Join(e.Root, "stophook-record")
			if err := os.WriteFile(rec, []byte("#!/bin/sh\ncat >/dev/null\necho \"$1\" >> "+Quote(log)+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			for _, ev := range []string{"SessionStart", "UserPromptSubmit", "Stop", "SessionEnd"} {
				if out, code := stophookCLI(t, cli, e.Dir, env, "install", "-host", tc.c.client.Name, "-events", ev, "-command", rec, "--", ev); code != 0 {
					t.Fatalf("install %s: exit %d\n%s", ev, code, out)
				}
			}
			e.Model.Enqueue("Done.")
			argv := slices.DeleteFunc(e.argv("say hi"), func(a string) bool { return a == "--dangerously-bypass-hook-trust" })
			ctx, cancel := context.WithTimeout(context.Background(), RunTimeout)
			defer cancel()
			if tc.c.client.Name == Copilot.Name {
				warmCopilot(t, e.Bin)
			}
			cmd := exec.CommandContext(ctx, e.Bin, argv...)
			cmd.Dir, cmd.Env, cmd.Stdin = e.Dir, env, strings.NewReader("")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			b, _ := os.ReadFile(log)
			got := strings.Fields(string(b))
			t.Logf("%s: events seen %v", tc.c.name, got)
			for _, ev := range tc.want {
				if !slices.Contains(got, ev) {
					t.Errorf("%s: the installed %s hook did not run (err %v); seen %v\nstderr: %s", tc.c.name, ev, err, got, truncate(stderr.String(), 2000))
				}
			}
		})
	}
}
