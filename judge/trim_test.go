package judge

import (
	"strings"
	"testing"
)

// FuzzTrim holds trimLeftASCII and isRule to the strings.TrimLeft and
// strings.Trim forms they replace.
func FuzzTrim(f *testing.F) {
	for _, s := range []string{"", " ", "---", " --- ", "- - -", "***\t", "__", "~~~ ", "```go", "#> **Done**", "> - item", "*_a", "\t=\t", "-x-", "—", "* * *"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, set := range []string{"#>*_ \t", "#> \t", "> ", "*_"} {
			if got, want := trimLeftASCII(s, set), strings.TrimLeft(s, set); got != want {
				t.Errorf("trimLeftASCII(%q, %q) = %q, want %q", s, set, got, want)
			}
		}
		tr := strings.Trim(s, " \t")
		if got, want := isRule(s), tr != "" && strings.Trim(tr, "-*_=~`") == ""; got != want {
			t.Errorf("isRule(%q) = %v, want %v", s, got, want)
		}
	})
}
