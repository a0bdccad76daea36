package hook

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/onepass"
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

// TestDecodeInputChecksJSONOnce: a Claude Code payload goes to its
// decoding unchecked by hostio, and that one decoding still refuses
// whatever is not a JSON object.
func TestDecodeInputChecksJSONOnce(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat(`{"a":`, 10001) + "1" + strings.Repeat("}", 10001)
	for name, in := range map[string]string{
		"truncated": `{"a":`, "trailing": `{} {}`, "bad string": `{"a":"\x00"}`, "deep": deep,
		"wrong type": `{"hook_event_name":"Stop","stop_hook_active":"yes"}`,
	} {
		if _, err := decodeInput([]byte(in), "claude", new(stophook.Input), new(onepass.Members)); err == nil {
			t.Errorf("%s: got no error, want an invalid hook input", name)
		}
	}
	var in stophook.Input
	if _, err := decodeInput([]byte(`{"hook_event_name":"Stop","session_id":"s"}`), "claude", &in, new(onepass.Members)); err != nil || in.SessionID != "s" {
		t.Errorf("valid input: got %+v, %v", in, err)
	}
}
