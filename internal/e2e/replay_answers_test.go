package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayReadsAnswersAsClaudeCode: for each way a Stop hook can
// answer, the real Claude Code's reading (did the turn go on, with what
// feedback) and `stophook replay`'s (decision, reason) agree. The live
// hook answers so at the first Stop only; replay runs the same answer on
// the turn end of the transcript Claude Code wrote.
func TestReplayReadsAnswersAsClaudeCode(t *testing.T) {
	t.Parallel()
	cli := BuildHook(t, "./cmd/stophook")
	tests := []struct{ name, answer string }{
		{"block without reason", `echo '{"decision":"block"}'`},
		{"exit 2, reason in the JSON on stdout", `echo '{"decision":"block","reason":"from json"}'; exit 2`},
		{"exit 2, reason on stderr", `echo 'from stderr' >&2; exit 2`},
		{"additionalContext", `echo '{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"more context"}}'`},
		{"continue false", `echo '{"continue":false,"decision":"block","reason":"x"}'`},
		{"exit 1", `echo boom >&2; exit 1`},
		{"a child keeps stdout open", `sleep 5 & echo '{"decision":"block","reason":"go on"}'`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := New(t)
			answer := filepath.Join(e.Root, "answer.sh")
			if err := os.WriteFile(answer, []byte("#!/bin/sh\ncat >/dev/null\n"+tc.answer+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			mark := filepath.Join(e.Root, "answered")
			once := filepath.Join(e.Root, "once.sh")
			if err := os.WriteFile(once, []byte("#!/bin/sh\nif [ -e "+Quote(mark)+" ]; then cat >/dev/null; exit 0; fi\n: > "+Quote(mark)+"\nexec "+Quote(answer)+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			e.Settings.AddHook("Stop", Command(Quote(once)))
			e.API.Enqueue(Text("first reply"), Text("second reply"))
			e.RunOK("do it")
			feedback, reminders := e.API.StopHookFeedback(), e.API.SystemReminders()
			liveWentOn := len(e.API.Conversation()) == 2

			cmd := exec.Command(cli, "replay", "-json", "-timeout", "2m", "-hook", answer, filepath.Join(e.Home, ".claude", "projects"))
			cmd.Env = append(os.Environ(), "HOME="+e.Home)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("stophook replay: %v\n%s", err, stderr.String())
			}
			var row struct{ Decision, Reason string }
			if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &row); err != nil {
				t.Fatalf("replay output %q: %v", stdout.String(), err)
			}
			if (row.Decision == "block") != liveWentOn {
				t.Fatalf("replay decided %s (%q); Claude Code went on: %v (feedback %q)", row.Decision, row.Reason, liveWentOn, feedback)
			}
			if !liveWentOn {
				return
			}
			said := strings.Join(append(feedback, reminders...), "\n")
			if row.Reason == "" || !strings.Contains(said, row.Reason) {
				t.Errorf("replay's reason %q; Claude Code sent back %q", row.Reason, said)
			}
		})
	}
}
