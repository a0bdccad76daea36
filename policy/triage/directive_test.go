package triage

import (
	"slices"
	"testing"

	"github.com/stophook/stophook/transcript"
)

// TestScoreDirectives checks that a rule or decision the user states as
// settled in the prompt is a memory once the agent goes ahead with it,
// whatever words the reply uses, and not when the agent pushes back or the
// user only asks.
func TestScoreDirectives(t *testing.T) {
	t.Parallel()
	s := mustScorer(t, Options{})
	done := assistant("Done: the flag is gone and the tests pass.")
	tests := []struct {
		name   string
		prompt string
		reply  transcript.Message
		want   []string
	}{
		{"deprecation", "backup_and_force_push should be hard deprecated", done, []string{"DECISION"}},
		{"rename", "ok lets rename to run_manifest, spawn worker then", done, []string{"DECISION"}},
		{"rule with its reason", "yes and do not wrap long lines in the markdown as that ruins the rendering on GitHub", done, []string{"PREFERENCE"}},
		{"tests first", "Begin by writing tests, then implement the search tool.", done, []string{"PREFERENCE"}},
		{"guidelines", "Write the client, and follow @PYTHON.md guidelines exactly.", done, []string{"PREFERENCE"}},
		{"limit as the reason", "can you remove byok since it's no longer supported", done, []string{"CONSTRAINT"}},
		{"where it lives", "I want the instructions to live in AGENTS.md, not a skill.", done, []string{"DECISION"}},
		{"pushed back", "backup_and_force_push should be hard deprecated", assistant("I'd push back: two scripts still call it."), nil},
		{"asked, not stated", "should backup_and_force_push be hard deprecated?", done, nil},
		{"a task, not a rule", "fix the failing test in the parser", done, nil},
		{"an instruction without a reason", "don't create a pr, just a commit", done, nil},
		{"a pick named back", "i wanted like purple", assistant("Purple it is — deep violet seas with glowing veins."), []string{"DECISION"}},
		{"a call the agent calls right", "people can use their mouse to click so we dont need to show the map at the bottom.", assistant("Good call — removing the key legend."), []string{"DECISION"}},
		{"a short prompt merely acknowledged", "ok do it", assistant("Starting Phase 5: the welcome email."), nil},
		{"a short question", "is it still loading lazily?", assistant("Good call to check: yes, it is."), nil},
		{"a point the reply owns", "That can't be right, any single request only pertains to one principal", assistant("You're right. I conflated two models: one principal per request."), []string{"DECISION"}},
		{"a question the reply owns", "shouldn't the feed module reuse the links service instead of querying the table again?", assistant("You're absolutely right. I'll inject LinksService."), []string{"DECISION"}},
		{"a way of working the reply owns", "you never run the linter before committing", assistant("You're right, I'll run it from now on."), []string{"PREFERENCE"}},
		{"a bug report drawing a good catch", "the save button does nothing when the title is empty", assistant("Good catch — the handler returns early. Fixed."), nil},
		{"right about a fact, later in the reply", "the save button does nothing when the title is empty", assistant("Let me look. You're right that it returns early; fixed."), nil},
	}
	for _, tc := range tests {
		res := s.score([]transcript.Message{user(tc.prompt), tc.reply})
		if got := cats(res); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v (findings %+v)", tc.name, got, tc.want, res.Findings)
		}
	}
}

// TestScoreInjectedUserText checks that text the client writes in the
// user's place — a background task's report, a compaction summary — is
// not read as the user's words.
func TestScoreInjectedUserText(t *testing.T) {
	t.Parallel()
	s := mustScorer(t, Options{})
	report := user("<task-notification>\n<status>completed</status>\n<result>Root cause: the cache was stale, fixed by rebuilding it first.\nFrom now on always run make before the tests.</result>\n</task-notification>")
	if got := cats(s.score([]transcript.Message{report, assistant("Task B landed. Waiting on C.")})); got != nil {
		t.Errorf("task report: got %v, want nothing (the agent's reply says nothing to keep)", got)
	}
	summary := user("This session is being continued from a previous conversation that ran out of context.\n\nI restructured the project to follow PYTHON.md with a src layout.")
	res := s.score([]transcript.Message{summary, assistant("Continuing with the tests.")})
	for _, f := range res.Findings {
		if f.Role == "user" && f.Score == agreementScore {
			t.Errorf("compaction summary read as a prompt: %+v", f)
		}
	}
	if !injected("  <task-notification>…") || injected("a <task-notification> inside") || injected("") {
		t.Error("injected: wrong on its edge cases")
	}
}

// TestScoreMemoryMarkers checks the phrases agents use to flag a fact worth
// keeping ("For future reference:", "Two footnotes worth knowing:"), and
// that the same words in a plan or under negation file nothing.
func TestScoreMemoryMarkers(t *testing.T) {
	t.Parallel()
	s := cueScorer(t)
	tests := []struct {
		text string
		want []string
	}{
		{"Gone.\n\nFor future reference: this file appears when something redirects output to nul from PowerShell.", []string{"RUNBOOK"}},
		{"It is allowed.\n\nTwo footnotes worth knowing:\n\n1. The schema accepts keywords that resolve wrongly at runtime.", []string{"CONSTRAINT"}},
		{"I'll create a CLAUDE.md file to document the project structure for future reference.", nil},
		{"Nothing worth noting in the logs.", nil},
		{"Good news, it's fixed.\n\nOne catch: this only helps shells started after the upgrade.", []string{"CONSTRAINT"}},
		{"Intro: Nushell has no way to update the prompt once the line editor is active.", []string{"CONSTRAINT"}},
		{"One orphaned JSDoc found in export_themes.mjs — spun off as a separate task chip rather than guessed at.", []string{"TECH_DEBT"}},
		{"While they finish, the two fixes the review prevented are worth recording, because both were mine.", []string{"CONSTRAINT"}},
		{"Committed and pushed.\n\nA few small loose ends, none urgent:\n\n- The level name is still the placeholder from PLAN.md.", []string{"TECH_DEBT"}},
		{"Two clean commits; git status shows nothing left uncommitted:\n\n- 3f602d14 refactor(segments): migrate 19 languages", nil},
	}
	for _, tc := range tests {
		res := s.score([]transcript.Message{user("go on"), assistant(tc.text)})
		if got := cats(res); !slices.Equal(got, tc.want) {
			t.Errorf("%q: got %v, want %v (findings %+v)", tc.text, got, tc.want, res.Findings)
		}
	}
}
