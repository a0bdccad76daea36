package textcut

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestBytes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		s    string
		n    int
		want string
	}{
		{"hello", 10, "hello"},
		{"hello", 5, "hello"},
		{"hello", 3, "hel"},
		{"héllo", 2, "h"}, // é is two bytes: not split
		{"héllo", 3, "hé"},
		{"日本", 4, "日"},
		{"a\xffb", 10, "ab"}, // invalid bytes dropped
		{"abc", 0, ""},
		{"abc", -1, ""},
	}
	for _, tt := range tests {
		if got := Bytes(tt.s, tt.n); got != tt.want {
			t.Errorf("Bytes(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
}

func TestRunes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		s    string
		n    int
		mark string
		want string
	}{
		{"hello", 5, "…", "hello"},
		{"hello!", 5, "…", "hell…"},
		{"日本語テキスト", 4, "…", "日本語…"},
		{"hello!", 5, "", "hello"},
		{"hello!", 5, " [cut]", " [cut"}, // a mark of n runes or more is cut too
		{"a\xffb", 3, "…", "a\uFFFDb"},
		{"abc", 0, "…", ""},
	}
	for _, tt := range tests {
		if got := Runes(tt.s, tt.n, tt.mark); got != tt.want {
			t.Errorf("Runes(%q, %d, %q) = %q, want %q", tt.s, tt.n, tt.mark, got, tt.want)
		}
	}
}

func TestHead(t *testing.T) {
	t.Parallel()
	tests := []struct {
		s    string
		n    int
		want string
	}{
		{"  one line  ", 20, "one line"},
		{"first\nsecond", 20, "first …"},
		{"a long first line\nsecond", 6, "a lon…"},
	}
	for _, tt := range tests {
		if got := Head(tt.s, tt.n, "…"); got != tt.want {
			t.Errorf("Head(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
}

func FuzzCut(f *testing.F) {
	for _, s := range []string{"", "hello", "héllo wörld", "日本語", "a\xffb\xc3", strings.Repeat("é", 50)} {
		f.Add(s, 7)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		n %= 200
		b := Bytes(s, n)
		if len(b) > max(n, 0) || !utf8.ValidString(b) {
			t.Fatalf("Bytes(%q, %d) = %q: too long or invalid", s, n, b)
		}
		if utf8.ValidString(s) && !strings.HasPrefix(s, b) {
			t.Fatalf("Bytes(%q, %d) = %q: not a prefix", s, n, b)
		}
		r := Runes(s, n, "…")
		if utf8.RuneCountInString(r) > max(n, 0) || !utf8.ValidString(r) {
			t.Fatalf("Runes(%q, %d) = %q: too long or invalid", s, n, r)
		}
		if utf8.ValidString(s) && utf8.RuneCountInString(s) <= n && r != s {
			t.Fatalf("Runes(%q, %d) = %q: cut a short string", s, n, r)
		}
	})
}
