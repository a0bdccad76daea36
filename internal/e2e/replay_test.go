package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayOfARealSession: a session of three turns against the real
// Claude Code with quickstart as its Stop hook and STOPHOOK_LOG set, then
// `stophook replay` on the ~/.claude/projects it wrote. The decision log
// has one line per Stop the hook answered; replay finds the three turn ends
// of the real transcript (Stop hook feedback and stop_hook_summary records
// included), decides as the hook does on each, and writes nothing under
// ~/.claude.
func TestReplayOfARealSession(t *testing.T) {
	t.Parallel()
	e := New(t)
	qs := BuildHook(t, "./examples/quickstart")
	cli := BuildHook(t, "./cmd/stophook")
	logPath := filepath.Join(e.Root, "decisions.jsonl")
	e.Setenv("STOPHOOK_LOG", logPath)
	e.Settings.AddHook("Stop", Command(Quote(qs)))

	// Turn 1: an error, retried, then fixed (block, allow).
	e.API.Enqueue(Text(errorReply), Text(fixedReply))
	r := e.RunOK("build the project")
	// Turn 2: a question for the user (allow).
	e.API.Enqueue(Text("Which database do you prefer, Postgres or SQLite?"))
	e.RunOK("add a database", "--resume", r.Out.SessionID)
	// Turn 3: an error three times: two retries in a row, then the stop
	// is let through (block, block, allow).
	e.API.Enqueue(Text(errorReply), Text(errorReply), Text(errorReply))
	e.RunOK("deploy it", "--resume", r.Out.SessionID)

	var live []map[string]any
	data, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatalf("decision log: %v", err)
	}
	for line := range strings.SplitSeq(strings.TrimSpace(string(data)), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("decision log line %q: %v", line, err)
		}
		live = append(live, m)
	}
	var verdicts []string
	for _, m := range live {
		if m["session_id"] != r.Out.SessionID || m["event"] != "Stop" || m["time"] == nil || m["duration_ms"] == nil {
			t.Errorf("decision log line %v: want session %s, event Stop, a time and a duration", m, r.Out.SessionID)
		}
		verdicts = append(verdicts, m["verdict"].(string))
	}
	if got, want := strings.Join(verdicts, " "), "block allow allow block block allow"; got != want {
		t.Errorf("decision log verdicts: %s, want %s", got, want)
	}

	claudeDir := filepath.Join(e.Home, ".claude")
	before := treeState(t, claudeDir)
	cmd := exec.Command(cli, "replay", "-json", "-hook", qs, filepath.Join(claudeDir, "projects"))
	cmd.Env = append(os.Environ(), "HOME="+e.Home)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("stophook replay: %v\n%s", err, stderr.String())
	}
	type row struct {
		SessionID string `json:"session_id"`
		Turn      int    `json:"turn"`
		Decision  string `json:"decision"`
		Reason    string `json:"reason"`
		Policy    string `json:"policy"`
		Error     string `json:"error"`
	}
	var rows []row
	sc := bufio.NewScanner(&stdout)
	for sc.Scan() {
		var x row
		if err := json.Unmarshal(sc.Bytes(), &x); err != nil {
			t.Fatalf("replay row %q: %v", sc.Text(), err)
		}
		rows = append(rows, x)
	}
	want := []row{
		{r.Out.SessionID, 1, "allow", "", "", ""},
		{r.Out.SessionID, 2, "allow", "", "", ""},
		{r.Out.SessionID, 3, "block", "", "ErrorRetry", ""},
	}
	if len(rows) != len(want) {
		t.Fatalf("replay: %d rows %+v, want %d\nstderr: %s", len(rows), rows, len(want), stderr.String())
	}
	for i, w := range want {
		g := rows[i]
		g.Reason = ""
		if g != w {
			t.Errorf("replay row %d: %+v, want %+v", i, rows[i], w)
		}
	}
	if !strings.Contains(rows[2].Reason, "hit an error") {
		t.Errorf("replay row 3 reason %q, want the retry reason", rows[2].Reason)
	}
	if !strings.Contains(stderr.String(), "3 turn ends in 1 sessions") {
		t.Errorf("replay totals: %q", stderr.String())
	}
	if after := treeState(t, claudeDir); after != before {
		t.Errorf("replay changed ~/.claude:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// treeState lists every entry under dir with its size, mode and
// modification time.
func treeState(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %v %v", path, info.Mode(), info.ModTime())
		if !d.IsDir() {
			fmt.Fprintf(&b, " %d bytes", info.Size())
		}
		b.WriteByte('\n')
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
