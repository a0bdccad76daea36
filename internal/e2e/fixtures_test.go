package e2e

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stophook/stophook/policy"
	"github.com/stophook/stophook/signals"
	"github.com/stophook/stophook/transcript"
)

// The captured fixtures (written by this suite with STOPHOOK_E2E_CAPTURE)
// read back as the scenarios that made them; this needs no claude binary.
func TestCapturedFixtures(t *testing.T) {
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "transcript", "testdata", "captured")

	t.Run("tool turn", func(t *testing.T) {
		path := filepath.Join(dir, "tool-turn.jsonl")
		msgs, err := transcript.Tail(path, 20)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"Bash(echo hello)", "Write(" + ScrubbedProject + "/notes/hello.txt)"}
		if got := transcript.RecentTools(msgs, 5); !slices.Equal(got, want) {
			t.Errorf("RecentTools: got %q, want %q", got, want)
		}
		if got, err := transcript.LastAssistantText("", path); err != nil || got != "Done: ran echo and wrote notes/hello.txt." {
			t.Errorf("LastAssistantText: got %q, %v", got, err)
		}
	})
	t.Run("blocked then retried", func(t *testing.T) {
		msgs, err := transcript.Tail(filepath.Join(dir, "blocked-retried.jsonl"), 10)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range msgs {
			got = append(got, m.Role+":"+strings.ReplaceAll(m.Text, "\n", " "))
		}
		want := []string{
			"user:build the project",
			"assistant:" + errorReply,
			"user:Stop hook feedback: " + policy.DefaultRetryReason,
			"assistant:" + fixedReply,
		}
		if !slices.Equal(got, want) {
			t.Errorf("messages:\ngot  %q\nwant %q", got, want)
		}
		if len(msgs) == 4 && !msgs[2].IsMeta {
			t.Errorf("feedback message: IsMeta false, want true")
		}
	})
	t.Run("plain turn signals", func(t *testing.T) {
		text, err := transcript.LastAssistantText("", filepath.Join(dir, "plain-turn.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		tag := signals.Tag{Name: "promise", Values: []string{"DONE"}}
		if _, v, ok := signals.Find(text, tag); !ok || v != "DONE" {
			t.Errorf("signals.Find: got %q, %v; want DONE (the tag alone on its line)", v, ok)
		}
		if _, _, ok := signals.Find(strings.Split(text, "\n\n<promise>")[0], tag); ok {
			t.Errorf("signals.Find: matched a tag inside code")
		}
	})
}
