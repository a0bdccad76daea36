package judge_test

import (
	"strings"
	"testing"

	"github.com/stophook/stophook/judge"
)

func TestClassify(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		text string
		want judge.Class
	}{
		{"empty", "", judge.Done},
		{"done", "All 42 tests pass and the change is pushed.", judge.Done},
		{"shall I proceed", "The plan is in docs/plan.md. Shall I proceed?", judge.Permission},
		{"run the tests", "I updated the parser. Do you want me to run the tests?", judge.Permission},
		{"go ahead and", "The schema is ready. Should I go ahead and apply the migration?", judge.Permission},
		{"want me to", "Want me to pick up **task-2** next?", judge.Permission},
		{"plan approval", "Here is the plan:\n\n1. Add the column\n2. Backfill\n\nDoes this plan look good?", judge.Permission},
		{"offer statement", "The fix is drafted. Let me know if you'd like me to proceed with the migration.", judge.Permission},
		{"steps after the question", "Would you like me to proceed with the code review?\n\nThe review will cover:\n- deletions\n- lint", judge.Permission},
		{"closing emphasis", "**Shall I continue with phase 2?**", judge.Permission},
		{"alternatives", "Which database do you prefer, Postgres or SQLite?", judge.Decision},
		{"either or", "Should I skip the hook for this commit, or fix the pre-existing issues first?", judge.Decision},
		{"options listed", "How would you like to proceed?\n\n1. Keep the cache\n2. Drop it", judge.Decision},
		{"options under a lead-in", "Phase 2 is done.\n\nLet me know if you'd like me to:\n1. Continue with phase 3\n2. Test what exists first\n\nThe core feature works already.", judge.Decision},
		{"go-ahead that also asks for information", "Do you want me to go ahead and file the refund? If so, let me know the reason and I'll start it.", judge.Decision},
		{"asks for information", "I cannot reach the staging database. Can you share the connection string?", judge.Decision},
		{"open question", "Where should the new config file live?", judge.Decision},
		{"decision statement", "Both designs work. Let me know which approach you prefer.", judge.Decision},
		{"courtesy", "Done: the docs are updated. Is there anything else you'd like me to do?", judge.Done},
		{"make sense", "That is why the cache misses. Does that make sense?", judge.Done},
		{"or not is yes-no", "Should I commit this or not?", judge.Permission},
		{"question in code", "I added a prompt:\n\n```go\nask(\"Shall I proceed?\")\n```\n\nAll tests pass.", judge.Done},
		{"question in inline code", "The CLI now prints `Proceed?` before deleting.", judge.Done},
		{"rhetorical question earlier", "Why did it fail? The cache key ignored the locale.\n\nI fixed the key.\n\nThe build is green and the fix is pushed.", judge.Done},
		{"error", "I tried to run the migration but it failed:\n\n```\nERROR: relation \"users\" does not exist\n```\n\nThe migration could not be applied.", judge.Error},
		{"api error", "API Error: 529 {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\"}}", judge.Error},
		{"unable", "I was unable to install the dependency: the registry timed out.", judge.Error},
		{"fixed error", "Fixed the error in the parser; all tests pass now.", judge.Done},
		{"error word in code", "Added the check:\n\n```go\nreturn errors.New(\"failed\")\n```\n\nThe handler now reports bad input.", judge.Done},
		{"other language", "変更を保存しました。", judge.Done},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, why := judge.Classify(tt.text)
			if got != tt.want {
				t.Errorf("Classify(%q) = %v (%q), want %v", tt.text, got, why, tt.want)
			}
		})
	}
}

func TestClassifyReadsOnlyTheTail(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("Shall I proceed?\n", 100) + strings.Repeat("Notes on the change.\n", judge.MaxInput/10)
	if got, _ := judge.Classify(long); got != judge.Done {
		t.Errorf("got %v, want done: the question is before the last %d bytes", got, judge.MaxInput)
	}
	long = strings.Repeat("x", 3*judge.MaxInput) + "\nShall I proceed?"
	if got, _ := judge.Classify(long); got != judge.Permission {
		t.Errorf("got %v, want permission", got)
	}
}

func TestClassString(t *testing.T) {
	t.Parallel()
	for _, c := range judge.Classes {
		got, ok := judge.ParseClass(c.String())
		if !ok || got != c {
			t.Errorf("ParseClass(%q) = %v, %v; want %v, true", c.String(), got, ok, c)
		}
	}
	if _, ok := judge.ParseClass("maybe"); ok {
		t.Error("ParseClass(maybe) ok, want not ok")
	}
	if s := judge.Class(42).String(); s != "unknown" {
		t.Errorf("Class(42) = %q, want unknown", s)
	}
}
