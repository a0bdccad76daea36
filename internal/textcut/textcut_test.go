package textcut

import (
	"testing"
	"unicode/utf8"
)

func TestHead(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, s string
		n       int
		marker  string
		want    string
	}{
		{"fits", "héllo", 6, "…", "héllo"},
		{"cut", "hello world", 5, "…", "hello…"},
		{"no marker", "hello world", 5, "", "hello"},
		{"split sequence dropped", "hé", 2, "…", "h…"},
		{"emoji split", "a😀b", 3, "", "a"},
		{"zero", "abc", 0, "…", "…"},
		{"negative", "abc", -1, "", ""},
	} {
		if got := Head(tt.s, tt.n, tt.marker); got != tt.want {
			t.Errorf("%s: Head(%q, %d, %q) = %q, want %q", tt.name, tt.s, tt.n, tt.marker, got, tt.want)
		}
	}
}

func FuzzHead(f *testing.F) {
	for _, s := range []string{"", "abc", "héllo", "a😀b", "\xff\xfe", "日本語のテキスト"} {
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		n = n % 64
		got := Head(s, n, "…")
		if len(s) <= n {
			if got != s {
				t.Fatalf("Head(%q, %d) = %q, want it unchanged", s, n, got)
			}
			return
		}
		if !utf8.ValidString(got) || len(got) > max(n, 0)+len("…") {
			t.Fatalf("Head(%q, %d) = %q: invalid or too long", s, n, got)
		}
	})
}
