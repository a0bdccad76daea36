package hostio

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzNormalize checks that Detect and Normalize never panic, that
// Normalize's output is a JSON object that decodes as Claude Code input
// for the detected host and for every other host, and that it keeps every
// top-level field.
func FuzzNormalize(f *testing.F) {
	for _, dir := range []string{"inputs", filepath.Join("captured", "*")} {
		files, _ := filepath.Glob(filepath.Join("testdata", dir, "*.json"))
		for _, file := range files {
			if raw, err := os.ReadFile(file); err == nil {
				f.Add(raw)
			}
		}
	}
	f.Add([]byte(`{"hook_event_name":"stop","workspace_roots":[1],"loop_count":1e400}`))
	f.Add([]byte(`{"sessionId":null,"stopReason":{},"transcriptPath":7}`))
	f.Add([]byte(`{"hook_event_name":"AfterAgent","prompt_response":"a\nb","stop_hook_active":"true"}`))
	f.Add([]byte(`{"a":1,"a":"2"}`))
	f.Add([]byte(`{"Effort":{"level":5},"background_tasks":{},"SESSION_ID":1}`))
	read := func(host, path string, _ time.Time) string { return path }
	f.Fuzz(func(t *testing.T, raw []byte) {
		detected := Detect(raw)
		if !Known(detected) {
			t.Fatalf("Detect = %q", detected)
		}
		for _, host := range Hosts {
			out, err := normalize(host, raw, read)
			if err != nil {
				continue
			}
			var in claudeFull
			if host != Claude && json.Unmarshal(out, &in) != nil {
				t.Fatalf("%s: normalized %s does not decode: %v", host, out, json.Unmarshal(out, &in))
			}
			if host == Claude && !json.Valid(out) {
				continue // passed on as is: the caller's decoding rejects it
			}
			var fields map[string]json.RawMessage
			if err := json.Unmarshal(out, &fields); err != nil {
				t.Fatalf("%s: output %s is not an object: %v", host, out, err)
			}
			if host != Claude && !utf8.Valid(out) {
				t.Fatalf("%s: output is not UTF-8", host)
			}
		}
	})
}

// FuzzEncode checks that every reply encodes for every host as one JSON
// object (or nothing) with bounded valid strings.
func FuzzEncode(f *testing.F) {
	f.Add("", true, "do more", "ctx", "msg", false, "halt", false)
	f.Add("SessionStart", false, "", "ctx", "", true, "", true)
	f.Add("SubagentStop", true, "\xff\xfe", "", "", false, "", true)
	f.Fuzz(func(t *testing.T, event string, block bool, reason, ctx, msg string, halt bool, stop string, exit bool) {
		r := Reply{Event: event, Block: block, Reason: reason, Context: ctx, SystemMessage: msg, Halt: halt, StopReason: stop, ExitCode: exit}
		for _, host := range Hosts {
			stdout, stderr, code := Encode(host, r)
			if code != 0 && code != 2 {
				t.Fatalf("%s: exit %d", host, code)
			}
			if len(stdout) > 0 && !json.Valid(stdout) {
				t.Fatalf("%s: stdout %q", host, stdout)
			}
			if !utf8.ValidString(stderr) || utf8.RuneCountInString(stderr) > MaxChars {
				t.Fatalf("%s: stderr of %d runes", host, utf8.RuneCountInString(stderr))
			}
		}
	})
}

// FuzzDetect holds Detect's one-pass reading of the features to gjson's,
// which reads every payload it gives up on: wherever it reads one, the
// two agree.
func FuzzDetect(f *testing.F) {
	for _, dir := range []string{"inputs", filepath.Join("captured", "*")} {
		files, _ := filepath.Glob(filepath.Join("testdata", dir, "*.json"))
		for _, file := range files {
			if raw, err := os.ReadFile(file); err == nil {
				f.Add(raw)
			}
		}
	}
	f.Add([]byte(`{"hook_event_name":"Stop","transcript_path":"/h/.codex/x","a":[1,{"b":null}],"c":-1.5e3}`))
	f.Add([]byte(`{"hook_event_name":"St\u006fp","transcript_path":"C:\\Users\\.gemini\\x"}`))
	f.Add([]byte(`{"loop\u005fcount":1,"hook_event_name":7}`))
	f.Add([]byte(`{"a":1,"a":"2","transcript_path":"x","transcript_path":"/.qwen/"}`))
	f.Add([]byte(`{"hook_event_name":"Stop"} trailing`))
	f.Add([]byte(`{"x":tru,"turn_id":1}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		s := string(raw)
		fast, ok := scanFeatures(s)
		if !ok {
			return
		}
		if want := gjsonFeatures(s); fast != want {
			t.Fatalf("scanFeatures(%q) = %+v, gjson reads %+v", s, fast, want)
		}
		if !json.Valid(raw) {
			t.Fatalf("scanFeatures read %q, which is not valid JSON", s)
		}
	})
}
