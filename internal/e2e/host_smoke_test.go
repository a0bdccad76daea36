package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tidwall/gjson"
)

// hostCase is one client set-up the host suites run: a client, and for
// Copilot the hook file format.
type hostCase struct {
	name          string
	client        Client
	copilotFormat string
}

var hostCases = []hostCase{
	{"codex", Codex, ""},
	{"gemini", Gemini, ""},
	{"qwen", Qwen, ""},
	{"copilot", Copilot, CopilotNative},
	{"copilot-claude", Copilot, CopilotClaude},
	{"droid", Droid, ""},
}

func (c hostCase) env(t *testing.T) *HostEnv {
	t.Helper()
	e := NewHost(t, c.client)
	if c.copilotFormat != "" {
		e.CopilotFormat = c.copilotFormat
	}
	return e
}

// blockOnce is a shell hook that blocks the first time with reason and
// lets every later call through, keeping its mark in dir.
func blockOnce(dir, reason string) string {
	mark := filepath.Join(dir, "blocked-once")
	out, _ := json.Marshal(map[string]string{"decision": "block", "reason": reason})
	return "if [ -e " + Quote(mark) + " ]; then exit 0; fi; : > " + Quote(mark) + "; printf '%s\\n' " + Quote(string(out))
}

// TestHostTurnEndHook runs every client once with a raw shell hook on its
// turn-end event that blocks once: the reason must reach the model as a
// new user turn, the hook must fire again with the loop flag set, and the
// lifecycle hooks must fire. With STOPHOOK_E2E_CAPTURE=DIR the hook inputs
// and an excerpt of the session transcript are copied, scrubbed, to
// DIR/<case>/.
func TestHostTurnEndHook(t *testing.T) {
	t.Parallel()
	for _, c := range hostCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := c.env(t)
			const reason = "e2e-capture: one more thing, then say DONE"
			e.AddRecorded("turnend", e.TurnEnd(), blockOnce(e.Root, reason))
			snaps := filepath.Join(e.Root, "snapshots")
			e.AddHook(e.TurnEnd(), CommandLine(BuildHook(t, "./internal/e2e/testdata/hooks/snapshot"), snaps))
			start, prompt, end := e.Lifecycle()
			for _, ev := range []string{start, prompt, end} {
				if ev != "" {
					e.AddRecorded(ev, ev, "cat >/dev/null")
				}
			}
			e.Model.Enqueue("fake reply 1", "fake reply 2 DONE")
			r := e.Run("say hi")
			defer func() {
				if t.Failed() {
					e.Dump(r)
				}
			}()
			if r.TimedOut || r.Exit != 0 {
				t.Fatalf("%s: exit %d, timed out %v", c.name, r.Exit, r.TimedOut)
			}
			calls := e.HookCalls("turnend")
			if len(calls) != 2 {
				t.Fatalf("turn-end hook calls = %d, want 2 (block, then allow)", len(calls))
			}
			if !calls[0].Blocked() || calls[1].Blocked() {
				t.Errorf("blocked = %v, %v; want true, false", calls[0].Blocked(), calls[1].Blocked())
			}
			if !e.Model.Saw(reason) {
				t.Errorf("the hook's reason never reached the model as a user turn")
			}
			for i, want := range []bool{false, true} {
				if got := gjson.Get(calls[i].Raw, "stop_hook_active"); !got.Exists() || got.Bool() != want {
					t.Errorf("call %d stop_hook_active = %s, want %v", i, got.Raw, want)
				}
			}
			// Whether the transcript, read at once by a hook, already holds
			// the reply the turn ended with: a measurement, not a contract.
			// Copilot CLI and Qwen Code were seen writing it after calling
			// the hook (the library's readers wait for it; the scenarios
			// check what they find).
			for i, want := range []string{"fake reply 1", "fake reply 2 DONE"} {
				data, err := os.ReadFile(filepath.Join(snaps, strconv.Itoa(i+1)+".jsonl"))
				if err != nil {
					t.Logf("transcript at turn end %d: %v", i+1, err)
				} else if !bytes.Contains(data, []byte(want)) {
					t.Logf("transcript at turn end %d lacks the last reply %q", i+1, want)
				}
			}
			for _, ev := range []string{start, prompt, end} {
				if ev != "" && len(e.HookCalls(ev)) == 0 {
					t.Logf("%s: lifecycle hook %s did not fire", c.name, ev)
				}
			}
			captureHost(t, e, c.name, append([]string{"turnend"}, start, prompt, end))
		})
	}
}

// captureHost copies the recorded inputs of the hooks logged under names
// and an excerpt of the session transcript, scrubbed, to
// $STOPHOOK_E2E_CAPTURE/<name>/ when that variable is set.
func captureHost(t *testing.T, e *HostEnv, name string, logs []string) {
	root := os.Getenv(EnvCapture)
	if root == "" {
		return
	}
	dir := filepath.Join(root, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(file string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, file), e.Scrub(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	transcript := ""
	for _, log := range logs {
		if log == "" {
			continue
		}
		for i, call := range e.HookCalls(log) {
			var pretty bytes.Buffer
			if json.Indent(&pretty, []byte(call.Raw), "", "  ") != nil {
				pretty.Reset()
				pretty.WriteString(call.Raw)
			}
			pretty.WriteString("\n")
			write(log+"-"+strconv.Itoa(i+1)+".json", pretty.Bytes())
			for _, k := range []string{"transcript_path", "transcriptPath"} {
				if p := gjson.Get(call.Raw, k).String(); p != "" {
					transcript = p
				}
			}
		}
	}
	for i := 1; ; i++ {
		data, err := os.ReadFile(filepath.Join(e.Root, "snapshots", strconv.Itoa(i)+".jsonl"))
		if err != nil {
			break
		}
		write("transcript-at-turnend-"+strconv.Itoa(i)+".jsonl", excerpt(data, 30<<10, 8<<10))
	}
	if transcript != "" {
		if data, err := os.ReadFile(transcript); err == nil {
			write("transcript.jsonl", excerpt(data, 30<<10, 8<<10))
		} else {
			t.Logf("capture: transcript: %v", err)
		}
	}
	var reqs bytes.Buffer
	for _, r := range e.Model.Requests() {
		line, _ := json.Marshal(map[string]any{"path": r.Path, "query": r.Query, "wire": r.Wire, "model": r.Model,
			"stream": r.Stream, "last_user_text": truncate(r.LastUserText(), 400), "reply": r.Reply(), "ua": r.Header.Get("User-Agent")})
		reqs.Write(line)
		reqs.WriteString("\n")
	}
	write("requests.jsonl", reqs.Bytes())
	t.Logf("capture: wrote %s", dir)
}

// excerpt returns the JSONL lines of data up to max bytes in total,
// leaving out single lines longer than long (replaced by a record saying
// so).
func excerpt(data []byte, max, long int) []byte {
	var out bytes.Buffer
	for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if len(line) > long {
			line = `{"e2e_excerpt":"line of ` + strconv.Itoa(len(line)) + ` bytes left out","type":` +
				strconv.Quote(gjson.Get(line, "type").String()) + `}`
		}
		if out.Len()+len(line)+1 > max {
			out.WriteString(`{"e2e_excerpt":"truncated"}` + "\n")
			break
		}
		out.WriteString(line + "\n")
	}
	return out.Bytes()
}
