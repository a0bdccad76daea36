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
		want string // done, error, permission or decision
	}{
		{"empty", "", "done"},
		{"done", "All 42 tests pass and the change is pushed.", "done"},
		{"shall I proceed", "The plan is in docs/plan.md. Shall I proceed?", "permission"},
		{"run the tests", "I updated the parser. Do you want me to run the tests?", "permission"},
		{"go ahead and", "The schema is ready. Should I go ahead and apply the migration?", "permission"},
		{"want me to", "Want me to pick up **task-2** next?", "permission"},
		{"plan approval", "Here is the plan:\n\n1. Add the column\n2. Backfill\n\nDoes this plan look good?", "permission"},
		{"offer statement", "The fix is drafted. Let me know if you'd like me to proceed with the migration.", "permission"},
		{"steps after the question", "Would you like me to proceed with the code review?\n\nThe review will cover:\n- deletions\n- lint", "permission"},
		{"closing emphasis", "**Shall I continue with phase 2?**", "permission"},
		{"alternatives", "Which database do you prefer, Postgres or SQLite?", "decision"},
		{"either or", "Should I skip the hook for this commit, or fix the pre-existing issues first?", "decision"},
		{"options listed", "How would you like to proceed?\n\n1. Keep the cache\n2. Drop it", "decision"},
		{"options under a lead-in", "Phase 2 is done.\n\nLet me know if you'd like me to:\n1. Continue with phase 3\n2. Test what exists first\n\nThe core feature works already.", "decision"},
		{"go-ahead that also asks for information", "Do you want me to go ahead and file the refund? If so, let me know the reason and I'll start it.", "decision"},
		{"asks for information", "I cannot reach the staging database. Can you share the connection string?", "decision"},
		{"open question", "Where should the new config file live?", "decision"},
		{"decision statement", "Both designs work. Let me know which approach you prefer.", "decision"},
		{"courtesy", "Done: the docs are updated. Is there anything else you'd like me to do?", "done"},
		{"make sense", "That is why the cache misses. Does that make sense?", "done"},
		{"or not is yes-no", "Should I commit this or not?", "permission"},
		{"question in code", "I added a prompt:\n\n```go\nask(\"Shall I proceed?\")\n```\n\nAll tests pass.", "done"},
		{"question in inline code", "The CLI now prints `Proceed?` before deleting.", "done"},
		{"rhetorical question earlier", "Why did it fail? The cache key ignored the locale.\n\nI fixed the key.\n\nThe build is green and the fix is pushed.", "done"},
		{"error", "I tried to run the migration but it failed:\n\n```\nERROR: relation \"users\" does not exist\n```\n\nThe migration could not be applied.", "error"},
		{"api error", "API Error: 529 {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\"}}", "error"},
		{"unable", "I was unable to install the dependency: the registry timed out.", "error"},
		{"fixed error", "Fixed the error in the parser; all tests pass now.", "done"},
		{"error word in code", "Added the check:\n\n```go\nreturn errors.New(\"failed\")\n```\n\nThe handler now reports bad input.", "done"},
		{"other language", "変更を保存しました。", "done"},
		// Structural questions.
		{"numbered questions", "A few things to settle before I start:\n\n1. Should the cache be per user?\n2. What TTL do you want?\n3. Any priority order for the endpoints?", "decision"},
		{"question then paragraph", "One decision to unblock the design:\n\n- **Do you want the fork to be GitHub-only in v1?**\n  Recommended: yes. It keeps auth simple and the PR flow in one place.", "decision"},
		{"options without a question mark", "I can either squash the commits or keep them separate. Your call.", "decision"},
		{"confirm to go on", "Slice 1 is committed and I stopped here. Confirm and I'll start slice 2.", "permission"},
		{"courtesy closer", "The dashboard is responsive now. Let me know what you see!", "done"},
		{"feedback after work", "I rebuilt the sign-in page. Does this look like what you had in mind?", "done"},
		{"colon before a list", "Here is what changed:\n\n- the parser\n- the CLI", "done"},
		// Failure statements: first person, tense, negation, topic.
		{"couldn't get it working", "I couldn't get it working: the linker still fails on libssl.", "error"},
		{"haven't fixed it", "I haven't fixed it yet; the race shows up one run in ten.", "error"},
		{"fixed some of them", "Fixed 3 of 4 failing tests; `TestParse` still fails on the unicode case.", "error"},
		{"ci is red", "Pushed the branch, but CI is red on the lint job.", "error"},
		{"push rejected", "Push rejected: the remote has commits I don't have.", "error"},
		{"blocked", "I'm blocked on the missing API key for the staging environment.", "error"},
		{"failure as a topic", "This should resolve the `Cannot read properties of undefined` error you saw.", "done"},
		{"explaining a past failure", "The webhook failed because the secret was rotated; I updated it and it passes now.", "done"},
		{"negated", "No tests fail any more, and the build is green.", "done"},
		{"pre-existing", "Two tests still fail, but they are pre-existing failures on main.", "done"},
		{"hypothetical", "If the build still fails on your machine, run `make clean` first.", "done"},
		{"failure words in code", "Added the check:\n\n```go\nif err != nil {\n\treturn errors.New(\"tests still fail\")\n}\n```\n\nThe handler reports bad input now.", "done"},
		{"quoted output", "You asked about this line:\n\n> Error: the build still fails\n\nIt comes from the old CI config, which I removed.", "done"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			v := judge.Classify(tt.text)
			if got := labelOf(v); got != tt.want {
				t.Errorf("Classify(%q) = %v (%q), want %v", tt.text, v, v.Why, tt.want)
			}
		})
	}
}

func TestClassifyReadsOnlyTheTail(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("Shall I proceed?\n", 100) + strings.Repeat("Notes on the change.\n", judge.MaxInput/10)
	if v := judge.Classify(long); v.Class != judge.Done {
		t.Errorf("got %v, want done: the question is before the last %d bytes", v, judge.MaxInput)
	}
	long = strings.Repeat("x", 3*judge.MaxInput) + "\nShall I proceed?"
	if v := judge.Classify(long); !v.Is(judge.Question, judge.Permission) {
		t.Errorf("got %v, want question/permission", v)
	}
}

func TestNames(t *testing.T) {
	t.Parallel()
	for c, want := range map[judge.Class]string{judge.Done: "done", judge.Error: "error", judge.Question: "question"} {
		if got := c.String(); got != want {
			t.Errorf("Class(%d) = %q, want %q", c, got, want)
		}
	}
	for k, want := range map[judge.Kind]string{judge.NoKind: "", judge.Permission: "permission", judge.Decision: "decision", judge.Failed: "failed", judge.ClaimedSuccess: "claimed_success"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d) = %q, want %q", k, got, want)
		}
	}
	if s := judge.Class(42).String(); s != "unknown" {
		t.Errorf("Class(42) = %q, want unknown", s)
	}
	if s := judge.Kind(42).String(); s != "unknown" {
		t.Errorf("Kind(42) = %q, want unknown", s)
	}
	if judge.Permission.Class() != judge.Question || judge.ClaimedSuccess.Class() != judge.Error || judge.NoKind.Class() != judge.Done {
		t.Error("Kind.Class maps a kind to the wrong class")
	}
}
