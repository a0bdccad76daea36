package main

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSplitArgs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want []string
		err  string
	}{
		{in: "stophook-quickstart", want: []string{"stophook-quickstart"}},
		{in: "  ./bin/hook  -exit2\t-v ", want: []string{"./bin/hook", "-exit2", "-v"}},
		{in: `hook -reason 'it is "done"'`, want: []string{"hook", "-reason", `it is "done"`}},
		{in: `hook "a \"b\" \\ \$HOME \x"`, want: []string{"hook", `a "b" \ $HOME \x`}},
		{in: `a\ b c`, want: []string{"a b", "c"}},
		{in: `'' ""`, want: []string{"", ""}},
		{in: `pre'mid'"post"`, want: []string{"premidpost"}},
		{in: `$HOME ~ *.go; rm -rf x`, want: []string{"$HOME", "~", "*.go;", "rm", "-rf", "x"}},
		{in: `'open`, err: "unterminated '"},
		{in: `"open`, err: `unterminated "`},
		{in: `a\`, err: "trailing backslash"},
		{in: "  ", err: "empty command"},
	}
	for _, tc := range tests {
		got, err := splitArgs(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("splitArgs(%q): got %q, %v; want error %q", tc.in, got, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("splitArgs(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

func FuzzSplitArgs(f *testing.F) {
	for _, s := range []string{`a 'b c' "d \" e"`, `x\ y`, `'`, `"\`, "\t\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, err := splitArgs(s)
		if err != nil {
			return
		}
		if len(words) == 0 {
			t.Fatal("no words and no error")
		}
		if utf8.ValidString(s) {
			for _, w := range words {
				if !utf8.ValidString(w) {
					t.Fatalf("word %q of valid input %q is not UTF-8", w, s)
				}
			}
		}
		// Quoting every word again gives the same words back.
		var b strings.Builder
		for _, w := range words {
			b.WriteString("'" + strings.ReplaceAll(w, "'", `'\''`) + "' ")
		}
		again, err := splitArgs(b.String())
		if err != nil || !reflect.DeepEqual(again, words) {
			t.Fatalf("requoted %q: got %q, %v; want %q", b.String(), again, err, words)
		}
	})
}
