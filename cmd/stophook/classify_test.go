package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// classifyOut runs classify on input and returns its output lines decoded.
func classifyOut(t *testing.T, input string, args ...string) []map[string]any {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(append([]string{"classify"}, args...), &sys{stdin: strings.NewReader(input), stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }})
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	var got []map[string]any
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("output line %q: %v", sc.Text(), err)
		}
		got = append(got, m)
	}
	return got
}

func TestClassifyAnswersEachLine(t *testing.T) {
	t.Parallel()
	session := filepath.Join("..", "..", "transcript", "testdata", "captured", "tool-turn.jsonl")
	blocked := filepath.Join("..", "..", "transcript", "testdata", "captured", "blocked-retried.jsonl")
	tests := []struct {
		name, line       string
		class, kind      string
		whyHas, errorHas string
	}{
		{"permission", `{"message": "The plan is ready. Shall I proceed?"}`, "question", "permission", "shall i proceed", ""},
		{"decision", `{"message": "Which database do you prefer, Postgres or SQLite?"}`, "question", "decision", "postgres or sqlite", ""},
		{"error", `{"message": "The build still fails: undefined: parseConfig."}`, "error", "failed", "still fails", ""},
		{"done", `{"message": "Done: all 42 tests pass."}`, "done", "done", "", ""},
		{"question in code is not asked", "{\"message\": \"I added the prompt:\\n\\n```\\nShall I proceed? [y/N]\\n```\\n\\nThe CLI now asks.\"}", "done", "done", "", ""},
		{"transcript only", `{"transcript_path": ` + jsonString(session) + `}`, "done", "done", "", ""},
		{"empty message reads the transcript", `{"message": "", "transcript_path": ` + jsonString(blocked) + `}`, "done", "done", "", ""},
		{"message wins over transcript", `{"message": "Error: build failed", "transcript_path": ` + jsonString(session) + `}`, "error", "failed", "error: build failed", ""},
		{"missing transcript", `{"transcript_path": "no/such/file.jsonl"}`, "", "", "", "no such file"},
		{"message with a missing transcript is judged alone", `{"message": "Redis or Memcached?", "transcript_path": "no/such/file.jsonl"}`, "question", "decision", "redis or memcached", ""},
		{"no message", `{"id": 1}`, "", "", "", "want \"message\""},
		{"not JSON", `Shall I proceed?`, "", "", "", "not a JSON object"},
		{"array", `["Shall I proceed?"]`, "", "", "", "not a JSON object"},
		{"message not a string", `{"message": 42}`, "", "", "", "message: want a string"},
		{"blank line", `   `, "", "", "", "empty line"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := classifyOut(t, tc.line+"\n")
			if len(got) != 1 {
				t.Fatalf("got %d output lines, want 1", len(got))
			}
			a := got[0]
			if tc.errorHas != "" {
				if e, _ := a["error"].(string); !strings.Contains(e, tc.errorHas) {
					t.Fatalf("got %v, want an error containing %q", a, tc.errorHas)
				}
				return
			}
			if a["error"] != nil || a["class"] != tc.class || a["kind"] != tc.kind {
				t.Fatalf("got %v, want class %q kind %q", a, tc.class, tc.kind)
			}
			if w, _ := a["warning"].(string); strings.Contains(tc.line, "no/such/file") != strings.Contains(w, "no such file") {
				t.Errorf("warning %q for %s", w, tc.line)
			}
			why, _ := a["why"].(string)
			if why == "" || !strings.Contains(strings.ToLower(why), tc.whyHas) {
				t.Errorf("why %q, want it to contain %q", why, tc.whyHas)
			}
			if c, _ := a["confidence"].(float64); c <= 0 || c > 1 {
				t.Errorf("confidence %v, want in (0, 1]", a["confidence"])
			}
		})
	}
}

func TestClassifyKeepsOrderAndIDs(t *testing.T) {
	t.Parallel()
	in := `{"id": "a", "message": "Shall I proceed?"}
garbage
{"id": 7, "message": "Redis or Memcached?"}
{"id": "last", "message": "All done."}` // no final newline
	got := classifyOut(t, in)
	if len(got) != 4 {
		t.Fatalf("got %d lines, want 4", len(got))
	}
	want := []any{"a", nil, 7.0, "last"}
	for i, w := range want {
		if got[i]["id"] != w {
			t.Errorf("line %d: id %v, want %v", i, got[i]["id"], w)
		}
	}
	if got[1]["error"] == nil {
		t.Errorf("line 1: got %v, want an error", got[1])
	}
}

func TestClassifyLineTooLong(t *testing.T) {
	t.Parallel()
	long := `{"message": "` + strings.Repeat("x", 5000) + `"}`
	got := classifyOut(t, long+"\n"+`{"message": "Shall I proceed?"}`+"\n"+long, "-max-line", "1000")
	if len(got) != 3 {
		t.Fatalf("got %d lines, want 3", len(got))
	}
	for _, i := range []int{0, 2} {
		if e, _ := got[i]["error"].(string); !strings.Contains(e, "longer than 1000") {
			t.Errorf("line %d: got %v, want a too-long error", i, got[i])
		}
	}
	if got[1]["kind"] != "permission" {
		t.Errorf("line 1: got %v, want permission", got[1])
	}
}

func TestClassifyRejectsArguments(t *testing.T) {
	t.Parallel()
	var out, errOut bytes.Buffer
	if code := run([]string{"classify", "file.jsonl"}, &sys{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestClassifyWrongFieldType: an object whose field has the wrong type
// ("message": 7) gets an error naming the field, with its id echoed, not
// "not a JSON object".
func TestClassifyWrongFieldType(t *testing.T) {
	t.Parallel()
	got := classifyOut(t, `{"id": 6, "message": 7}`+"\n"+`{"id": "t", "transcript_path": ["x"]}`+"\n")
	if len(got) != 2 {
		t.Fatalf("got %d lines, want 2", len(got))
	}
	for i, tt := range []struct {
		id    any
		field string
	}{{6.0, "message"}, {"t", "transcript_path"}} {
		msg, _ := got[i]["error"].(string)
		if got[i]["id"] != tt.id || !strings.HasPrefix(msg, tt.field+": want a string") {
			t.Errorf("line %d: %v, want id %v and an error naming %s", i, got[i], tt.id, tt.field)
		}
	}
}
