package transcript

import (
	"runtime"
	"strings"
	"testing"

	"github.com/stophook/stophook/internal/hostile"
)

func TestParseLineHostile(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		line []byte
		ok   bool
		text string
	}{
		// Before the depth bound this overflowed the goroutine stack: a
		// fatal error no recover catches, exit 2 from every hook.
		{"6M nested arrays", hostile.DeepLine(hostile.DeepLevels), false, ""},
		{"one level past the bound", hostile.DeepLine(512), false, ""},
		{"nesting within the bound", hostile.DeepLine(500), true, "hi"},
		{"3 MB of empty blocks", hostile.WideLine(3 << 20), true, "hi"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, ok := parseLine(tt.line)
			if ok != tt.ok || m.Text != tt.text {
				t.Errorf("parseLine = %q, %v; want %q, %v", m.Text, ok, tt.text, tt.ok)
			}
		})
	}
}

func TestParseLineTooManyBlocks(t *testing.T) {
	t.Parallel()
	line := []byte(`{"type":"assistant","message":{"id":"m","content":[`)
	for range maxBlocks {
		line = append(line, `{"type":"text","text":"a"},`...)
	}
	line = append(line, `{"type":"text","text":"b"}]}}`...)
	if m, ok := parseLine(line); ok {
		t.Errorf("parseLine of %d text blocks = %d bytes of text, ok; want malformed", maxBlocks+1, len(m.Text))
	}
}

// TestTailHostileMemory reads a transcript holding the deep and the wide
// lines and checks the heap stays within a small multiple of the file.
func TestTailHostileMemory(t *testing.T) {
	deep := hostile.DeepLine(hostile.DeepLevels)
	path := hostile.Transcript(t, deep, hostile.WideLine(3<<20))
	size := int64(len(deep) + 3<<20)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	msgs, err := Tail(path, 5)
	runtime.ReadMemStats(&after)
	if err != nil || len(msgs) != 1 || msgs[0].Text != "hi" {
		t.Fatalf("Tail = %d messages, %v; want the wide line's text only", len(msgs), err)
	}
	alloc := int64(after.TotalAlloc - before.TotalAlloc)
	t.Logf("Tail of %d MB allocated %d MB", size>>20, alloc>>20)
	if alloc > 4*size {
		t.Errorf("Tail allocated %d bytes for a %d-byte transcript, want at most 4x", alloc, size)
	}
}

// TestTailHostileEveryFormat reads a 6M-deep line with the decoder of each
// host's format: every one of them validated lines with gjson, whose
// validator recurses per level.
func TestTailHostileEveryFormat(t *testing.T) {
	t.Parallel()
	n := hostile.DeepLevels
	deep := strings.Repeat("[", n) + strings.Repeat("]", n)
	path := hostile.Transcript(t,
		[]byte(`{"type":"response_item","payload":{"x":`+deep+`}}`),
		[]byte(`{"type":"user","message":{"parts":`+deep+`}}`),
		[]byte(`{"type":"session.x","data":{"x":`+deep+`}}`),
		[]byte(`{"type":"message","x":`+deep+`}`),
		[]byte(`{"role":"assistant","x":`+deep+`}`),
		[]byte(`{"$set":`+deep+`}`))
	for f := FormatAuto; f <= FormatCursor; f++ {
		if _, err := (Options{Format: f}).Tail(path, 3); err != nil {
			t.Errorf("Tail(format %d) = %v", f, err)
		}
	}
}
