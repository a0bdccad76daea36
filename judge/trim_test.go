package judge

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzTrim holds trimLeftASCII, trimStatusMarks, foldMarkup and isRule
// to the strings.TrimLeft, strings.Trim and Replacer forms they replace.
func FuzzTrim(f *testing.F) {
	for _, s := range []string{"", " ", "---", " --- ", "- - -", "***\t", "__", "~~~ ", "```go", "#> **Done**", "> - item", "*_a", "\t=\t", "-x-", "—", "* * *", "❌ the deploy failed", " ⚠️ x", "🔴🚫 ci red", "\xe2", "**Done**？ yes", "a\u00a0b “q”", "。：！", "•• - > *x", "•\xe2\x80", "- • 1. **Ship it?**"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := trimListMarks(s), strings.TrimLeft(s, "-*+•> "); got != want {
			t.Errorf("trimListMarks(%q) = %q, want %q", s, got, want)
		}
		if got, want := prose(s) == s, !strings.ContainsAny(s, "`~") || prose(s) == s; got != want {
			t.Errorf("prose(%q) = %q", s, prose(s))
		}
		for _, set := range []string{"#>*_ \t", "#> \t", "> ", "*_", "*_ "} {
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

// FuzzIsASCII holds isASCII, which reads eight bytes at a time, to a test
// of each byte.
func FuzzIsASCII(f *testing.F) {
	for _, s := range []string{"", "a", "All done: the tests pass.", "é", "1234567é", "12345678é", "\x80", "\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := true
		for i := 0; i < len(s); i++ {
			if s[i] >= 0x80 {
				want = false
			}
		}
		if got := isASCII(s); got != want {
			t.Fatalf("isASCII(%q) = %v, want %v", s, got, want)
		}
	})
}

// FuzzSentenceScan holds the table-driven scans (sentencesOf's split,
// singleSpaced, runeCount) to the forms they replace.
func FuzzSentenceScan(f *testing.F) {
	for _, s := range []string{"", "All done: the tests pass.", "v1.2 is out. e.g. this! ok? yes; no", "a  b", " a", "a ", "a\tb", "é", "a\u00a0b", "x.\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want []string
		start := 0
		for i := 0; i < len(s); i++ {
			switch s[i] {
			case '.', '!', '?', ';':
				if i+1 < len(s) && s[i+1] != ' ' {
					continue
				}
				if x := strings.TrimSpace(s[start : i+1]); x != "" {
					want = append(want, x)
				}
				start = i + 1
			}
		}
		if x := strings.TrimSpace(s[start:]); x != "" {
			want = append(want, x)
		}
		if s != "" && strings.TrimSpace(s) == s && !strings.HasPrefix(s, ">") && !isRule(s) && clean(s) == s {
			got, _ := sentencesOf([]string{s}, &cleaned{n: 1}, nil, nil)
			if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
				t.Fatalf("sentencesOf(%q) = %q, want %q", s, got, want)
			}
		}
		if got, want := singleSpaced(s), strings.Join(strings.Fields(s), " ") == s && isASCII(s) && !strings.ContainsAny(s, "\t\n\v\f\r"); got != want {
			t.Fatalf("singleSpaced(%q) = %v, want %v", s, got, want)
		}
		if got, want := runeCount(s), utf8.RuneCountInString(s); got != want {
			t.Fatalf("runeCount(%q) = %d, want %d", s, got, want)
		}
	})
}

// FuzzToLower holds toLower to strings.ToLower.
func FuzzToLower(f *testing.F) {
	for _, s := range []string{"", "a", "All done: the tests pass.", "ALL", "Éa", "aÉ", "A\x80", "\xffA", "İ", "K"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := toLower(s), strings.ToLower(s); got != want {
			t.Fatalf("toLower(%q) = %q, want %q", s, got, want)
		}
	})
}

// TestNoASCIISymbolSo: clean's trim asks unicode.So only about runes past
// ASCII, since no ASCII character is of that class.
func TestNoASCIISymbolSo(t *testing.T) {
	for r := rune(0); r < utf8.RuneSelf; r++ {
		if unicode.Is(unicode.So, r) {
			t.Errorf("%q is of class So", r)
		}
	}
}
