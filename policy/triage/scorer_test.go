package triage

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stophook/stophook/transcript"
)

func assistant(text string) transcript.Message {
	return transcript.Message{Role: "assistant", Text: text}
}
func user(text string) transcript.Message { return transcript.Message{Role: "user", Text: text} }

// cueScorer is the default scorer, which reads the agent's prose alone
// (Options.Grounded off): the tests of how cues read a reply need it.
func cueScorer(t *testing.T) *Scorer {
	t.Helper()
	return mustScorer(t, Options{})
}

func mustScorer(t *testing.T, opts Options) *Scorer {
	t.Helper()
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func cats(res scoreResult) []string {
	var out []string
	for _, f := range res.Findings {
		out = append(out, string(f.Category))
	}
	return out
}

func TestScoreCases(t *testing.T) {
	t.Parallel()
	s := cueScorer(t)
	tests := []struct {
		name string
		msgs []transcript.Message
		want []string
	}{
		{"seed decision", []transcript.Message{assistant("Chose command-type hooks over prompt-type hooks for reliability.")}, []string{"DECISION"}},
		{"seed tech debt", []transcript.Message{assistant("Deferred multi-LLM consensus voting for future implementation.")}, []string{"TECH_DEBT"}},
		{"decided to run the tests is not a memory", []transcript.Message{assistant("I decided to run the tests.")}, nil},
		{"decided to run the tests because is not a memory", []transcript.Message{assistant("I decided to run the tests because the build changed.")}, nil},
		{"over alone is weak", []transcript.Message{assistant("The migration is over and took a little over two minutes.")}, nil},
		{"word boundaries: overall, moreover, chosen-ness in words", []transcript.Message{assistant("Overall the code is fine; moreover the tests are decidedly green.")}, nil},
		{"fenced code is not scored", []transcript.Message{assistant("Example:\n\n```go\n// We decided to use X instead of Y because Z. TODO: later\n```\n")}, nil},
		{"inline code is not scored", []transcript.Message{assistant("Run `decided instead of because TODO` to see.")}, nil},
		{"tool output is not scored", []transcript.Message{{Role: "user", ToolResults: []transcript.ToolResult{{Text: "We decided to use X instead of Y because Z.\nTODO: fix later"}}}}, nil},
		{"meta messages are skipped", []transcript.Message{{Role: "user", IsMeta: true, Text: "Stop hook feedback:\n- [DECISION] Chose X over Y for reliability"}}, nil},
		{"questions count half", []transcript.Message{assistant("Should we go with SQLite instead of Redis because it is simpler?")}, nil},
		{"todo list is not tech debt", []transcript.Message{assistant("Let me update the TODO list.")}, nil},
		{"user preference", []transcript.Message{user("From now on, always use pnpm.")}, []string{"PREFERENCE"}},
		{"runbook", []transcript.Message{assistant("The root cause was a stale cache; fixed by clearing it on deploy.")}, []string{"RUNBOOK"}},
		{"constraint", []transcript.Message{assistant("Note that the API has a rate limit of 100 requests per minute.")}, []string{"CONSTRAINT"}},
		{"two categories in report order", []transcript.Message{assistant("TODO: add retries later.\n\nWe went with SQLite instead of Postgres because it needs no server.")}, []string{"DECISION", "TECH_DEBT"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := s.score(tt.msgs)
			if got := cats(res); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v (findings %+v, best %v)", got, tt.want, res.Findings, res.Best)
			}
		})
	}
}

func TestFindingKeepsCodeSpans(t *testing.T) {
	t.Parallel()
	s := mustScorer(t, Options{})
	res := s.score([]transcript.Message{assistant("- **Chose** `modernc.org/sqlite` over `mattn/go-sqlite3` to avoid cgo.")})
	if len(res.Findings) != 1 {
		t.Fatalf("got %d findings, want 1", len(res.Findings))
	}
	if got, want := res.Findings[0].Text, "Chose `modernc.org/sqlite` over `mattn/go-sqlite3` to avoid cgo."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if res.Findings[0].Role != "assistant" || len(res.Findings[0].Cues) == 0 {
		t.Errorf("got role %q cues %v, want assistant and the matched cues", res.Findings[0].Role, res.Findings[0].Cues)
	}
}

func TestAfterError(t *testing.T) {
	t.Parallel()
	s := cueScorer(t)
	fix := assistant("If you see this again, make sure the network is listed.")
	if got := cats(s.score([]transcript.Message{fix})); got != nil {
		t.Errorf("without an error: got %v, want nothing", got)
	}
	failed := transcript.Message{Role: "user", ToolResults: []transcript.ToolResult{{Text: "boom", IsError: true}}}
	if got := cats(s.score([]transcript.Message{failed, fix})); !slices.Equal(got, []string{"RUNBOOK"}) {
		t.Errorf("after a failed tool: got %v, want [RUNBOOK]", got)
	}
	trace := transcript.Message{Role: "user", ToolResults: []transcript.ToolResult{{Text: "Traceback (most recent call last):\n  File \"x.py\", line 1"}}}
	if got := cats(s.score([]transcript.Message{trace, fix})); !slices.Equal(got, []string{"RUNBOOK"}) {
		t.Errorf("after a stack trace: got %v, want [RUNBOOK]", got)
	}
	if got := cats(s.score([]transcript.Message{fix, failed})); got != nil {
		t.Errorf("error after the sentence: got %v, want nothing", got)
	}
}

func TestOptions(t *testing.T) {
	t.Parallel()
	msg := []transcript.Message{assistant("I decided to use Redis.")} // 0.35
	if got := cats(mustScorer(t, Options{}).score(msg)); got != nil {
		t.Errorf("default threshold: got %v, want nothing", got)
	}
	if got := cats(mustScorer(t, Options{Threshold: 0.3}).score(msg)); !slices.Equal(got, []string{"DECISION"}) {
		t.Errorf("threshold 0.3: got %v, want [DECISION]", got)
	}
	rules := []Rule{{Category: "SECURITY", Cues: []Cue{{Pattern: `secrets?|credentials?`, Weight: 0.7}}}}
	res := mustScorer(t, Options{Rules: rules}).score([]transcript.Message{assistant("Never log credentials.")})
	if got := cats(res); !slices.Equal(got, []string{"SECURITY"}) {
		t.Errorf("custom rules: got %v, want [SECURITY]", got)
	}
	w := defaultWeights
	w.User = 0
	if got := cats(mustScorer(t, Options{weights: &w, Rules: rules}).score([]transcript.Message{user("Never log credentials.")})); got != nil {
		t.Errorf("user weight 0: got %v, want nothing", got)
	}
	many := assistant("TODO: one thing later. TODO: two things later. TODO: three things later.")
	if n := len(mustScorer(t, Options{}).score([]transcript.Message{many}).Findings); n != 2 {
		t.Errorf("default MaxPerCategory: got %d findings, want 2", n)
	}
	if n := len(mustScorer(t, Options{MaxPerCategory: 5}).score([]transcript.Message{many}).Findings); n != 3 {
		t.Errorf("MaxPerCategory 5: got %d findings, want 3", n)
	}
}

func TestNewErrors(t *testing.T) {
	t.Parallel()
	for name, opts := range map[string]Options{
		"bad regexp":  {Rules: []Rule{{Category: "X", Cues: []Cue{{Pattern: `(`, Weight: 1}}}}},
		"no category": {Rules: []Rule{{Cues: []Cue{{Pattern: `x`, Weight: 1}}}}},
		"threshold":   {Threshold: 1.5},
	} {
		if _, err := New(opts); err == nil || !strings.HasPrefix(err.Error(), "triage: ") {
			t.Errorf("%s: got %v, want a triage: error", name, err)
		}
	}
}

func TestDefaultRulesCompileAndAreCopies(t *testing.T) {
	t.Parallel()
	a := DefaultRules()
	a[0].Cues[0].Weight = 99
	if DefaultRules()[0].Cues[0].Weight == 99 {
		t.Error("DefaultRules shares its slices")
	}
	if _, err := New(Options{Rules: DefaultRules()}); err != nil {
		t.Fatal(err)
	}
}

func TestActivity(t *testing.T) {
	t.Parallel()
	edits := func(n int, tool string) transcript.Message {
		m := transcript.Message{Role: "assistant"}
		for i := range n {
			in, _ := json.Marshal(map[string]string{"file_path": "/p/f" + string(rune('a'+i)) + ".go"})
			m.ToolUses = append(m.ToolUses, transcript.ToolUse{Name: tool, Input: in})
		}
		return m
	}
	tests := []struct {
		name string
		a    Activity
		msgs []transcript.Message
		want bool
		text string
	}{
		{"4 files is not more than 4", Activity{}, []transcript.Message{edits(4, "Edit")}, false, ""},
		{"5 files", Activity{}, []transcript.Message{edits(5, "Edit")}, true, "Session modified 5 files (fa.go, fb.go, fc.go, fd.go, fe.go) in 5 tool calls"},
		{"same file twice counts once", Activity{}, []transcript.Message{edits(3, "Write"), edits(3, "Edit")}, false, ""},
		{"reads do not modify", Activity{}, []transcript.Message{edits(9, "Read")}, false, ""},
		{"many tools", Activity{ToolUses: 8}, []transcript.Message{edits(9, "Read")}, true, "Session used 9 tool calls"},
		{"files cue disabled", Activity{FilesModified: -1}, []transcript.Message{edits(9, "Edit")}, false, ""},
		{"custom edit tool", Activity{FilesModified: 1, EditTools: []string{"Patch"}}, []transcript.Message{edits(2, "Patch")}, true, "Session modified 2 files (fa.go, fb.go) in 2 tool calls"},
		{"user messages do not count", Activity{}, []transcript.Message{{Role: "user", ToolUses: edits(9, "Edit").ToolUses}}, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, ok := tt.a.finding(tt.msgs)
			if ok != tt.want || (ok && f.Text != tt.text) {
				t.Errorf("got %v %q, want %v %q", ok, f.Text, tt.want, tt.text)
			}
		})
	}
}

func TestTurnAndWithLast(t *testing.T) {
	t.Parallel()
	msgs := []transcript.Message{
		user("first prompt"), assistant("old reply"),
		{Role: "user", IsMeta: true, Text: "Stop hook feedback:\nx"},
		user("second prompt"),
		assistant("working"),
		{Role: "user", ToolResults: []transcript.ToolResult{{Text: "ok"}}},
	}
	turn := currentTurn(msgs)
	if len(turn) != 3 || turn[0].Text != "second prompt" {
		t.Fatalf("Turn: got %d messages starting %q, want 3 starting with the second prompt", len(turn), turn[0].Text)
	}
	if got := currentTurn(msgs[1:3]); len(got) != 2 {
		t.Errorf("Turn without a prompt: got %d messages, want all 2", len(got))
	}
	got := withLast(turn, "Final reply.")
	if len(got) != 4 || got[3].Text != "Final reply." || got[3].Role != "assistant" {
		t.Errorf("WithLast: got %+v, want the reply appended", got)
	}
	if len(turn) != 3 {
		t.Errorf("WithLast changed its input")
	}
	if got := withLast(got, "  Final reply.\n"); len(got) != 4 {
		t.Errorf("WithLast with the reply present: got %d messages, want 4", len(got))
	}
	if got := withLast(turn, ""); len(got) != 3 {
		t.Errorf("WithLast with no reply: got %d messages, want 3", len(got))
	}
}

func TestReasonFormat(t *testing.T) {
	t.Parallel()
	got := blockReason([]Finding{
		{Category: catDecision, Text: "Chose command-type hooks over prompt-type hooks for reliability"},
		{Category: catTechDebt, Text: "Deferred multi-LLM consensus voting for future implementation"},
	})
	want := "Save the following memories before stopping:\n" +
		"- [DECISION] Chose command-type hooks over prompt-type hooks for reliability\n" +
		"- [TECH_DEBT] Deferred multi-LLM consensus voting for future implementation\n" +
		"\n" +
		"Use the memory-management skill to save each item.\n" +
		"After saving, you may stop."
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if blockReason(nil) != "" || userReport(nil) != "" {
		t.Error("Reason/Report of no findings is not empty")
	}
	r := userReport([]Finding{{Category: catDecision, Text: "x y"}})
	if !strings.Contains(r, "- [DECISION] x y") || strings.HasSuffix(r, "\n") {
		t.Errorf("Report: got %q", r)
	}
}

func TestSentenceSplitting(t *testing.T) {
	t.Parallel()
	s := mustScorer(t, Options{Rules: []Rule{{Category: "X", Cues: []Cue{{Pattern: `mark`, Weight: 1}}}}, MaxPerCategory: 10})
	res := s.score([]transcript.Message{assistant("First mark, e.g. this one. Second mark! Third\nmark line. 1. Fourth mark. Not.Split mark")})
	var got []string
	for _, f := range res.Findings {
		got = append(got, f.Text)
	}
	want := []string{"First mark, e.g. this one.", "Second mark!", "mark line.", "Fourth mark.", "Not.Split mark"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestLongSentenceIsCut(t *testing.T) {
	t.Parallel()
	s := mustScorer(t, Options{})
	res := s.score([]transcript.Message{assistant("TODO: " + strings.Repeat("word ", 200))})
	if len(res.Findings) != 1 {
		t.Fatalf("got %d findings, want 1", len(res.Findings))
	}
	if n := len([]rune(res.Findings[0].Text)); n > 240 || !strings.HasSuffix(res.Findings[0].Text, "…") {
		t.Errorf("got %d runes %q, want at most 240 ending in …", n, res.Findings[0].Text)
	}
}

// FuzzScore checks that any text gives findings of clean, bounded,
// one-line sentences, and never panics.
func FuzzScore(f *testing.F) {
	f.Add("Chose X over Y for reliability.\n\n```go\n// TODO\n```\nTODO: later", "from now on always use pnpm")
	f.Add("\xff\xfe decided \u212Aludge instead of\r\n- **TODO**: x", "")
	f.Add("Purple it is — deep violet seas.", "i wanted like purple")
	f.Add("Good call — removing it.", "backup_and_force_push should be hard deprecated, do not wrap lines as that breaks GitHub")
	f.Add("Task B landed.", "<task-notification><result>Root cause: stale cache.</result></task-notification>")
	f.Add(`User has answered your questions: "Fresh copy or subtree?"="Fresh copy (no history)"`, "option 3")
	f.Add("User selected: \xffKeep auto-merge", "C but shorter")
	f.Add(`{"answers":{"ingress_model":{"answers":["One public service \xff"]}}}`, "That can't be right, one principal per request")
	f.Add("You're right. Python isn't actually installed here (a Store stub).\n<proposed_plan>\nUse Redis.\n</proposed_plan>", "shouldn't we reuse it?")
	f.Add("Yes, but with one important boundary.\n\nNone of this is tech debt; the team does not always follow it, no repro run.", "we want promptfoo compatibility")
	f.Add("Empty diff.\n\n```json\n{\"verdict\": \"neutral\", \"tidy\": \"TODO later\"}\n```", "Re-review only the staged diff. We decided to use SQLite.")
	s, err := New(Options{MaxPerCategory: 50})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, reply, prompt string) {
		ask := assistant(reply) // the reply doubles as the answer to a question tool's call
		ask.ToolUses = []transcript.ToolUse{{Name: "AskUserQuestion"}, {Name: "request_user_input"}}
		res := s.score([]transcript.Message{user(prompt), ask,
			{Role: "user", ToolResults: []transcript.ToolResult{{Text: reply, IsError: true}}},
			assistant(reply)}) // and as the words written after a failed call
		for _, f := range res.Findings {
			if f.Text == "" || strings.ContainsAny(f.Text, "\n\r") || !utf8.ValidString(f.Text) || utf8.RuneCountInString(f.Text) > 240 {
				t.Fatalf("bad finding text %q", f.Text)
			}
			if f.Score < 0.6-1e-9 || f.Score > 1 {
				t.Fatalf("finding score %v outside [0.6, 1]", f.Score)
			}
		}
		for c, v := range res.Best {
			if v < 0 || v > 1 {
				t.Fatalf("best %s = %v outside [0, 1]", c, v)
			}
		}
	})
}

func TestScoreNegation(t *testing.T) {
	t.Parallel()
	s := cueScorer(t)
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"negated preference", "The service does not always use the cache.", nil},
		{"negated with a softener", "We don't really prefer tabs here.", nil},
		{"the preference itself", "Always use the cache for reads in this repo.", []string{"PREFERENCE"}},
		{"a negative cue is not negated by itself", "Safari does not support the File System Access API, so uploads must use a plain input.", []string{"CONSTRAINT"}},
		{"negation in another clause", "It's not fast, but we chose SQLite over Postgres because it needs no server.", []string{"DECISION"}},
		// Wave 8: the reach of a negation.
		{"a negator inside a cue that spans words", "The team does not always follow the style guide.", nil},
		{"the cue names its negator", "The team never pushes to main without a review.", []string{"PREFERENCE"}},
		{"a negator before a determiner and an adjective", "Not a known limitation: it works on Safari too.", nil},
		{"a clause opened by nothing", "Nothing was left for later.", nil},
		{"a clause opened by none", "None of this is tech debt.", nil},
		{"a clause opened by no", "Root cause found in the parser, no repro run before the fix.", nil},
		{"a negative cue is still evidence after no", "No support for IPv6 in the session pooler, so the direct host is unreachable from CI.", []string{"CONSTRAINT"}},
		{"a quantifier in another clause", "Nothing else changed, but we deferred the migration to the next release.", []string{"TECH_DEBT"}},
	}
	for _, tc := range tests {
		if got := cats(s.score([]transcript.Message{assistant(tc.text)})); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q: got %v, want %v", tc.name, tc.text, got, tc.want)
		}
	}
}

func TestScoreParagraphsAndLists(t *testing.T) {
	t.Parallel()
	s := mustScorer(t, Options{})
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"evidence spread over a paragraph", "We went with SQLite. It needs no server, so that deploys stay a single binary.", []string{"DECISION"}},
		{"the same sentences in separate paragraphs", "We went with SQLite.\n\nIt needs no server, so that deploys stay a single binary.", nil},
		{"a list under its lead-in", "Decision on storage:\n\n- went with SQLite\n- because it needs no server", []string{"DECISION"}},
		{"a question does not add up", "We went with SQLite. Should it need a server, so that deploys stay simple?", nil},
	}
	for _, tc := range tests {
		if got := cats(s.score([]transcript.Message{assistant(tc.text)})); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q: got %v, want %v", tc.name, tc.text, got, tc.want)
		}
	}
}

func TestScoreWholeTurn(t *testing.T) {
	t.Parallel()
	s := mustScorer(t, Options{})
	prompt := transcript.Message{Role: "user", Text: "i don't think we need the remote_name alias, can we just remove it"}
	check := assistant("I'll check the code paths first.")
	tests := []struct {
		name string
		msgs []transcript.Message
		want []string
	}{
		{"agreement after checking", []transcript.Message{prompt, check, assistant("Confirmed: nothing reads it.\n\nSo I agree: no need to introduce it.")}, []string{"DECISION"}},
		{"checking without agreeing", []transcript.Message{prompt, check, assistant("Confirmed: two readers still use it.")}, nil},
		{"agreement with something else than a proposal", []transcript.Message{user("what does the remote_name alias do"), assistant("It names the local remote. I agree it is confusing.")}, nil},
		{"a correction the agent owns", []transcript.Message{user("Why are you writing typescript?"), assistant("Good catch. The project rules say to use Python. Let me start over.")}, []string{"PREFERENCE"}},
		{"a question the agent answers", []transcript.Message{user("Why are you writing typescript?"), assistant("The MCP SDK examples are in TypeScript.")}, nil},
		{"an admission without a correction", []transcript.Message{user("add the RUM endpoints"), assistant("Sorry for the delay. Adding them now.")}, nil},
		// Wave 8: more ways a user words a proposal ("we want …", "we need
		// to …", "shouldn't we …"); taken on only when the reply agrees.
		{"a proposal worded as what we want", []transcript.Message{user("we want promptfoo compatibility but want to structure the example so it is reusable."), assistant("Understood. I'll keep the suite close to Promptfoo's contract.")}, []string{"DECISION"}},
		{"a proposal worded as what we need", []transcript.Message{user("the newest version introduced environment so we need to use that."), assistant("Agreed. The migration should go through the new environment contract.")}, []string{"DECISION"}},
		{"a proposal asked as shouldn't we", []transcript.Message{user("shouldn't we have one trace per test case inside the timestamp folder"), assistant("That is a fair challenge. Case-local files are easier to browse.")}, []string{"DECISION"}},
		{"what we need, not agreed", []transcript.Message{user("we need to update the dashboard to consume it."), assistant("I'll check the dashboard's loader first.")}, nil},
		{"what we need, asked", []transcript.Message{user("do we want the dashboard to consume it?"), assistant("Yes. The loader reads it already.")}, nil},
	}
	for _, tc := range tests {
		res := s.score(tc.msgs)
		if got := cats(res); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v (findings %+v)", tc.name, got, tc.want, res.Findings)
		}
	}
}

// A cause named after a failure is this turn's diagnosis, most often of a
// bug in the project's own code that the diff fixes: alone it is no lesson
// (wave 5: 4 false alarms in 4 on the real turns). With a fix or a
// workaround it is a runbook. "The fix is complete" is a status.
func TestRootCauseAloneIsNoLesson(t *testing.T) {
	t.Parallel()
	s := cueScorer(t)
	failed := transcript.Message{Role: "user", ToolResults: []transcript.ToolResult{{Text: "FAIL: TestRender (0.01s)", IsError: true}}}
	tests := []struct {
		name  string
		reply string
		want  []string
	}{
		{"a root cause alone", "Root cause: palette refs never got wired through the shade path, so only literal hex stops worked.", nil},
		{"a root cause with its fix", "Root cause: the build cache was stale; fixed by clearing it before the tests.", []string{"RUNBOOK"}},
		{"the fix is complete", "Completeness: the fix is complete, one targeted guard condition.", nil},
		{"the fix was a step", "The fix was to pin the toolchain in CI.", []string{"RUNBOOK"}},
	}
	for _, tc := range tests {
		res := s.score([]transcript.Message{user("the tests fail"), failed, assistant(tc.reply)})
		if got := cats(res); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v (findings %+v)", tc.name, got, tc.want, res.Findings)
		}
	}
}

func TestSessionSummaryAloneOrJoined(t *testing.T) {
	t.Parallel()
	var edits []transcript.ToolUse
	for _, f := range []string{"a.go", "b.go", "c.go", "d.go", "e.go"} {
		edits = append(edits, transcript.ToolUse{Name: "Edit", Input: json.RawMessage(`{"file_path":"` + f + `"}`)})
	}
	heavy := transcript.Message{Role: "assistant", ToolUses: edits}
	memory := assistant("We went with SQLite instead of Postgres because it needs no server.")
	tests := []struct {
		name     string
		activity Activity
		msgs     []transcript.Message
		want     []string
	}{
		{"heavy activity alone (default: joins only)", Activity{}, []transcript.Message{heavy, assistant("Done.")}, nil},
		{"heavy activity with a memory", Activity{}, []transcript.Message{heavy, memory}, []string{"DECISION", "SESSION_SUMMARY"}},
		{"heavy activity alone, JoinOnly", Activity{JoinOnly: true}, []transcript.Message{heavy, assistant("Done.")}, nil},
		{"heavy activity with a memory, JoinOnly", Activity{JoinOnly: true}, []transcript.Message{heavy, memory}, []string{"DECISION", "SESSION_SUMMARY"}},
		{"heavy activity alone, Alone", Activity{Alone: true}, []transcript.Message{heavy, assistant("Done.")}, []string{"SESSION_SUMMARY"}},
		{"heavy activity alone, Alone wins over JoinOnly", Activity{Alone: true, JoinOnly: true}, []transcript.Message{heavy, assistant("Done.")}, []string{"SESSION_SUMMARY"}},
		{"light activity, Alone", Activity{Alone: true}, []transcript.Message{assistant("Done.")}, nil},
	}
	for _, tc := range tests {
		s := mustScorer(t, Options{Activity: tc.activity})
		res := s.score(tc.msgs)
		if got := cats(res); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
		if len(tc.msgs) == 1 {
			continue // no activity to see
		}
		if res.Best[catSessionSummary] != 1 {
			t.Errorf("%s: best SESSION_SUMMARY %v, want 1 (the activity was seen)", tc.name, res.Best[catSessionSummary])
		}
	}
}

func TestScoreLeadIns(t *testing.T) {
	t.Parallel()
	s := cueScorer(t)
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"a lead-in names the kind", "Done.\n\nRoot cause:\n- the worker read a stale build of core", []string{"RUNBOOK"}},
		{"a heading names the kind", "## Limitations\n\nSafari keeps at most 50 MB per origin.", []string{"CONSTRAINT"}},
		{"a bold lead-in", "**Important design decisions captured:**\n- pass_rate means the assertion pass rate\n- attempts are counted apart", []string{"DECISION"}},
		{"a lead-in that asks files nothing", "Decisions needed from you:\n1. Redis or Memcached", nil},
		{"open questions file nothing", "## Open questions\n\nWhich region first", nil},
		{"a lead-in with nothing after it", "Follow-ups:", nil},
		{"a lead-in naming nothing", "Files changed:\n- main.go", nil},
		{"said in words the cues know: one finding", "Decision on storage:\n\n- went with SQLite\n- because it needs no server", []string{"DECISION"}},
		// Wave 8: a reply that grants the user's point with a named limit
		// files what follows as a constraint.
		{"a yes with a named limit", "Yes, but with one important boundary.\n\nThe hooks fire in the repository the session was started from.", []string{"CONSTRAINT"}},
		{"a yes with a named limit, one line", "Mostly yes, but with one nuance: the registry keeps one publisher per package.", []string{"CONSTRAINT"}},
		{"a yes with a reservation is no limit", "Yes, but I'd rename the goal.\n\nCall it a compatibility baseline.", nil},
		{"a named limit later in the reply files nothing", "Done.\n\nYes, but with one important boundary.\n\nThe hooks fire in the repository the session was started from.", nil},
		{"a yes with a limit and nothing after it", "Yes, but with one caveat.", nil},
	}
	for _, tc := range tests {
		if got := cats(s.score([]transcript.Message{assistant(tc.text)})); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q: got %v, want %v", tc.name, tc.text, got, tc.want)
		}
	}
	// The user's prose is not read for lead-ins: a prompt pasting a
	// document is not the agent filing a memory.
	if got := cats(s.score([]transcript.Message{user("Root cause:\n- unknown, please look")})); got != nil {
		t.Errorf("user lead-in: got %v, want none", got)
	}
}

func TestScoreLookAlikes(t *testing.T) {
	t.Parallel()
	s := mustScorer(t, Options{})
	tests := []struct {
		name string
		msgs []transcript.Message
		want []string
	}{
		{"the fix is pushed is no runbook", []transcript.Message{assistant("The fix is pushed as `fab6fe66`.")}, nil},
		{"whether the fix is is no runbook", []transcript.Message{assistant("That determines whether the right fix is a local cleanup or a separate issue.")}, nil},
		{"work left as a follow-up is debt", []transcript.Message{assistant("Retry support stays a follow-up issue for now.")}, []string{"TECH_DEBT"}},
		{"a report of what the agent did is no constraint", []transcript.Message{assistant("I reviewed the 25 newest issues and checked Beads read-only.")}, nil},
		{"a proposal asked with a tag is a question", []transcript.Message{user("perhaps we don't need it, we just need settings.local.json which is gitignored right"), assistant("Yes, it is gitignored.")}, nil},
		{"a comparison proposed and accepted", []transcript.Message{user("So maybe it's better to start with sqlite than with elasticsearch"), assistant("Yes. I'd start with SQLite: no server to run.")}, []string{"DECISION"}},
		{"the user asks to remember", []transcript.Message{user("Remember that the staging database is reset every night.")}, []string{"PREFERENCE"}},
	}
	for _, tc := range tests {
		res := s.score(tc.msgs)
		if got := cats(res); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v (findings %+v)", tc.name, got, tc.want, res.Findings)
		}
	}
}

func TestJoinOnlyFromConfig(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "memory-config.json")
	if err := os.WriteFile(path, []byte(`{"triage":{"session_summary":{"join_only":true}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := readConfig(path)
	if err != nil || !c.SessionSummary.JoinOnly {
		t.Fatalf("readConfig: %+v, %v; want session_summary.join_only", c.SessionSummary, err)
	}
	if err := os.WriteFile(path, []byte(`{"triage":{"session_summary":{"alone":true}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err = readConfig(path)
	if err != nil || !c.SessionSummary.Alone {
		t.Fatalf("readConfig: %+v, %v; want session_summary.alone", c.SessionSummary, err)
	}
}
