package e2e

import (
	"bufio"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stophook/stophook/transcript"
)

// probeReport mirrors the Report of e2e/testdata/hooks/transcriptprobe.
type probeReport struct {
	StopHookActive bool     `json:"stop_hook_active"`
	CWD            string   `json:"cwd"`
	Err            string   `json:"err"`
	Messages       int      `json:"messages"`
	Meta           int      `json:"meta"`
	Tools          []string `json:"tools"`
	LastText       string   `json:"last_text"`
	TranscriptText string   `json:"transcript_text"`
}

func readReports(t *testing.T, path string) []probeReport {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("probe reports: %v", err)
	}
	defer f.Close()
	var out []probeReport
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r probeReport
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("probe report %q: %v", sc.Text(), err)
		}
		out = append(out, r)
	}
	return out
}

// Scenario: package transcript on the real client's transcript. One reply
// holds text and two tool calls (Bash, Write); a Stop hook built on
// package transcript reads the transcript at each Stop, blocks once, and
// the session ends. Checked at hook time (where the transcript may lag)
// and on the finished transcript.
func TestTranscriptToolTurn(t *testing.T) {
	t.Parallel()
	e := New(t)
	reports := filepath.Join(e.Root, "probe.jsonl")
	probe := BuildHook(t, "./internal/e2e/testdata/hooks/transcriptprobe")
	e.Settings.AddHook("Stop", e.Record("stop", Command(CommandLine(probe, "-out", reports, "-reason", "probe: one more step"))))
	notes := filepath.Join(e.Dir, "notes.txt")
	e.API.Enqueue(
		Reply{Blocks: []Block{{Type: "text", Text: "I'll check and take notes."}, Tool("Bash", map[string]any{"command": "echo hello", "description": "say hello"}), Tool("Write", map[string]any{"file_path": notes, "content": "hello\n"})}},
		Text("First pass done."),
		Text("All done."),
	)

	r := e.RunOK("check and take notes")
	if r.Out.Result != "All done." {
		e.Dump(r)
		t.Fatalf("result: got %q, want %q", r.Out.Result, "All done.")
	}
	wantTools := []string{"Bash(echo hello)", "Write(notes.txt)"}

	// At hook time. The tool calls were written long before the Stop; the
	// final reply may not be written yet (the transcript lags: observed at
	// the second Stop, whose transcript held neither the feedback line nor
	// the reply that followed it), so only the hook field gives it for sure.
	reps := readReports(t, reports)
	if len(reps) != 2 {
		t.Fatalf("probe reports: got %d, want 2 (%+v)", len(reps), reps)
	}
	for i, rep := range reps {
		if rep.Err != "" {
			if !strings.Contains(rep.Err, fs.ErrNotExist.Error()) {
				t.Errorf("Stop %d: transcript error %q, want none or not-exist", i+1, rep.Err)
			}
			t.Logf("Stop %d: transcript not there yet: %s", i+1, rep.Err)
			continue
		}
		if !slices.Equal(rep.Tools, wantTools) {
			t.Errorf("Stop %d: recent tools %q, want %q", i+1, rep.Tools, wantTools)
		}
		t.Logf("Stop %d: %d messages, %d meta; transcript's last text %q (hook field %q)", i+1, rep.Messages, rep.Meta, rep.TranscriptText, rep.LastText)
	}
	if got := reps[0].LastText; got != "First pass done." {
		t.Errorf("Stop 1: LastAssistantText %q, want the hook field %q", got, "First pass done.")
	}
	if got := reps[1].LastText; got != "All done." {
		t.Errorf("Stop 2: LastAssistantText %q, want %q", got, "All done.")
	}

	// On the finished transcript.
	path := e.TranscriptPath(r.Out.SessionID)
	msgs, err := transcript.Tail(path, 50)
	if err != nil {
		t.Fatalf("transcript.Tail: %v", err)
	}
	var roles []string
	for _, m := range msgs {
		roles = append(roles, m.Role)
	}
	i := slices.IndexFunc(msgs, func(m transcript.Message) bool { return m.Role == "assistant" && len(m.ToolUses) > 0 })
	if i < 0 {
		t.Fatalf("no assistant message with tool uses in %v", roles)
	}
	reply := msgs[i]
	if reply.Text != "I'll check and take notes." || len(reply.ToolUses) != 2 {
		t.Errorf("reply: text %q with %d tool uses; want the text and both calls in one message (roles %v)", reply.Text, len(reply.ToolUses), roles)
	}
	var tools []string
	for _, u := range transcript.RecentToolUses(msgs, 10) {
		tools = append(tools, u.Relative(reps[0].CWD))
	}
	if !slices.Equal(tools, wantTools) {
		t.Errorf("recent tools: got %q, want %q", tools, wantTools)
	}
	results := 0
	for _, m := range msgs[i+1:] {
		if len(m.ToolResults) == 0 {
			break
		}
		results += len(m.ToolResults)
	}
	if results != 2 {
		t.Errorf("tool results right after the reply: got %d, want 2 (roles %v)", results, roles)
	}
	var feedback []string
	for _, m := range msgs {
		if m.IsMeta && strings.HasPrefix(m.Text, FeedbackPrefix) {
			feedback = append(feedback, m.Text)
		}
	}
	if want := []string{FeedbackPrefix + "probe: one more step"}; !slices.Equal(feedback, want) {
		t.Errorf("feedback messages: got %q, want %q", feedback, want)
	}
	text, err := transcript.LastAssistantText("", path)
	if err != nil || text != "All done." {
		t.Errorf("LastAssistantText from the transcript: got %q, %v; want %q", text, err, "All done.")
	}
	e.Capture("two-tools-blocked-once", r.Out.SessionID)
}

// A missing transcript (a session that has not written one yet) is an
// error wrapping fs.ErrNotExist, which callers treat as "no history".
func TestTranscriptMissingIsNotExist(t *testing.T) {
	t.Parallel()
	_, err := transcript.Tail(filepath.Join(t.TempDir(), "no-session.jsonl"), 5)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("got %v, want fs.ErrNotExist", err)
	}
}
