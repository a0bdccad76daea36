package textmodel

import (
	"slices"
	"unicode"
	"unicode/utf8"
)

// Features are the hashed features of a text. The zero value holds no
// features and hashes into 1<<DefaultBits buckets; a Features is reused
// with [Features.Reset]. It is not safe for concurrent use.
type Features struct {
	bits uint8
	idx  []uint32
}

// DefaultBits is the log2 of the number of hash buckets a zero Features
// uses: 2^18.
const DefaultBits = 18

// MaxBits bounds the buckets of a Model: 2^24.
const MaxBits = 24

// Reset forgets the features collected and sets the number of buckets to
// 1<<bits (DefaultBits when bits is 0, MaxBits at most), keeping the
// slice's array.
func (f *Features) Reset(bits uint8) {
	f.bits = bits
	f.idx = f.idx[:0]
}

// Len returns the number of features collected, a feature added twice
// counting twice.
func (f *Features) Len() int { return len(f.idx) }

// Indices returns the features collected, sorted, each once. The slice is
// f's own: it is valid until f changes.
func (f *Features) Indices() []uint32 {
	slices.Sort(f.idx)
	f.idx = slices.Compact(f.idx)
	return f.idx
}

func (f *Features) mask() uint32 {
	b := f.bits
	if b == 0 {
		b = DefaultBits
	}
	b = min(b, MaxBits)
	return 1<<b - 1
}

// FNV-1a, 32 bits.
const (
	offset32 = 2166136261
	prime32  = 16777619
)

func hashString(h uint32, s string) uint32 {
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= prime32
	}
	return h
}

// mix combines two hashes (a pair of words, a namespace and a word).
func mix(a, b uint32) uint32 {
	h := a ^ (b + 0x9e3779b9 + a<<6 + a>>2)
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	return h
}

// Flag adds the named feature name.
func (f *Features) Flag(name string) {
	f.idx = append(f.idx, mix(hashString(offset32, "\x00flag"), hashString(offset32, name))&f.mask())
}

// Text adds the words of text and each pair of adjacent words, under the
// namespace ns (see [Words] for what a word is). The start and the end of
// text count as words of their own, so that a pair tells a text's first
// and last word.
func (f *Features) Text(ns, text string) {
	space := hashString(offset32, ns)
	m := f.mask()
	prev := hashString(offset32, "\x00start")
	Words(text, func(h uint32) {
		f.idx = append(f.idx, mix(space, h)&m, mix(space, mix(prev, h))&m)
		prev = h
	})
	f.idx = append(f.idx, mix(space, mix(prev, hashString(offset32, "\x00end")))&m)
}

// Words calls fn with the hash of each word of text, in order. A word is a
// run of letters, digits and inner apostrophes (ASCII letters lower-cased,
// every digit read as 0, "'" and "’" as one), a single Han, Kana or Hangul
// character, or one of the marks ? ! : (and their full-width forms). Other
// characters separate words.
func Words(text string, fn func(hash uint32)) {
	h, in := uint32(offset32), false
	flush := func() {
		if in {
			fn(h)
			h, in = offset32, false
		}
	}
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
				c |= 0x20
			case '0' <= c && c <= '9':
				c = '0'
			case c == '\'' && in && i < len(text) && isLetterByte(text[i]):
				// inside a word: "i'll", "don't"
			case c == '?' || c == '!' || c == ':':
				flush()
				fn((offset32 ^ uint32(c)) * prime32)
				continue
			default:
				flush()
				continue
			}
			h ^= uint32(c)
			h *= prime32
			in = true
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		i += n
		switch {
		case r == '’' && in && i < len(text) && isLetterByte(text[i]):
			h ^= '\''
			h *= prime32
		case r == '？' || r == '！' || r == '：':
			flush()
			fn((offset32 ^ uint32(r-0xFEE0)) * prime32) // as ? ! :
		case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul):
			flush()
			var b [utf8.UTFMax]byte
			fn(hashBytes(offset32, b[:utf8.EncodeRune(b[:], r)]))
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			var b [utf8.UTFMax]byte
			h = hashBytes(h, b[:utf8.EncodeRune(b[:], unicode.ToLower(r))])
			in = true
		default:
			flush()
		}
	}
	flush()
}

func isLetterByte(c byte) bool {
	return 'a' <= c|0x20 && c|0x20 <= 'z' || c >= utf8.RuneSelf
}

func hashBytes(h uint32, b []byte) uint32 {
	for _, c := range b {
		h ^= uint32(c)
		h *= prime32
	}
	return h
}
