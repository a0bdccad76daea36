package triage

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stophook/stophook/transcript"
)

func TestParseAnswer(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		answer  string
		want    []string // "CATEGORY text"
		wantErr bool
	}{
		{"plain", `{"memories":[{"category":"DECISION","text":"Use SQLite"}]}`, []string{"DECISION Use SQLite"}, false},
		{"fenced with prose", "Sure:\n```json\n{\"memories\": [{\"category\": \"tech_debt\", \"text\": \"  add\\n retries \"}]}\n```", []string{"TECH_DEBT add retries"}, false},
		{"category spelled loosely", `{"memories":[{"category":"Session Summary","text":"x"}]}`, []string{"SESSION_SUMMARY x"}, false},
		{"empty list is valid", `{"memories":[]}`, nil, false},
		{"unknown items dropped", `{"memories":[{"category":"GOSSIP","text":"x"},{"category":"RUNBOOK","text":"y"},{"category":"RUNBOOK","text":" "}]}`, []string{"RUNBOOK y"}, false},
		{"duplicates merged", `{"memories":[{"category":"RUNBOOK","text":"y"},{"category":"RUNBOOK","text":"Y"}]}`, []string{"RUNBOOK y"}, false},
		{"only unknown items", `{"memories":[{"category":"GOSSIP","text":"x"}]}`, nil, true},
		{"no json", "I think you should save the decision.", nil, true},
		{"no memories key", `{"items":[]}`, nil, true},
		{"null memories", `{"memories":null}`, nil, true},
		{"broken json", `{"memories":[{"category":"DECISION",}`, nil, true},
		{"wrong types", `{"memories":[{"category":1,"text":2}]}`, nil, true},
		{"huge", `{"memories":[]}` + strings.Repeat(" ", 70000), nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fs, err := parseAnswer(tt.answer)
			if tt.wantErr {
				if !errors.Is(err, errAnswer) {
					t.Errorf("got %v, want ErrAnswer", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range fs {
				got = append(got, string(f.Category)+" "+f.Text)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	many := `{"memories":[`
	for i := range 30 {
		if i > 0 {
			many += ","
		}
		many += `{"category":"DECISION","text":"item ` + strings.Repeat("i", i+1) + `"}`
	}
	many += "]}"
	if fs, err := parseAnswer(many); err != nil || len(fs) != 12 {
		t.Errorf("30 items: got %d, %v; want 12 kept", len(fs), err)
	}
}

// FuzzParseAnswer checks that any answer gives findings of known
// categories with clean one-line texts, or ErrAnswer, and never panics.
func FuzzParseAnswer(f *testing.F) {
	f.Add(`{"memories":[{"category":"DECISION","text":"Use SQLite"}]}`)
	f.Add("```json\n{\"memories\":[]}\n```")
	f.Add(`{"memories":[{"category":"x","text":"\u0000\n\t"}]} trailing }`)
	f.Add(`}{`)
	f.Fuzz(func(t *testing.T, answer string) {
		fs, err := parseAnswer(answer)
		if err != nil {
			if !errors.Is(err, errAnswer) {
				t.Fatalf("error %v does not wrap ErrAnswer", err)
			}
			return
		}
		if len(fs) > 12 {
			t.Fatalf("%d findings, want at most 12", len(fs))
		}
		for _, f := range fs {
			known := false
			for _, c := range allCategories {
				known = known || c == f.Category
			}
			if !known || f.Text == "" || strings.ContainsAny(f.Text, "\n\r") || !utf8.ValidString(f.Text) || utf8.RuneCountInString(f.Text) > 240 {
				t.Fatalf("bad finding %+v", f)
			}
		}
	})
}

func TestPromptAndExcerpt(t *testing.T) {
	t.Parallel()
	msgs := []transcript.Message{
		user("add caching"),
		{Role: "assistant", Text: "Working.\n\n```go\nsecret := 1\n```", ToolUses: []transcript.ToolUse{{Name: "Bash", Input: []byte(`{"command":"go test ./..."}`)}}},
		{Role: "user", IsMeta: true, Text: "Stop hook feedback: hidden"},
		assistant("I went with an LRU cache."),
	}
	ex := excerpt(msgs, 0)
	for _, want := range []string{"user: add caching", "assistant: Working.", "Bash(go test ./...)", "assistant: I went with an LRU cache."} {
		if !strings.Contains(ex, want) {
			t.Errorf("excerpt lacks %q:\n%s", want, ex)
		}
	}
	for _, bad := range []string{"secret", "hidden"} {
		if strings.Contains(ex, bad) {
			t.Errorf("excerpt contains %q:\n%s", bad, ex)
		}
	}
	if got := excerpt(msgs, 20); len(got) > 20 || !strings.HasSuffix(got, "LRU cache.\n") {
		t.Errorf("Excerpt(max 20) = %q, want the last 20 bytes", got)
	}
	p := refinePrompt(scoreResult{Findings: []Finding{{Category: catDecision, Text: "went with LRU"}}}, ex)
	for _, want := range []string{"- [DECISION] went with LRU", "<session>\n" + ex, `{"memories":[]}`} {
		if !strings.Contains(p, want) {
			t.Errorf("prompt lacks %q", want)
		}
	}
}
