package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzClassifyLines checks that any input gets exactly one JSON object per
// line, and that nothing panics.
func FuzzClassifyLines(f *testing.F) {
	for _, s := range []string{
		`{"message": "Shall I proceed?"}`,
		"{\"message\": \"```\\nfail?\\n```\"}\n{}\n",
		"garbage\n\n\r\n{\"message\": null}",
		`{"message": "Which one?", "id": {"a": [1, 2]}}`,
		"{\"message\": \"\xff\xfe\"}\n",
		strings.Repeat("x", 300) + "\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if bytes.Contains(in, []byte("transcript_path")) {
			t.Skip("reads files")
		}
		var out bytes.Buffer
		if err := classifyLines(bytes.NewReader(in), &out, 256); err != nil {
			t.Fatal(err)
		}
		want := bytes.Count(in, []byte("\n"))
		if len(in) > 0 && in[len(in)-1] != '\n' {
			want++
		}
		lines := bytes.Split(bytes.TrimSuffix(out.Bytes(), []byte("\n")), []byte("\n"))
		if out.Len() == 0 {
			lines = nil
		}
		if len(lines) != want {
			t.Fatalf("got %d output lines for %d input lines", len(lines), want)
		}
		for _, l := range lines {
			var a classifyAnswer
			if err := json.Unmarshal(l, &a); err != nil {
				t.Fatalf("output %q: %v", l, err)
			}
			if (a.Error == "") == (a.Class == "") {
				t.Fatalf("output %q: want exactly one of class and error", l)
			}
		}
	})
}
