package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostReplay: quickstart as the turn-end hook of each agent other
// than Claude Code, with STOPHOOK_LOG set, on a turn that ends on an error
// and is retried once; then `stophook replay` on the transcript the client
// wrote. The decision log has a line per call naming the session and the
// host; replay finds the one turn end (the retried reply, not the error
// reply the hook sent back: the continuation is not a prompt), names the
// session as the client did, and lets it stop as the live hook did.
func TestHostReplay(t *testing.T) {
	t.Parallel()
	qs := BuildHook(t, "./examples/quickstart")
	cli := BuildHook(t, "./cmd/stophook")
	for _, c := range hostCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := c.env(t)
			logPath := filepath.Join(e.Root, "decisions.jsonl")
			e.Setenv("STOPHOOK_LOG", logPath)
			e.AddRecorded("stop", e.TurnEnd(), Quote(qs))
			e.Model.Enqueue(errorReply, fixedReply)
			r := e.RunOK("build the project")
			calls := assertTurnEnds(t, e, r, "stop", 1)
			// The input in the client's own naming (Copilot's native
			// format is camelCase).
			var in struct {
				SessionID  string `json:"session_id"`
				SessionID2 string `json:"sessionId"`
				Path       string `json:"transcript_path"`
				Path2      string `json:"transcriptPath"`
			}
			if err := json.Unmarshal([]byte(calls[len(calls)-1].Raw), &in); err != nil {
				t.Fatalf("hook input %q: %v", calls[len(calls)-1].Raw, err)
			}
			session, tp := in.SessionID+in.SessionID2, in.Path+in.Path2

			data, err := os.ReadFile(logPath)
			if err != nil {
				t.Fatalf("decision log: %v", err)
			}
			var verdicts []string
			for line := range strings.SplitSeq(strings.TrimSpace(string(data)), "\n") {
				var l struct {
					SessionID string `json:"session_id"`
					Event     string `json:"event"`
					Host      string `json:"host"`
					Verdict   string `json:"verdict"`
				}
				if err := json.Unmarshal([]byte(line), &l); err != nil {
					t.Fatalf("decision log line %q: %v", line, err)
				}
				if l.Event == "Stop" {
					verdicts = append(verdicts, l.Verdict)
					if l.SessionID != session || l.Host == "" {
						t.Errorf("decision log line %s: want session %s and the host", line, session)
					}
				}
			}
			if got := strings.Join(verdicts, " "); got != "block allow" {
				t.Errorf("decision log Stop verdicts %q, want block allow", got)
			}

			if tp == "" {
				t.Skip("the client names no transcript")
			}
			cmd := exec.Command(cli, "replay", "-json", "-hook", qs, tp)
			cmd.Env = append(os.Environ(), "HOME="+e.Home)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("stophook replay %s: %v\n%s", tp, err, stderr.String())
			}
			var rows []map[string]any
			sc := bufio.NewScanner(&stdout)
			for sc.Scan() {
				var m map[string]any
				if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
					t.Fatalf("replay row %q: %v", sc.Text(), err)
				}
				rows = append(rows, m)
			}
			if len(rows) != 1 || rows[0]["session_id"] != session || rows[0]["turn"] != 1.0 || rows[0]["decision"] != "allow" {
				t.Errorf("replay of %s: rows %v, want one turn end of session %s, turn 1, allow\nstderr: %s", tp, rows, session, stderr.String())
			}
		})
	}
}
