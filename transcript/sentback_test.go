package transcript

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// sentBackFiles are real transcripts of a turn a Stop hook sent back once
// (testdata/continued): the prompt, an error reply, the block, the
// reason as a plain user message, the reply that fixed it.
var sentBackFiles = []struct {
	file   string
	format Format
	hook   string // a fragment of the line recording the blocking hook run
}{
	{"copilot.jsonl", FormatCopilot, `"decision":"block"`},
	{"droid.jsonl", FormatDroid, `\"decision\":\"block\"`},
}

const sentBackReason = "The previous approach hit an error. Try a different approach to accomplish the task."

func TestSentBack(t *testing.T) {
	t.Parallel()
	for _, tt := range sentBackFiles {
		path := filepath.Join("testdata", "continued", tt.file)
		for _, o := range []Options{{Wait: -1}, {Format: tt.format, Wait: -1}} {
			t.Run(tt.file+"/"+o.Format.String(), func(t *testing.T) {
				t.Parallel()
				msgs, err := o.Tail(path, 100)
				if err != nil {
					t.Fatal(err)
				}
				var prompts, meta []string
				for _, m := range msgs {
					switch {
					case m.IsPrompt():
						prompts = append(prompts, m.Text)
					case m.Role == RoleUser && m.IsMeta && !strings.HasPrefix(m.Text, "<system-reminder>"):
						meta = append(meta, m.Text)
					}
				}
				if !slices.Equal(prompts, []string{"build the project"}) || !slices.Equal(meta, []string{sentBackReason}) {
					t.Errorf("prompts %q, meta %q; want the prompt alone and the reason as meta", prompts, meta)
				}
				if text, err := o.LastAssistantText("", path); err != nil || text != "Fixed it: the build passes now." {
					t.Errorf("LastAssistantText = %q, %v", text, err)
				}
			})
		}
	}
}

// Without the record of the hook run before it, the same text is a
// prompt: someone typed it.
func TestSentBackNeedsTheHookRun(t *testing.T) {
	t.Parallel()
	for _, tt := range sentBackFiles {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(filepath.Join("testdata", "continued", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			var kept []string
			for line := range strings.Lines(string(data)) {
				if !strings.Contains(line, tt.hook) {
					kept = append(kept, line)
				}
			}
			if len(kept) != strings.Count(string(data), "\n")-1 {
				t.Fatalf("the hook's record is not one line of %s", tt.file)
			}
			path := filepath.Join(t.TempDir(), tt.file)
			if err := os.WriteFile(path, []byte(strings.Join(kept, "")), 0o600); err != nil {
				t.Fatal(err)
			}
			msgs, err := Options{Format: tt.format}.Tail(path, 100)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, m := range msgs {
				if m.IsPrompt() {
					n++
				}
			}
			if n != 2 {
				t.Errorf("%d prompts, want 2 (the reason with no hook run before it is one)", n)
			}
		})
	}
}

// A transcript written up to the reason sent back: the turn is the one
// the prompt started, and Copilot's reply to the reason is waited for.
func TestSentBackLagging(t *testing.T) {
	t.Parallel()
	for _, tt := range sentBackFiles {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(filepath.Join("testdata", "continued", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			head, _, ok := strings.Cut(string(data), "Fixed it")
			if !ok {
				t.Fatal("no second reply")
			}
			path := filepath.Join(t.TempDir(), tt.file)
			if err := os.WriteFile(path, []byte(head[:strings.LastIndexByte(head, '\n')+1]), 0o600); err != nil {
				t.Fatal(err)
			}
			pauses := 0
			o := Options{Format: tt.format, Wait: 3 * waitStep, sleep: func(time.Duration) { pauses++ }}
			text, err := o.LastAssistantText("", path)
			if err != nil || text != "Error: build failed" {
				t.Errorf("LastAssistantText = %q, %v; want the turn's earlier reply", text, err)
			}
			if want := map[Format]int{FormatCopilot: 3}[tt.format]; pauses != want {
				t.Errorf("paused %d times, want %d", pauses, want)
			}
		})
	}
}
