package jsonlimit

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		data       string
		depth, max int
		want       error
	}{
		{"flat object", `{"a":1,"b":[1,2]}`, 0, 0, nil},
		{"at the depth limit", strings.Repeat("[", 3) + strings.Repeat("]", 3), 3, 0, nil},
		{"one level too deep", strings.Repeat("[", 4) + strings.Repeat("]", 4), 3, 0, ErrTooDeep},
		{"brackets in strings do not count", `{"a":"[[[[[[\"[[[["}`, 2, 0, nil},
		{"escaped quote keeps the string open", `["\"[[[["]`, 1, 0, nil},
		{"siblings do not add depth", `[[],[],[],[]]`, 2, 0, nil},
		{"too many containers", `[{},{},{}]`, 0, 3, ErrTooMany},
		{"as many containers as allowed", `[{},{}]`, 0, 3, nil},
		{"default depth", strings.Repeat("[", MaxDepth+1), 0, 0, ErrTooDeep},
		{"unterminated string", `{"a":"[[[[`, 1, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := Check([]byte(tt.data), tt.depth, tt.max)
			if !errors.Is(err, tt.want) || (err == nil) != (tt.want == nil) {
				t.Errorf("Check(%q) = %v, want %v", tt.data, err, tt.want)
			}
		})
	}
}

func TestCheckDeepLineIsCheap(t *testing.T) {
	const n = 6_000_000
	line := []byte(`{"x":` + strings.Repeat("[", n) + strings.Repeat("]", n) + `}`)
	if err := Check(line, 0, 0); !errors.Is(err, ErrTooDeep) {
		t.Fatalf("Check(6M-deep line) = %v, want ErrTooDeep", err)
	}
	// The error is all it needs; the race detector and the runtime may add
	// a few. A stack per level would be millions.
	if a := testing.AllocsPerRun(3, func() { Check(line, 0, 0) }); a > 64 {
		t.Errorf("Check allocates %v times, want at most 64 (nothing per level)", a)
	}
}

// FuzzCheck holds Check to the nesting depth encoding/json sees: whatever
// json.Valid accepts and Check passes has no container deeper than the
// limit, and a document Check rejects as too deep really is.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{`{}`, `[[["a"]]]`, `{"a":"]]]","b":[{}]}`, `"\\"`, `[1,[2,[3]]]`} {
		f.Add([]byte(s), 2)
	}
	f.Fuzz(func(t *testing.T, data []byte, limit int) {
		limit = limit%8 + 1
		if limit < 1 {
			limit += 8
		}
		err := Check(data, limit, 0)
		if !json.Valid(data) {
			return
		}
		got := maxDepth(t, data)
		if (got > limit) != errors.Is(err, ErrTooDeep) {
			t.Fatalf("Check(%q, %d) = %v, but the depth is %d", data, limit, err, got)
		}
	})
}

// maxDepth measures nesting with encoding/json's tokenizer.
func maxDepth(t *testing.T, data []byte) int {
	dec := json.NewDecoder(strings.NewReader(string(data)))
	depth, most := 0, 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return most
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
			most = max(most, depth)
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
}
