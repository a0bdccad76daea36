package judge

import (
	"strings"
	"testing"
)

// FuzzTrim holds trimLeftASCII, trimStatusMarks, foldMarkup and isRule
// to the strings.TrimLeft, strings.Trim and Replacer forms they replace.
func FuzzTrim(f *testing.F) {
	for _, s := range []string{"", " ", "---", " --- ", "- - -", "***\t", "__", "~~~ ", "```go", "#> **Done**", "> - item", "*_a", "\t=\t", "-x-", "—", "* * *", "❌ the deploy failed", " ⚠️ x", "🔴🚫 ci red", "\xe2", "**Done**？ yes", "a\u00a0b “q”", "。：！"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, set := range []string{"#>*_ \t", "#> \t", "> ", "*_"} {
			if got, want := trimLeftASCII(s, set), strings.TrimLeft(s, set); got != want {
				t.Errorf("trimLeftASCII(%q, %q) = %q, want %q", s, set, got, want)
			}
		}
		if got, want := trimStatusMarks(s), strings.TrimLeft(s, statusMarks); got != want {
			t.Errorf("trimStatusMarks(%q) = %q, want %q", s, got, want)
		}
		if got, want := foldMarkup(s), markup.Replace(s); got != want {
			t.Errorf("foldMarkup(%q) = %q, want %q", s, got, want)
		}
		tr := strings.Trim(s, " \t")
		if got, want := isRule(s), tr != "" && strings.Trim(tr, "-*_=~`") == ""; got != want {
			t.Errorf("isRule(%q) = %v, want %v", s, got, want)
		}
	})
}

// TestStatusMarksASCII keeps trimStatusMarks right: its shortcut holds
// only while the space is the one ASCII byte of statusMarks.
func TestStatusMarksASCII(t *testing.T) {
	for i := 0; i < len(statusMarks); i++ {
		if c := statusMarks[i]; c < 0x80 && c != ' ' {
			t.Errorf("statusMarks holds the ASCII byte %q: trimStatusMarks must trim it too", c)
		}
	}
}

// TestMarkupStarts keeps foldMarkup right: every string markup replaces
// starts with a byte markupStarts marks.
func TestMarkupStarts(t *testing.T) {
	for i := 0; i < len(markupPairs); i += 2 {
		if old := markupPairs[i]; !markupStarts[old[0]] {
			t.Errorf("markup replaces %q, whose first byte %#x markupStarts does not mark", old, old[0])
		}
	}
}

// FuzzMayBeSignOff holds mayBeSignOff, which skips the starts whose first
// byte the line's lacks, to the loop over every start it replaces.
func FuzzMayBeSignOff(f *testing.F) {
	for _, s := range append([]string{"", "All done: the tests pass.", "## Best regards", "> **P.S.** x", "\u212Aind regards", "ÉTÉ", "—Claude"}, signOffStarts...) {
		f.Add(s)
		f.Add(strings.ToUpper(s))
	}
	f.Fuzz(func(t *testing.T, line string) {
		l := trimLeftASCII(line, "#>*_ \t")
		if len(l) > 16 {
			l = l[:16]
		}
		ascii := isASCII(l)
		if !ascii {
			l = strings.ToLower(l)
		}
		want := false
		for _, p := range signOffStarts {
			if ascii && hasPrefixFoldASCII(l, p) || !ascii && strings.HasPrefix(l, p) {
				want = true
			}
		}
		if got := mayBeSignOff(line); got != want {
			t.Fatalf("mayBeSignOff(%q) = %v, the loop over every start says %v", line, got, want)
		}
	})
}
