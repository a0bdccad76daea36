package hook

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/hostio"
	"github.com/stophook/stophook/internal/onepass"
)

// longWay decodes data as decodeInput did before detect read
// stop_hook_active: hostio.Detect, normalize, decode; then read loop_count
// and stop_hook_active from the normalized payload.
func longWay(data []byte) (in stophook.Input, loop, active string, err error) {
	var decoded stophook.Input
	if err := decodeAs(data, hostio.Detect(data), &decoded); err != nil {
		return stophook.Input{}, "", "", err
	}
	loop, active = peekFields(decoded.Raw, "loop_count", "stop_hook_active")
	decoded.Now = time.Time{}
	return decoded, loop, active, nil
}

// checkWalked holds decodeInput to the long way on data: the host detect
// recognises is Detect's, and a payload of Claude Code decodes to
// the same input, the same error, the same loop_count and
// stop_hook_active for the turn accounting. (Another host's payload goes
// the long way after the pass: comparing would only read its transcript
// twice.)
func checkWalked(t *testing.T, data []byte) {
	t.Helper()
	detected := hostio.Detect(data)
	if host, top := detect(data); host != "" && host != detected || top.ok && host != hostio.Claude {
		t.Fatalf("detect(%q) = host %q, read %v; Detect says %q", data, host, top.ok, detected)
	}
	if host, top, ok := decodeOnce(data, new(stophook.Input), new(onepass.Members)); ok && (host != detected || top.ok != (host == hostio.Claude)) {
		t.Fatalf("decodeOnce(%q) = host %q, read %v; Detect says %q", data, host, top.ok, detected)
	}
	if detected != hostio.Claude {
		return
	}
	want, wantLoop, wantActive, wantErr := longWay(data)
	var in stophook.Input
	top, err := decodeInput(data, "", &in, new(onepass.Members))
	if fmt.Sprint(err) != fmt.Sprint(wantErr) {
		t.Fatalf("decodeInput(%q): error %v, the long way's %v", data, err, wantErr)
	}
	if err != nil {
		return
	}
	in.Now = time.Time{}
	if !reflect.DeepEqual(in, want) {
		t.Fatalf("decodeInput(%q)\n got %+v\nwant %+v", data, in, want)
	}
	if loop, active := top.fields(in.Raw); loop != wantLoop || active != wantActive {
		t.Fatalf("decodeInput(%q): loop_count %q, stop_hook_active %q; the long way reads %q, %q", data, loop, active, wantLoop, wantActive)
	}
}

// walkedCases are payloads on the edges between detect's pass and the
// long way.
var walkedCases = []string{
	`{"hook_event_name":"Stop","session_id":"s","stop_hook_active":true,"last_assistant_message":"done"}`,
	`{"hook_event_name":"Stop","session_id":"s","loop_count":2,"conversation_id":"c"}`,
	`{"hook_event_name":"Stop","transcript_path":"/h/.codex/sessions/x/rollout-1.jsonl"}`,
	`{"hook_event_name":"Stop","transcript_path":"/h/.claude/projects/p/s.jsonl","stop_hook_active":false}`,
	`{"hook_event_name":"St\u006fp","session_id":"s"}`,
	`{"transcript_path":"C:\\Users\\u\\.copilot\\session-state\\s\\events.jsonl"}`,
	`{"turn_id":"t","loop_count":1,"loop_count":2}`,
	`{"hook_event_name":"Stop","stop_hook_active":true,"stop_hook_active":false}`,
	`{"loop\u005fcount":4,"loop_count":5}`,
	`{"session_id":"a","session_id":"b","stop_hook_active":true}`,
	"\xef\xbb\xbf{\"hook_event_name\":\"Stop\"}",
	` {"hook_event_name":"Stop","stop_hook_active":null} `,
	`{"hook_event_name":"Stop"} x`,
	`{"prompt_response":"x","hook_event_name":"AfterAgent"}`,
	`[]`,
	``,
}

func TestDecodeWalked(t *testing.T) {
	t.Parallel()
	for _, c := range walkedCases {
		checkWalked(t, []byte(c))
	}
	files, _ := filepath.Glob(filepath.Join("..", "internal", "hostio", "testdata", "inputs", "*.json"))
	captured, _ := filepath.Glob(filepath.Join("..", "internal", "hostio", "testdata", "captured", "*", "*.json"))
	files = append(files, captured...)
	if len(files) == 0 {
		t.Fatal("no input fixtures")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkWalked(t, data)
	}
	// The load generator's Stop is read in detect's pass, and in the
	// decoder's: once.
	if top, err := decodeInput([]byte(walkedCases[0]), "", new(stophook.Input), new(onepass.Members)); err != nil || !top.ok {
		t.Errorf("stop_hook_active of a Claude Code Stop was not read with its host: %v", err)
	}
	if host, top, ok := decodeOnce([]byte(walkedCases[0]), new(stophook.Input), new(onepass.Members)); !ok || host != hostio.Claude || !top.ok {
		t.Errorf("a Claude Code Stop was not decoded in one pass: host %q, read %v, %v", host, top.ok, ok)
	}
	if _, _, ok := decodeOnce([]byte(walkedCases[1]), new(stophook.Input), new(onepass.Members)); !ok {
		t.Error("a Cursor Stop was not named in one pass")
	}
}

func FuzzDecodeWalked(f *testing.F) {
	for _, c := range walkedCases {
		f.Add([]byte(c))
	}
	for _, c := range peekCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkWalked(t, data) })
}
