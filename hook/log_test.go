package hook

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stophook/stophook"
)

func blockAll(reason string) stophook.Policy {
	return stophook.Named("blockAll", stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) {
		return stophook.BlockWith(reason), nil
	}))
}

// TestDecisionLogConcurrent: every decision of hooks running at once is
// one whole JSON line in the log.
func TestDecisionLogConcurrent(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	t0 := time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)
	opts := Options{Log: path, Store: new(stophook.MemoryStore), now: func() time.Time { return t0 }, env: &env{}}
	const n = 40
	reason := strings.Repeat("r", 300)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			in := []byte(`{"session_id":"s` + string(rune('a'+i%26)) + `","hook_event_name":"Stop","stop_hook_active":false}`)
			if _, err := Respond(context.Background(), blockAll(reason), in, opts); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines++
		var l logLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %d %q: %v", lines, sc.Text(), err)
		}
		if l.Verdict != "block" || l.Policy != "blockAll" || l.Event != "Stop" || !strings.HasPrefix(l.SessionID, "s") ||
			!l.Time.Equal(t0) || len([]rune(l.Reason)) != reasonHead || l.DurationMS < 0 {
			t.Errorf("line %d: got %+v", lines, l)
		}
	}
	if lines != n {
		t.Errorf("got %d lines, want %d", lines, n)
	}
}

// TestDecisionLogRotates: a log at its size limit becomes FILE.1 and the
// next decision starts a new FILE.
func TestDecisionLogRotates(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, maxLogSize); err != nil {
		t.Fatal(err)
	}
	in := stophook.Input{SessionID: "s", HookEventName: stophook.EventStop}
	if err := appendLog(path, in, stophook.AllowStop("done"), time.Millisecond); err != nil {
		t.Fatal(err)
	}
	old, err := os.Stat(path + ".1")
	if err != nil || old.Size() != maxLogSize {
		t.Fatalf("rotated file: %v, %v; want the old log of %d bytes", old, err, maxLogSize)
	}
	b, err := os.ReadFile(path)
	if err != nil || strings.Count(string(b), "\n") != 1 || !strings.Contains(string(b), `"verdict":"allow"`) {
		t.Errorf("new log %q, %v; want one allow line", b, err)
	}
}

// TestDecisionLogUnwritable: a log that cannot be written costs one
// warning line; the decision stands.
func TestDecisionLogUnwritable(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "missing", "decisions.jsonl")
	resp, err := Respond(context.Background(), blockAll("go on"), []byte(`{"session_id":"s","hook_event_name":"Stop"}`),
		Options{Log: path, Store: new(stophook.MemoryStore), env: &env{}})
	if err != nil {
		t.Fatal(err)
	}
	if !resp.Decision.Blocks() || strings.Count(resp.Stderr, "decision log") != 1 {
		t.Errorf("got %+v stderr %q, want the block and one warning", resp.Decision, resp.Stderr)
	}
}

// TestDecisionLogRotatesOnce: hooks deciding at once on a full log rotate
// it once: FILE.1 keeps the full log, and FILE every new line.
func TestDecisionLogRotatesOnce(t *testing.T) {
	t.Parallel()
	for round := range 20 {
		path := filepath.Join(t.TempDir(), "decisions.jsonl")
		if err := os.WriteFile(path, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(path, maxLogSize); err != nil {
			t.Fatal(err)
		}
		const n = 32
		in := stophook.Input{SessionID: "s", HookEventName: stophook.EventStop}
		start := make(chan struct{})
		var wg sync.WaitGroup
		for range n {
			wg.Go(func() {
				<-start
				if err := appendLog(path, in, stophook.AllowStop("done"), time.Millisecond); err != nil {
					t.Error(err)
				}
			})
		}
		close(start)
		wg.Wait()
		old, err := os.Stat(path + ".1")
		if err != nil {
			t.Fatal(err)
		}
		if old.Size() != maxLogSize {
			t.Fatalf("round %d: FILE.1 has %d bytes, want the full log's %d: a second rotation replaced it", round, old.Size(), maxLogSize)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if lines := strings.Count(string(data), "\n"); lines != n {
			t.Fatalf("round %d: FILE has %d lines, want %d", round, lines, n)
		}
	}
}

// TestDecisionLogServerFailsOpen: a server's request that no policy
// decides (a body that is not a hook input, an event the hook does not
// handle, a relative cwd) still gets its line, naming what it could of
// the session and why the stop was let through.
func TestDecisionLogServerFailsOpen(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name, body           string
		wantErr              bool
		wantSession, wantWhy string
	}{
		{"not JSON", `{"session_id":`, true, "", "invalid hook input"},
		{"wrong type", `{"session_id":"s1","hook_event_name":"Stop","cwd":7}`, true, "s1", "invalid hook input"},
		{"unhandled event", `{"session_id":"s2","hook_event_name":"PreToolUse"}`, false, "s2", `event "PreToolUse" is not handled`},
		{"relative cwd", `{"session_id":"s3","hook_event_name":"Stop","cwd":"proj"}`, false, "s3", "relative cwd"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "decisions.jsonl")
			serve := Server(blockAll("go on"), Options{Log: path, Store: new(stophook.MemoryStore), now: func() time.Time { return t0 }, env: &env{}})
			answer, _, err := serve(context.Background(), []byte(tt.body))
			if (err != nil) != tt.wantErr || strings.Contains(string(answer), "block") {
				t.Fatalf("got %q, %v; want the stop allowed, error %v", answer, err, tt.wantErr)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("decision log: %v", err)
			}
			var l logLine
			if strings.Count(string(data), "\n") != 1 || json.Unmarshal(data, &l) != nil {
				t.Fatalf("decision log %q, want one JSON line", data)
			}
			if l.Verdict != "allow" || l.Policy != inputPolicy || l.SessionID != tt.wantSession || !strings.Contains(l.Why, tt.wantWhy) || !l.Time.Equal(t0) {
				t.Errorf("got %+v, want verdict allow by %s, session %q, why about %q", l, inputPolicy, tt.wantSession, tt.wantWhy)
			}
		})
	}
}

// TestDecisionLogFieldsAlwaysThere: every line has every field of the
// contract (time, session_id, event, verdict, policy, why, reason,
// duration_ms), empty when there is nothing to say: a stop that no policy
// objected to has policy "" and reason "", not a line without them.
func TestDecisionLogFieldsAlwaysThere(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	pass := stophook.PolicyFunc(func(context.Context, stophook.Input) (stophook.Decision, error) { return stophook.Decision{}, nil })
	if _, err := Respond(context.Background(), pass, []byte(`{"session_id":"s","hook_event_name":"Stop"}`),
		Options{Log: path, Store: new(stophook.MemoryStore), env: &env{}}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%q: %v", data, err)
	}
	for _, k := range []string{"time", "session_id", "event", "verdict", "policy", "why", "reason", "duration_ms"} {
		if _, ok := m[k]; !ok {
			t.Errorf("line %s has no %q", data, k)
		}
	}
}

// TestDecisionLogUnwritableFailOpenOneLine: a stop let through before any
// policy ran (input too large, an event not handled) says so in one
// stderr line, the log that cannot be written included.
func TestDecisionLogUnwritableFailOpenOneLine(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "missing", "decisions.jsonl")
	var errb bytes.Buffer
	code := Run(context.Background(), blockAll("go on"), Options{Log: path, MaxInput: 100, env: &env{},
		Stdin: strings.NewReader(`{"a":"` + strings.Repeat("x", 200) + `"}`), Stdout: io.Discard, Stderr: &errb})
	if code != 0 || strings.Count(errb.String(), "\n") != 1 || !strings.Contains(errb.String(), "decision log") {
		t.Errorf("input too large: exit %d, stderr %q; want exit 0 and one line naming the log", code, errb.String())
	}
	body := []byte(`{"session_id":"s","hook_event_name":"PreToolUse"}`)
	resp, err := Respond(context.Background(), blockAll("go on"), body, Options{Log: path, Store: new(stophook.MemoryStore), env: &env{}})
	if err != nil || resp.Decision.Blocks() || strings.Count(resp.Stderr, "\n") != 1 || !strings.Contains(resp.Stderr, "decision log") {
		t.Errorf("event not handled: stderr %q, %v; want the stop allowed in one line naming the log", resp.Stderr, err)
	}
}
