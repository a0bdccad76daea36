// Package jsonscan holds the lexical pieces of JSON (RFC 8259) that the
// module's hand-written readers share: white space, numbers, the end of a
// string and its escapes. The hook input decoder (package stophook) and
// the transcript line reader (package transcript) build their one-pass
// decoders on it; each keeps its own rules for what the values mean.
//
// Every function takes the text and an index into it and returns an index:
// none allocates, and they serve a string and a []byte alike.
package jsonscan

import "math/bits"

// Text is what the functions read: a string or a byte slice.
type Text interface{ ~string | ~[]byte }

// Space returns the index of the first byte at or after i that is not
// JSON white space (space, tab, line feed, carriage return).
func Space[T Text](s T, i int) int {
	for i < len(s) {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// Number reads the number that starts at s[i] in JSON's grammar (an
// optional minus, an integer without leading zeros, an optional fraction
// and exponent) and returns the index after it; ok is false when s[i:]
// does not start with one.
func Number[T Text](s T, i int) (end int, ok bool) {
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i >= len(s) || s[i] < '0' || s[i] > '9':
		return i, false
	case s[i] == '0':
		i++
	default:
		i = digits(s, i)
	}
	if i < len(s) && s[i] == '.' {
		if i++; i == len(s) || s[i] < '0' || s[i] > '9' {
			return i, false
		}
		i = digits(s, i)
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i == len(s) || s[i] < '0' || s[i] > '9' {
			return i, false
		}
		i = digits(s, i)
	}
	return i, true
}

func digits[T Text](s T, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// word reads eight bytes as a little-endian word: one load, the bounds
// known.
func word[T Text](w T) uint64 {
	_ = w[7]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// Word-at-a-time search for a byte that ends a run of plain string bytes.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// specials has the high bit set in the lowest byte of x that is a quote, a
// backslash or a control character, if any (higher bytes may be flagged
// falsely).
func specials(x uint64) uint64 {
	q := x ^ (ones * '"')
	b := x ^ (ones * '\\')
	return ((q-ones)&^q | (b-ones)&^b | (x-ones*' ')&^x) & highs
}

// PlainASCII returns the index of the first byte at or after i that is a
// quote, a backslash, a control character or not ASCII, or len(s): where
// a run of bytes that stand for themselves in a JSON string, one byte a
// character, ends (an object key as hook payloads write them). Eight bytes
// at a time it skips the others.
func PlainASCII[T Text](s T, i int) int {
	for i+8 <= len(s) {
		x := word(s[i : i+8])
		if t := specials(x) | x&highs; t != 0 {
			return i + bits.TrailingZeros64(t)/8
		}
		i += 8
	}
	for i < len(s) {
		if c := s[i]; c == '"' || c == '\\' || c < ' ' || c >= 0x80 {
			return i
		}
		i++
	}
	return i
}

// StringEnd reads the rest of a string whose opening quote is before
// s[i] and returns the index after its closing quote, and whether the
// string holds escapes; ok is false when the string is not valid JSON: it
// holds a control character or a bad escape, or does not end. Any other
// byte, invalid UTF-8 included, may stand in a string. Eight bytes at a
// time it skips those that are neither quote, backslash nor control
// character.
func StringEnd[T Text](s T, i int) (end int, esc, ok bool) {
	for {
		for i+8 <= len(s) {
			x := word(s[i : i+8])
			if t := specials(x); t != 0 {
				i += bits.TrailingZeros64(t) / 8
				break
			}
			i += 8
		}
		if i >= len(s) {
			return i, false, false
		}
		switch c := s[i]; {
		case c == '"':
			return i + 1, esc, true
		case c < ' ':
			return i, false, false
		case c == '\\':
			esc = true
			if i++; i == len(s) {
				return i, false, false
			}
			switch s[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				if i+4 >= len(s) || !IsHex(s[i+1]) || !IsHex(s[i+2]) || !IsHex(s[i+3]) || !IsHex(s[i+4]) {
					return i, false, false
				}
				i += 5
			default:
				return i, false, false
			}
		default:
			i++
		}
	}
}

// IsHex reports whether c is a hexadecimal digit.
func IsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// Hex4 returns the value of the four hexadecimal digits at s[i:], which
// the caller checked (StringEnd does).
func Hex4[T Text](s T, i int) rune {
	var r rune
	for _, c := range [4]byte{s[i], s[i+1], s[i+2], s[i+3]} {
		switch {
		case c <= '9':
			c -= '0'
		case c <= 'F':
			c -= 'A' - 10
		default:
			c -= 'a' - 10
		}
		r = r<<4 | rune(c)
	}
	return r
}
