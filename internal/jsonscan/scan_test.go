package jsonscan_test

import (
	"encoding/json"
	"testing"

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
