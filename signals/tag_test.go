package signals_test

import (
	"strings"
	"testing"

	"github.com/stophook/stophook/signals"
)

// The loop modes' signals (issue 4). The mode tag sets themselves live in
// loopstate; these are local copies for testing.
var (
	loopDone      = signals.Tag{Name: "loop-done", Values: []string{"COMPLETE", "MAX_ITERATIONS", "STUCK"}}
	issueComplete = signals.Tag{Name: "issue-complete", Values: []string{"DONE"}}
	grindDone     = signals.Tag{Name: "grind-done", Values: []string{"NO_MORE_ISSUES", "MAX_ISSUES"}}

	modes = map[string][]signals.Tag{
		"loop":  {loopDone},
		"issue": {loopDone, issueComplete},
		"grind": {grindDone},
	}
)

// placements put a signal somewhere in a message; found says whether Find
// must see it there.
var placements = []struct {
	name  string
	found bool
	put   func(sig string) string
}{
	{"alone", true, func(s string) string { return s }},
	{"own line after paragraph", true, func(s string) string {
		return "All tests pass.\n\n" + s + "\n"
	}},
	{"own line continuing paragraph", true, func(s string) string {
		return "All tests pass.\n" + s
	}},
	{"own line with surrounding spaces", true, func(s string) string {
		return "Done.\n\n   " + s + " \t\n"
	}},
	{"own line CRLF", true, func(s string) string {
		return "Done.\r\n\r\n" + s + "\r\n"
	}},
	{"own line lone CR", true, func(s string) string {
		return "Done.\r" + s + "\r"
	}},
	{"own line after closed fence", true, func(s string) string {
		return "```\ncode\n```\n" + s + "\n"
	}},
	{"own line after shown in code", true, func(s string) string {
		return "Print `" + s + "` when done.\n\n```\n" + s + "\n```\n\n" + s + "\n"
	}},
	{"own line after invalid UTF-8", true, func(s string) string {
		return "bad \xff\xfe bytes\n" + s + "\n\xc3"
	}},
	{"own line after too deep quotes", true, func(s string) string {
		return strings.Repeat("> ", 10*signals.MaxNesting) + "x\n\n" + s
	}},
	{"heading underline", true, func(s string) string {
		return s + "\n===\n"
	}},
	{"backtick fence", false, func(s string) string {
		return "Here's how to signal completion:\n\n```\n" + s + "\n```\n"
	}},
	{"backtick fence with info", false, func(s string) string {
		return "```text\n" + s + "\n```\n"
	}},
	{"backtick fence CRLF", false, func(s string) string {
		return "Example:\r\n```\r\n" + s + "\r\n```\r\n"
	}},
	{"tilde fence", false, func(s string) string {
		return "Example:\n\n~~~\n" + s + "\n~~~\n"
	}},
	{"unclosed backtick fence", false, func(s string) string {
		return "Example:\n\n```\n" + s + "\n"
	}},
	{"unclosed tilde fence", false, func(s string) string {
		return "~~~~\n" + s
	}},
	{"fence in list item", false, func(s string) string {
		return "- step one:\n\n  ```\n  " + s + "\n  ```\n"
	}},
	{"fence in nested block quote", false, func(s string) string {
		q := strings.Repeat("> ", signals.MaxNesting)
		return q + "```\n" + q + s + "\n"
	}},
	{"fence in block quote", false, func(s string) string {
		return "> ~~~\n> " + s + "\n> ~~~\n"
	}},
	{"indented code", false, func(s string) string {
		return "Example:\n\n    " + s + "\n"
	}},
	{"indented code with tab", false, func(s string) string {
		return "Example:\n\n\t" + s + "\n"
	}},
	{"inline code own line", false, func(s string) string {
		return "`" + s + "`"
	}},
	{"inline code double backticks", false, func(s string) string {
		return "`` " + s + " ``\n"
	}},
	{"inline code spanning lines", false, func(s string) string {
		return "Print `\n" + s + "\n` when done."
	}},
	{"inline code mid-sentence", false, func(s string) string {
		return "Print `" + s + "` when done."
	}},
	{"mid-sentence", false, func(s string) string {
		return "I will print " + s + " when I am done."
	}},
	{"trailing text", false, func(s string) string {
		return s + " done"
	}},
	{"bold", false, func(s string) string {
		return "**" + s + "**"
	}},
	{"bullet", false, func(s string) string {
		return "- " + s
	}},
	{"block quote", false, func(s string) string {
		return "> " + s
	}},
}

func TestFindModeSignals(t *testing.T) {
	t.Parallel()
	for mode, tags := range modes {
		for _, tag := range tags {
			for _, value := range tag.Values {
				sig := tag.Signal(value)
				for _, p := range placements {
					t.Run(mode+"/"+sig+"/"+p.name, func(t *testing.T) {
						t.Parallel()
						msg := p.put(sig)
						gotTag, gotValue, ok := signals.Find(msg, tags...)
						if ok != p.found {
							t.Fatalf("Find(%q) ok = %v, want %v", msg, ok, p.found)
						}
						if !ok {
							return
						}
						if gotTag.Name != tag.Name || gotValue != value {
							t.Fatalf("Find(%q) = %s %q, want %s %q", msg, gotTag.Name, gotValue, tag.Name, value)
						}
					})
				}
			}
		}
	}
}

func TestFindRejects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		msg  string
		tags []signals.Tag
	}{
		{"invalid value", "<loop-done>DONE</loop-done>", modes["loop"]},
		{"empty value", "<loop-done></loop-done>", modes["loop"]},
		{"lower-case value", "<loop-done>complete</loop-done>", modes["loop"]},
		{"spaced value", "<loop-done> COMPLETE </loop-done>", modes["loop"]},
		{"mismatched close", "<loop-done>COMPLETE</grind-done>", modes["loop"]},
		{"issue signal in loop mode", "<issue-complete>DONE</issue-complete>", modes["loop"]},
		{"loop signal in grind mode", "<loop-done>COMPLETE</loop-done>", modes["grind"]},
		{"grind signal in issue mode", "<grind-done>MAX_ISSUES</grind-done>", modes["issue"]},
		{"escaped", `\<loop-done>COMPLETE</loop-done>`, modes["loop"]},
		{"two on one line", "<loop-done>COMPLETE</loop-done><loop-done>COMPLETE</loop-done>", modes["loop"]},
		{"no tags", "<loop-done>COMPLETE</loop-done>", nil},
		{"tag without values", "<loop-done>COMPLETE</loop-done>", []signals.Tag{{Name: "loop-done"}}},
		{"tag without name", "<>COMPLETE</>", []signals.Tag{{Values: []string{"COMPLETE"}}}},
		{"empty message", "", modes["issue"]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if tag, value, ok := signals.Find(tt.msg, tt.tags...); ok {
				t.Fatalf("Find(%q) = %s %q, want not found", tt.msg, tag.Name, value)
			}
		})
	}
}

func TestFindFirstInTextOrder(t *testing.T) {
	t.Parallel()
	msg := "<issue-complete>DONE</issue-complete>\n\n<loop-done>STUCK</loop-done>\n"
	tag, value, ok := signals.Find(msg, loopDone, issueComplete)
	if !ok || tag.Name != "issue-complete" || value != "DONE" {
		t.Fatalf("Find = %s %q %v, want issue-complete \"DONE\" true", tag.Name, value, ok)
	}
	if _, _, ok := signals.Find(msg, grindDone, loopDone); !ok {
		t.Fatalf("Find(grind-done, loop-done) found nothing, want loop-done")
	}
	if _, _, ok := signals.Find(msg, grindDone); ok {
		t.Fatalf("Find(grind-done) found it, want nothing")
	}
}

func TestFindHugeMessage(t *testing.T) {
	t.Parallel()
	sig := loopDone.Signal("COMPLETE")
	filler := strings.Repeat("Some prose about the work that was done.\n", 3*signals.MaxInput/40)
	tests := []struct {
		name  string
		msg   string
		found bool
	}{
		{"signal at end", filler + sig + "\n", true},
		{"signal at start is beyond the window", sig + "\n" + filler, false},
		{"one long line cut mid-line", sig + "\n" + strings.Repeat("x", 2*signals.MaxInput), false},
		{"long line ending in signal is not a whole line", strings.Repeat("x", 2*signals.MaxInput) + sig, false},
		{"fence in window hides signal", filler + "```\n" + sig + "\n```\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if _, _, ok := signals.Find(tt.msg, loopDone); ok != tt.found {
				t.Fatalf("Find(%d bytes) ok = %v, want %v", len(tt.msg), ok, tt.found)
			}
		})
	}
}

func TestTagMatch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line      string
		wantValue string
		wantOK    bool
	}{
		{"<loop-done>COMPLETE</loop-done>", "COMPLETE", true},
		{" \t<loop-done>STUCK</loop-done>\r\n", "STUCK", true},
		{"<loop-done>DONE</loop-done>", "", false},
		{"<loop-done>COMPLETE", "", false},
		{"COMPLETE</loop-done>", "", false},
		{"x <loop-done>COMPLETE</loop-done>", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			t.Parallel()
			value, ok := loopDone.Match(tt.line)
			if value != tt.wantValue || ok != tt.wantOK {
				t.Fatalf("Match(%q) = %q %v, want %q %v", tt.line, value, ok, tt.wantValue, tt.wantOK)
			}
		})
	}
}
