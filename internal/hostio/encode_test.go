package hostio

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// effect is what a host does with a hook's output, as measured on the real
// clients (see the hosts' docs): the agent stops, continues the turn with
// a text, or halts.
type effect struct {
	kind string // "stop", "continue", "halt"
	text string // the text the model receives on "continue"
}

// hostReads models how each host reads a Stop hook's stdout, stderr and
// exit code, including what it misreads.
func hostReads(t *testing.T, host string, stdout []byte, stderr string, code int) effect {
	t.Helper()
	var out map[string]any
	parsed := json.Unmarshal(bytes.TrimSpace(stdout), &out) == nil && out != nil
	str := func(k string) string { s, _ := out[k].(string); return s }
	halted := parsed && out["continue"] == false
	decision := str("decision")
	switch host {
	case Claude:
		switch {
		case code == 2:
			return effect{"continue", stderr}
		case halted:
			return effect{kind: "halt"}
		case decision == "block" && str("reason") != "":
			return effect{"continue", str("reason")}
		case parsed && out["hookSpecificOutput"] != nil:
			hso := out["hookSpecificOutput"].(map[string]any)
			return effect{"continue", hso["additionalContext"].(string)}
		}
	case Codex:
		allowed := []string{"continue", "decision", "reason", "stopReason", "suppressOutput", "systemMessage"}
		for k := range out {
			if !slices.Contains(allowed, k) {
				t.Errorf("codex: field %q outside the Stop schema: the hook fails", k)
				return effect{kind: "stop"}
			}
		}
		switch {
		case code == 2 && stderr != "":
			return effect{"continue", stderr}
		case code != 0 || (len(bytes.TrimSpace(stdout)) > 0 && !parsed):
			return effect{kind: "stop"} // failed
		case halted:
			return effect{kind: "halt"}
		case decision == "block" && str("reason") != "":
			return effect{"continue", str("reason")}
		case decision != "":
			return effect{kind: "stop"} // deny, or block without reason: failed
		}
	case Gemini:
		switch {
		case parsed && halted:
			return effect{kind: "halt"}
		case parsed && (decision == "block" || decision == "deny"):
			r := str("stopReason")
			if r == "" {
				r = str("reason")
			}
			if r == "" {
				r = "No reason provided"
			}
			return effect{"continue", r}
		case code == 2:
			return effect{"continue", stderr}
		}
	case Qwen:
		switch {
		case code == 2:
			return effect{"continue", stderr} // stdout ignored
		case halted:
			return effect{"continue", str("stopReason")} // the misread
		case decision == "block" || decision == "deny":
			r := str("reason")
			if r == "" {
				r = "No reason provided"
			}
			return effect{"continue", r}
		}
	case Copilot:
		switch {
		case code == 2:
			return effect{kind: "stop"} // a warning, the turn ends
		case halted:
			return effect{kind: "halt"}
		case decision == "deny":
			return effect{kind: "stop"}
		case decision == "block":
			return effect{"continue", str("reason")}
		}
	case Droid:
		switch {
		case code == 2:
			return effect{"continue", stderr}
		case halted, decision == "deny":
			return effect{kind: "halt"}
		case decision == "block":
			return effect{"continue", str("reason")}
		}
	case Cursor:
		if code != 0 {
			t.Errorf("cursor: exit %d", code)
		}
		if _, ok := out["decision"]; ok {
			t.Errorf("cursor: output has decision: %s", stdout)
		}
		if f := str("followup_message"); f != "" {
			return effect{"continue", f}
		}
	}
	return effect{kind: "stop"}
}

func TestEncodeRoundTrip(t *testing.T) {
	t.Parallel()
	noHalt := map[string]bool{Qwen: true, Cursor: true} // hosts on which a halt can only be a stop
	tests := []struct {
		name  string
		reply Reply
		want  func(host string) effect
		code  map[string]int // exit code by host; 0 when absent
	}{
		{"allow", Reply{}, func(string) effect { return effect{kind: "stop"} }, nil},
		{"allow with message", Reply{SystemMessage: "note"}, func(string) effect { return effect{kind: "stop"} }, nil},
		{"block", Reply{Block: true, Reason: "do one more thing"}, func(string) effect { return effect{"continue", "do one more thing"} }, nil},
		{"block without reason", Reply{Block: true}, func(string) effect { return effect{kind: "stop"} }, nil},
		{"block with message", Reply{Block: true, Reason: "again", SystemMessage: "retrying"}, func(string) effect { return effect{"continue", "again"} }, nil},
		{"context", Reply{Context: "remember the tests"}, func(string) effect { return effect{"continue", "remember the tests"} }, nil},
		{"halt", Reply{Halt: true, StopReason: "budget spent"}, func(h string) effect {
			if noHalt[h] {
				return effect{kind: "stop"}
			}
			return effect{kind: "halt"}
		}, nil},
		{"halt and block", Reply{Halt: true, StopReason: "enough", Block: true, Reason: "more"}, func(h string) effect {
			if noHalt[h] {
				return effect{kind: "stop"}
			}
			return effect{kind: "halt"}
		}, nil},
		{"exit code block", Reply{Block: true, Reason: "fix the build", ExitCode: true}, func(string) effect { return effect{"continue", "fix the build"} },
			map[string]int{Claude: 2, Gemini: 2, Qwen: 2, Droid: 2}},
		{"exit code allow", Reply{ExitCode: true}, func(string) effect { return effect{kind: "stop"} }, nil},
		{"subagent block", Reply{Event: EventSubagentStop, Block: true, Reason: "finish"}, func(string) effect { return effect{"continue", "finish"} }, nil},
	}
	for _, host := range Hosts {
		for _, tt := range tests {
			t.Run(host+"/"+tt.name, func(t *testing.T) {
				t.Parallel()
				stdout, stderr, code := Encode(host, tt.reply)
				if got, want := hostReads(t, host, stdout, stderr, code), tt.want(host); got != want {
					t.Errorf("host reads %+v, want %+v (stdout %q stderr %q code %d)", got, want, stdout, stderr, code)
				}
				if code != tt.code[host] {
					t.Errorf("exit code %d, want %d", code, tt.code[host])
				}
				if len(stdout) > 0 && (!json.Valid(stdout) || stdout[len(stdout)-1] != '\n') {
					t.Errorf("stdout %q is not one JSON object and a newline", stdout)
				}
				if code == 2 && host != Claude && len(stdout) != 0 {
					t.Errorf("exit 2 with stdout %q", stdout)
				}
			})
		}
	}
}

func TestEncodeNeverMisread(t *testing.T) {
	t.Parallel()
	replies := []Reply{
		{Halt: true, StopReason: "x"}, {Halt: true, Block: true, Reason: "r", ExitCode: true},
		{Block: true, Reason: "r", ExitCode: true}, {Context: "c", ExitCode: true}, {SystemMessage: "m"},
	}
	for _, r := range replies {
		for _, event := range []string{"", EventStop, EventSubagentStop, EventSessionStart, EventUserPromptSubmit, EventSessionEnd} {
			r.Event = event
			for _, host := range Hosts {
				stdout, _, code := Encode(host, r)
				s := string(stdout)
				switch {
				case strings.Contains(s, `"deny"`):
					t.Errorf("%s %+v: deny in %s", host, r, s)
				case host == Qwen && strings.Contains(s, `"continue"`):
					t.Errorf("qwen %+v: continue in %s", r, s)
				case host == Copilot && code == 2:
					t.Errorf("copilot %+v: exit 2", r)
				case host == Cursor && (strings.Contains(s, `"decision"`) || code != 0):
					t.Errorf("cursor %+v: %s exit %d", r, s, code)
				case host == Gemini && code == 2 && len(stdout) > 0:
					t.Errorf("gemini %+v: exit 2 with stdout %s", r, s)
				case event != "" && event != EventStop && event != EventSubagentStop && host != Claude && strings.Contains(s, `"decision"`):
					t.Errorf("%s %+v: a lifecycle event blocked: %s", host, r, s)
				}
			}
		}
	}
}

func TestEncodeClaudeMatchesOutput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		r    Reply
		want string
	}{
		{Reply{}, "{}\n"},
		{Reply{Block: true, Reason: "r", SystemMessage: "m"}, `{"systemMessage":"m","decision":"block","reason":"r"}` + "\n"},
		{Reply{Context: "c"}, `{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"c"}}` + "\n"},
		{Reply{Event: EventSessionStart, Context: "c"}, `{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"c"}}` + "\n"},
		{Reply{Halt: true, StopReason: "s"}, `{"continue":false,"stopReason":"s"}` + "\n"},
		{Reply{Halt: true}, `{"continue":false}` + "\n"},
	}
	for _, tt := range tests {
		if got, _, _ := Encode(Claude, tt.r); string(got) != tt.want {
			t.Errorf("Encode(claude, %+v) = %s, want %s", tt.r, got, tt.want)
		}
	}
	if _, stderr, code := Encode(Claude, Reply{Block: true, Reason: "r", ExitCode: true}); stderr != "r" || code != 2 {
		t.Errorf("exit code mode: stderr %q code %d, want r and 2", stderr, code)
	}
}

func TestEncodeLifecycle(t *testing.T) {
	t.Parallel()
	tests := []struct {
		host string
		r    Reply
		want string
	}{
		{Codex, Reply{Event: EventSessionStart, Context: "c"}, `{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"c"}}`},
		{Codex, Reply{Event: EventSessionEnd, Context: "c", SystemMessage: "m"}, `{}`},
		{Gemini, Reply{Event: EventUserPromptSubmit, Context: "c"}, `{"hookSpecificOutput":{"hookEventName":"BeforeAgent","additionalContext":"c"}}`},
		{Gemini, Reply{Event: EventSessionStart, Context: "c"}, `{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"c"}}`},
		{Qwen, Reply{Event: EventUserPromptSubmit, Context: "c", Block: true, Reason: "r"}, `{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"c"}}`},
		{Droid, Reply{Event: EventSessionStart, Context: "c"}, `{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"c"}}`},
		{Copilot, Reply{Event: EventSessionStart, Context: "c"}, `{}`},
		{Cursor, Reply{Event: EventSessionStart, Context: "c"}, `{}`},
	}
	for _, tt := range tests {
		if got, _, _ := Encode(tt.host, tt.r); strings.TrimSpace(string(got)) != tt.want {
			t.Errorf("Encode(%s, %+v) = %s, want %s", tt.host, tt.r, got, tt.want)
		}
	}
}

func TestEncodeTruncates(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 3*MaxChars) + "\xff"
	for _, host := range Hosts {
		for _, r := range []Reply{{Block: true, Reason: long}, {Block: true, Reason: long, ExitCode: true}, {Halt: true, StopReason: long}, {Context: long}} {
			stdout, stderr, _ := Encode(host, r)
			var out map[string]any
			if len(stdout) > 0 {
				if err := json.Unmarshal(stdout, &out); err != nil {
					t.Fatalf("%s: %v", host, err)
				}
			}
			for _, s := range append(collectStrings(out), stderr) {
				if n := utf8.RuneCountInString(s); n > MaxChars {
					t.Errorf("%s %v: a string of %d runes", host, r.ExitCode, n)
				}
				if !utf8.ValidString(s) {
					t.Errorf("%s: invalid UTF-8", host)
				}
			}
		}
	}
}

func collectStrings(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case map[string]any:
		var s []string
		for _, x := range v {
			s = append(s, collectStrings(x)...)
		}
		return s
	}
	return nil
}
