package transcript

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// forward is the obvious reference reader: split on '\n', parse every
// line, and merge a reply's line into the reply when only tool-result
// messages (at most held of them since its last line) stand between them.
// Backward reading must agree with it.
func forward(data []byte, maxLine, held int) []Message {
	var out []Message
	var lastLine []int // per message of out: len(out) when its last line came
	for _, line := range bytes.Split(data, []byte("\n")) {
		if len(line) > maxLine {
			continue
		}
		m, ok := parseLine(line)
		if !ok {
			continue
		}
		merged := false
		for j := len(out) - 1; j >= 0 && m.Role == RoleAssistant; j-- {
			if m.continues(out[j]) {
				if len(out)-lastLine[j] <= held {
					m.merge(out[j])
					out[j] = m
					lastLine[j] = len(out)
					merged = true
				}
				break
			}
			if !out[j].onlyToolResults() {
				break
			}
		}
		if !merged {
			out = append(out, m)
			lastLine = append(lastLine, len(out))
		}
	}
	return out
}

func lastN(msgs []Message, n int) []Message {
	if n <= 0 {
		return nil
	}
	if len(msgs) > n {
		msgs = msgs[len(msgs)-n:]
	}
	return msgs
}

func allLines(t *testing.T, data string, o Options) []string {
	t.Helper()
	s := newLineScanner(strings.NewReader(data), int64(len(data)), o)
	var got []string
	for {
		line, ok := s.prev()
		if !ok {
			break
		}
		got = append(got, string(line))
	}
	require.NoError(t, s.err)
	s.release()
	return got
}

// TestLineScannerReused: a released scanner, read buffer and all, reads
// the next input as a fresh one does, whatever the last one left in it.
func TestLineScannerReused(t *testing.T) {
	long := strings.Repeat("a long line of the first input\n", 5000) + "last"
	short := "one\ntwo\n\nthree"
	o := Options{chunk: 16}
	for range 3 {
		require.Equal(t, []string{"last"}, allLines(t, long, o)[:1])
		require.Equal(t, []string{"three", "", "two", "one"}, allLines(t, short, o))
		require.Equal(t, []string{"three", "", "two", "one"}, allLines(t, short, Options{}))
	}
}

func TestLineScanner(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 100)
	tests := []struct {
		name string
		data string
		o    Options
		want []string // last line first
	}{
		{name: "empty", data: "", want: []string{""}},
		{name: "one terminated line", data: "a\n", want: []string{"", "a"}},
		{name: "unterminated last line", data: "a\nb", want: []string{"b", "a"}},
		{name: "blank lines kept", data: "a\n\n\nb\n", want: []string{"", "b", "", "", "a"}},
		{name: "CRLF kept for the parser", data: "a\r\nb\r\n", want: []string{"", "b\r", "a\r"}},
		{name: "lines across chunks", data: "alpha\nbeta\ngamma\n", o: Options{chunk: 2, chunkMax: 3}, want: []string{"", "gamma", "beta", "alpha"}},
		{name: "over-long line skipped", data: "a\n" + long + "\nb\n", o: Options{MaxLineBytes: 10, chunk: 4, chunkMax: 4}, want: []string{"", "b", "a"}},
		{name: "over-long first line skipped", data: long + "\nb\n", o: Options{MaxLineBytes: 10, chunk: 3, chunkMax: 8}, want: []string{"", "b"}},
		{name: "over-long line in one chunk skipped", data: "a\n" + long + "\nb\n", o: Options{MaxLineBytes: 10}, want: []string{"", "b", "a"}},
		{name: "budget drops the cut line", data: "first\nsecond\nthird\n", o: Options{MaxBytes: 10, chunk: 4, chunkMax: 4}, want: []string{"", "third"}},
		{name: "budget on a line boundary", data: "first\nsecond\nthird\n", o: Options{MaxBytes: 13, chunk: 13}, want: []string{"", "third"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, allLines(t, tt.data, tt.o))
		})
	}
}

func TestLineScannerBoundsMemory(t *testing.T) {
	t.Parallel()
	// A 4 MiB line between two short ones, read with a 64 KiB line cap:
	// the buffer must not grow to hold the long line.
	data := "{\"a\":1}\n" + strings.Repeat("y", 4<<20) + "\n{\"b\":2}\n"
	s := newLineScanner(strings.NewReader(data), int64(len(data)), Options{MaxLineBytes: 64 << 10})
	var got []string
	for {
		line, ok := s.prev()
		if !ok {
			break
		}
		got = append(got, string(line))
	}
	assert.Equal(t, []string{"", `{"b":2}`, `{"a":1}`}, got)
	assert.LessOrEqual(t, cap(s.buf), 4*maxChunk, "buffer capacity")
}

type errReaderAt struct{ err error }

func (e errReaderAt) ReadAt([]byte, int64) (int, error) { return 0, e.err }

func TestLineScannerReadError(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	s := newLineScanner(errReaderAt{boom}, 100, Options{})
	_, ok := s.prev()
	assert.False(t, ok)
	assert.ErrorIs(t, s.err, boom)

	// A file that shrank after its size was taken.
	s = newLineScanner(strings.NewReader("short"), 100, Options{})
	_, ok = s.prev()
	assert.False(t, ok)
	assert.ErrorIs(t, s.err, io.ErrUnexpectedEOF)
}

// checkAgainstForward compares every backward read of data with the
// forward reference, for several n and chunk sizes.
// The reference reads Claude Code's format only, so the reader is held to
// that format (other formats have FuzzHostFormats).
func checkAgainstForward(t *testing.T, data []byte, o Options, n int) {
	t.Helper()
	o.Format = FormatClaude
	got, err := o.TailReader(bytes.NewReader(data), int64(len(data)), n)
	require.NoError(t, err)
	want := lastN(forward(data, o.maxLine(), o.maxHeldResults()), n)
	if len(want) == 0 {
		want = nil
	}
	require.Equal(t, want, got, "n=%d chunk=%d/%d maxLine=%d", n, o.chunk, o.chunkMax, o.MaxLineBytes)
	for _, m := range got {
		require.True(t, m.Role == RoleUser || m.Role == RoleAssistant, "role %q", m.Role)
		require.True(t, utf8.ValidString(m.Text), "text is valid UTF-8")
	}
}

func TestBackwardMatchesForwardOnFixtures(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "*.jsonl"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			crlf := bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
			for _, d := range [][]byte{data, crlf} {
				for _, o := range []Options{{}, {chunk: 1, chunkMax: 16}, {chunk: 7, chunkMax: 64}, {chunk: 100, chunkMax: 100, MaxLineBytes: 1000}} {
					for _, n := range []int{1, 2, 3, 5, 100} {
						checkAgainstForward(t, d, o, n)
					}
				}
			}
		})
	}
}

// FuzzTail checks that reading backwards in chunks of any size agrees with
// the forward reference on any input, and never panics.
func FuzzTail(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.jsonl"))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil && len(data) < 8<<10 {
			f.Add(data, uint8(3), uint8(5), uint16(0))
		}
	}
	f.Add([]byte(`{"type":"assistant","message":{"id":"m","content":[{"type":"text","text":"a"}]}}`+"\n"+
		`{"type":"assistant","message":{"id":"m","content":[{"type":"tool_use","name":"Bash","input":{"command":"ls"}}]}}`+"\n"), uint8(1), uint8(2), uint16(0))
	f.Add([]byte("{\"type\":\"user\",\"message\":{\"content\":\"x\"}}\r\n\n{\"type\":\"user\",\"message\":{\"content\":\"\xff\"}}"), uint8(2), uint8(1), uint16(20))
	f.Fuzz(func(t *testing.T, data []byte, n, chunk uint8, maxLine uint16) {
		o := Options{chunk: int(chunk%32) + 1, chunkMax: int(chunk%32) + int(n%5) + 1, held: int(chunk%3) + 1}
		if maxLine > 0 {
			o.MaxLineBytes = int(maxLine)
		}
		checkAgainstForward(t, data, o, int(n%8))
	})
}
