package judge

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// linesCases are texts whose lines linesInto must split as linesOf does.
var linesCases = []string{"", "\n", "\r\n\r\n", "one", "one\ntwo", "one\r\ntwo\r\n", "\n\nlead\n\n\ntrail\n\n", "a\rb\rc", "\xff\n\xfe\r", "é\n—\r\n日本"}

// TestLinesInto: linesInto splits as linesOf, into a buffer given or a
// new one, and keeps what the buffer already holds.
func TestLinesInto(t *testing.T) {
	for _, s := range linesCases {
		want := linesOf(s)
		if got := linesInto(nil, s); !slices.Equal(got, want) {
			t.Errorf("linesInto(nil, %q) = %q, want %q", s, got, want)
		}
		var buf [2]string
		if got := linesInto(append(buf[:0], "kept"), s); !slices.Equal(got, append([]string{"kept"}, want...)) {
			t.Errorf("linesInto([kept], %q) = %q, want kept then %q", s, got, want)
		}
	}
}

func FuzzLinesInto(f *testing.F) {
	for _, s := range linesCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := linesInto(nil, s), strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' }); !slices.Equal(got, want) {
			t.Errorf("linesInto(nil, %q) = %q, want %q", s, got, want)
		}
	})
}

// TestMessageBufReused: a verdict keeps nothing of the buffer its message
// was read into, which the next Judge reuses: judging other messages in
// between changes no verdict.
func TestMessageBufReused(t *testing.T) {
	texts := []string{
		"All done: the tests pass.",
		"I updated the parser.\n\n- `parse` rejects empty input\n- the CLI prints a usage line\n\nShall I run the full test suite?",
		"Which database do you prefer, Postgres or SQLite?",
		"The build failed: `go vet` reports a copied lock. I could not fix it.",
		strings.Repeat("A line about the work.\n", 3*messageBufLen) + "Want me to push it?",
	}
	var first []Verdict
	for _, s := range texts {
		first = append(first, Judge(s, nil))
	}
	for round := range 3 {
		for i := len(texts) - 1; i >= 0; i-- {
			if got := Judge(texts[i], nil); got != first[i] {
				t.Errorf("round %d, text %d: %+v, first %+v", round, i, got, first[i])
			}
		}
	}
}

// TestMessageBufClear holds messageBuf.clear to its word: no string of a
// message is left in the buffer it returns to the pool, however many
// lines and sentences the message had (more than the arrays hold too),
// and whatever string fields the buffer gains.
func TestMessageBufClear(t *testing.T) {
	long := strings.Repeat("The build passed. The tests ran; all green!\n", messageBufLen+5)
	for _, text := range []string{"All done: the tests pass.", "Done.\n\n- a\n- b\n\nWhich one? A or B?", long, long + "- x\n- y\n1. z\n> quoted\n# Heading?"} {
		buf := new(messageBuf)
		readMessage(text, buf, new(message))
		buf.clear()
		var walk func(v reflect.Value, path string)
		walk = func(v reflect.Value, path string) {
			switch v.Kind() {
			case reflect.String:
				if v.String() != "" {
					t.Errorf("%.20q…: %s holds %q after clear", text, path, v.String())
				}
			case reflect.Array:
				for i := range v.Len() {
					walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
				}
			case reflect.Struct:
				for i := range v.NumField() {
					walk(v.Field(i), path+"."+v.Type().Field(i).Name)
				}
			case reflect.Int, reflect.Bool:
			default:
				t.Errorf("%s: a %s, which clear may not handle", path, v.Kind())
			}
		}
		walk(reflect.ValueOf(buf).Elem(), "buf")
		// The walk passes over bools, which other arrays hold as numbers;
		// a cleaned line left marked would read as "" in the next message.
		if i := slices.Index(buf.cleaned.ok[:], true); i >= 0 {
			t.Errorf("%.20q…: buf.cleaned.ok[%d] is true after clear", text, i)
		}
	}
}
