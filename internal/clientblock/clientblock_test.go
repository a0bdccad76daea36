package clientblock_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stophook/stophook/internal/clientblock"
)

// TestBlankTags: a reader's own tags are blanked like the client's, and
// only those named.
func TestBlankTags(t *testing.T) {
	const plan = "<proposed_plan>\n# Plan\nUse Redis.\n</proposed_plan>"
	const cite = "<oai-mem-citation>x</oai-mem-citation>"
	in := "Here is the plan.\n" + plan + "\n" + cite
	if got, want := clientblock.BlankTags(in, "proposed_plan"), "Here is the plan.\n"+spaces(plan)+"\n"+cite; got != want {
		t.Errorf("BlankTags(proposed_plan)\n got %q\nwant %q", got, want)
	}
	if got := clientblock.BlankTags(in); got != in {
		t.Errorf("BlankTags with no tag changed the text: %q", got)
	}
	if got, want := clientblock.BlankTags(in, "proposed_plan", "oai-mem-citation"), "Here is the plan.\n"+spaces(plan)+"\n"+spaces(cite); got != want {
		t.Errorf("BlankTags(both)\n got %q\nwant %q", got, want)
	}
	if got := clientblock.Blank(in); got != "Here is the plan.\n"+plan+"\n"+spaces(cite) {
		t.Errorf("Blank blanked a tag that is not the client's: %q", got)
	}
}

func TestBlank(t *testing.T) {
	const cite = "<oai-mem-citation>\n<citation_entries>\nMEMORY.md:1-3|note=[prefers tabs]\n</citation_entries>\n</oai-mem-citation>"
	const remind = "<system_reminder>\n<sql_tables>Available tables: todos</sql_tables>\n</system_reminder>"
	const short = "<system-reminder>x</system-reminder>"
	for _, tc := range []struct{ name, in, want string }{
		{"none", "Done. Want me to run the tests?", "Done. Want me to run the tests?"},
		// As Codex writes it (memories on): the block is the reply's last content.
		{"codex citation", "Want me to run the tests?\n\n" + cite, "Want me to run the tests?\n\n" + spaces(cite)},
		// As Copilot CLI writes it into the user's prompt.
		{"copilot reminder", "fix it\n\n" + remind, "fix it\n\n" + spaces(remind)},
		{"indented", "a\n  " + short + "\nb", "a\n  " + spaces(short) + "\nb"},
		{"two blocks", short + "\nkeep\n" + short, spaces(short) + "\nkeep\n" + spaces(short)},
		{"named in prose", "Claude Code writes " + short + " blocks.", "Claude Code writes " + short + " blocks."},
		{"in code span", "The `<system-reminder>` tag.\n</system-reminder>", "The `<system-reminder>` tag.\n</system-reminder>"},
		{"unclosed", "ok\n<oai-mem-citation>\nMEMORY.md:1", "ok\n<oai-mem-citation>\nMEMORY.md:1"},
		{"crlf", "q?\r\n<oai-mem-citation>\r\nx\r\n</oai-mem-citation>", "q?\r\n" + spaces("<oai-mem-citation>\r\nx\r\n</oai-mem-citation>")},
		{"a mention, then a block", "see `<oai-mem-citation>`\n<oai-mem-citation>x</oai-mem-citation>\nWant me to?",
			"see `<oai-mem-citation>`\n" + spaces("<oai-mem-citation>x</oai-mem-citation>") + "\nWant me to?"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := clientblock.Blank(tc.in)
			if got != tc.want {
				t.Errorf("Blank(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
			if len(got) != len(tc.in) || strings.Count(got, "\n") != strings.Count(tc.in, "\n") {
				t.Errorf("Blank changed the length or the lines of %q", tc.in)
			}
		})
	}
}

// spaces is s with every byte but line ends made a space.
func spaces(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c != '\n' && c != '\r' {
			b[i] = ' '
		}
	}
	return string(b)
}

func FuzzBlank(f *testing.F) {
	for _, s := range []string{"", "<system-reminder>x</system-reminder>", "q?\n<oai-mem-citation>\nx\n</oai-mem-citation>", "a <system_reminder></system_reminder>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := clientblock.Blank(s)
		if len(got) != len(s) {
			t.Fatalf("length %d, want %d", len(got), len(s))
		}
		for i := range len(s) {
			if got[i] != s[i] && (got[i] != ' ' || s[i] == '\n' || s[i] == '\r') {
				t.Fatalf("byte %d: %q -> %q: only bytes other than line ends may become spaces", i, s[i], got[i])
			}
		}
	})
}

func ExampleBlank() {
	reply := "Want me to run the tests?\n<oai-mem-citation>\nMEMORY.md:1-3\n</oai-mem-citation>"
	fmt.Printf("%q\n", strings.TrimSpace(clientblock.Blank(reply)))
	// Output: "Want me to run the tests?"
}
