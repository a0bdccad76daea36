package hook

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"
	"time"
)

// FuzzDecodeOne holds the stdin reader to encoding/json: whatever it
// returns is one valid JSON value that starts the input, within the size
// limit.
func FuzzDecodeOne(f *testing.F) {
	f.Add([]byte(`{"hook_event_name":"Stop","cwd":"/p"}`), 64)
	f.Add([]byte(`{"a":1}{"b":2}`), 8)
	f.Add([]byte(`  {"a":"\u00e9"}  garbage`), 100)
	f.Add([]byte(`[[[[`), 10)
	f.Add([]byte(``), 1)
	f.Fuzz(func(t *testing.T, data []byte, max int) {
		max = max%256 + 1
		if max < 1 {
			max += 256
		}
		got, err := decodeOne(bytes.NewReader(data), int64(max))
		if err != nil {
			return
		}
		if !json.Valid(got) || len(got) > max {
			t.Fatalf("decodeOne(%q, %d) = %q: not one valid value within the limit", data, max, got)
		}
		if !bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), got) {
			t.Fatalf("decodeOne(%q) = %q, which does not start the input", data, got)
		}
	})
}

// TestReadHookInputReturnsBeforeEOF: the whole input arrived but the
// writer kept stdin open; the old reader waited for EOF until its timeout
// and discarded the input.
func TestReadHookInputReturnsBeforeEOF(t *testing.T) {
	t.Parallel()
	r, w := io.Pipe()
	defer w.Close()
	go w.Write([]byte(`{"hook_event_name":"Stop"}` + "\n"))
	got, err := readHookInput(r, 1<<20, time.Minute)
	if err != nil || string(got) != `{"hook_event_name":"Stop"}` {
		t.Errorf("readHookInput = %q, %v; want the object at once", got, err)
	}
}
