package jsonscan_test

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stophook/stophook/internal/jsonscan"
)

func TestSpace(t *testing.T) {
	for _, c := range []struct {
		s       string
		i, want int
	}{{"", 0, 0}, {" \t\r\nx", 0, 4}, {"x ", 0, 0}, {"x  ", 1, 3}, {"\v", 0, 0}} {
		if got := jsonscan.Space(c.s, c.i); got != c.want {
			t.Errorf("Space(%q, %d) = %d, want %d", c.s, c.i, got, c.want)
		}
		if got := jsonscan.Space([]byte(c.s), c.i); got != c.want {
			t.Errorf("Space([]byte %q, %d) = %d, want %d", c.s, c.i, got, c.want)
		}
	}
}

// TestNumber holds Number to encoding/json's grammar: a text is a number
// exactly when json.Valid says so, and the number ends where it ends.
func TestNumber(t *testing.T) {
	for _, s := range []string{"0", "-0", "12", "-", "01", "1.", "1.5", ".5", "1e", "1e+", "1e5", "1E-5", "-1.25e+10",
		"1.5.", "00", "-a", "2x", "1e5e"} {
		end, ok := jsonscan.Number(s, 0)
		whole := ok && end == len(s)
		if whole != json.Valid([]byte(s)) {
			t.Errorf("Number(%q) = %d, %v; json.Valid says %v", s, end, ok, json.Valid([]byte(s)))
		}
	}
	if end, ok := jsonscan.Number("12,", 0); !ok || end != 2 {
		t.Errorf(`Number("12,") = %d, %v, want 2, true`, end, ok)
	}
}

func TestStringEnd(t *testing.T) {
	for _, c := range []struct {
		s       string // after the opening quote
		end     int
		esc, ok bool
	}{
		{`"`, 1, false, true},
		{`abc" rest`, 4, false, true},
		{`a long string without escapes, longer than eight" `, 49, false, true},
		{`a\"b"`, 5, true, true},
		{`\u00e9\uD83D\uDE00"`, 19, true, true},
		{"caf\xc3\xa9 \xff\"", 8, false, true}, // any byte but control characters
		{`abc`, 0, false, false},
		{"a\nb\"", 0, false, false},
		{`\x"`, 0, false, false},
		{`\u12"`, 0, false, false},
		{`\`, 0, false, false},
	} {
		for _, got := range [][3]any{stringEnd(c.s), stringEnd([]byte(c.s))} {
			end, esc, ok := got[0].(int), got[1].(bool), got[2].(bool)
			if ok != c.ok || ok && (end != c.end || esc != c.esc) {
				t.Errorf("StringEnd(%q) = %d, %v, %v; want %d, %v, %v", c.s, end, esc, ok, c.end, c.esc, c.ok)
			}
		}
	}
}

func stringEnd[T jsonscan.Text](s T) [3]any {
	end, esc, ok := jsonscan.StringEnd(s, 0)
	return [3]any{end, esc, ok}
}

// FuzzPlainASCII holds PlainASCII to a byte-by-byte search, on a string
// and a byte slice, from every start.
func FuzzPlainASCII(f *testing.F) {
	for _, s := range []string{"", "session_id", `last_assistant_message":`, "a\\b", "caf\xc3\xa9", "tab\there", "0123456789abcdef\x80", strings.Repeat("k", 17) + `"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := 0; i <= len(s); i++ {
			want := i
			for want < len(s) && s[want] != '"' && s[want] != '\\' && s[want] >= ' ' && s[want] < 0x80 {
				want++
			}
			if got := jsonscan.PlainASCII(s, i); got != want {
				t.Fatalf("PlainASCII(%q, %d) = %d, want %d", s, i, got, want)
			}
			if got := jsonscan.PlainASCII([]byte(s), i); got != want {
				t.Fatalf("PlainASCII([]byte(%q), %d) = %d, want %d", s, i, got, want)
			}
		}
	})
}

func TestHex(t *testing.T) {
	if r := jsonscan.Hex4("x00aF", 1); r != 0xaf {
		t.Errorf("Hex4 = %x, want af", r)
	}
	if r := jsonscan.Hex4([]byte("FFFF"), 0); r != 0xffff {
		t.Errorf("Hex4 = %x, want ffff", r)
	}
	for c := range 256 {
		want := '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
		if jsonscan.IsHex(byte(c)) != want {
			t.Errorf("IsHex(%q) = %v", rune(c), !want)
		}
	}
}

// FuzzValue holds Value and Members to encoding/json's grammar: a text is
// one valid JSON value exactly when json.Valid says so (nesting within
// Value's 600 levels), and Members reads an object's members in order.
func FuzzValue(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `{"a":1,"b":[true,false,null,"x\"y",{"c":-1.5e3}]}`, ` [1, 2 ] `,
		`{"a":1,}`, `[1,]`, `{"a"}`, `{"a":tru}`, `"\u00e9"`, `{"k\u0041":"v"}`, `nul`, `[[[[]]]]`, `{"a":1}x`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s := string(b)
		i := jsonscan.Space(s, 0)
		end, ok := jsonscan.Value(s, i)
		whole := ok && jsonscan.Space(s, end) == len(s)
		if whole != json.Valid(b) {
			t.Fatalf("Value(%q) = %d, %v; json.Valid says %v", s, end, ok, json.Valid(b))
		}
		if _, bok := jsonscan.Value(b, i); bok != ok {
			t.Fatalf("Value of %q: string %v, []byte %v", s, ok, bok)
		}
		if !whole || s[i] != '{' {
			return
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		n := 0
		mend, mok := jsonscan.Members(s, i, 0, func(k string, esc bool, v string) bool {
			n++
			if !esc && utf8.ValidString(k) { // json reads invalid UTF-8 as U+FFFD
				if _, ok := m[k]; !ok {
					t.Fatalf("Members of %q: key %q, which json does not see", s, k)
				}
			}
			if !json.Valid([]byte(v)) {
				t.Fatalf("Members of %q: value %q of %q is not one JSON value", s, v, k)
			}
			return true
		})
		if !mok || mend != end || n < len(m) {
			t.Fatalf("Members(%q) = %d, %v after %d members; Value ends at %d, json sees %d keys", s, mend, mok, n, end, len(m))
		}
	})
}

// TestMembersStops: a member that returns false stops the reading.
func TestMembersStops(t *testing.T) {
	n := 0
	_, ok := jsonscan.Members(`{"a":1,"b":2,"c":3}`, 0, 0, func(k string, _ bool, _ string) bool { n++; return k != "b" })
	if ok || n != 2 {
		t.Errorf("Members stopped after %d members (ok %v), want 2 and false", n, ok)
	}
}

func TestPlain(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
		seen string // the members read, key=value;
	}{
		{`{"a":1,"b":"x"}`, true, `a=1;b="x";`},
		{` {"a":1}`, false, ``},               // not an object at s[0]: read another way
		{`{"a":1} `, true, `a=1;`},            // white space after is fine
		{`{"a":1} x`, false, `a=1;`},          // anything else after is not
		{`{"a":1,"\u0062":2}`, false, `a=1;`}, // an escaped key stops the reading
		{`{"a":"\n"}`, true, `a="\n";`},       // an escape in a value is the caller's to read
		{`{"a":1,`, false, `a=1;`},
		{`{"stop":1,"b":2}`, false, ``}, // member returned false
	} {
		var seen strings.Builder
		got := jsonscan.Plain(tt.in, func(k, v string) bool {
			if k == "stop" {
				return false
			}
			seen.WriteString(k + "=" + v + ";")
			return true
		})
		if got != tt.want || seen.String() != tt.seen {
			t.Errorf("Plain(%s) = %v, read %q; want %v, %q", tt.in, got, seen.String(), tt.want, tt.seen)
		}
	}
}
