package transcript

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// FuzzHostFormats reads arbitrary bytes as a transcript in every format
// and checks that nothing panics, that every string is valid UTF-8 and
// that roles are only user or assistant.
func FuzzHostFormats(f *testing.F) {
	var files []string
	for _, tt := range hostFiles {
		files = append(files, filepath.Join("testdata", "hosts", tt.file))
	}
	for _, tt := range sentBackFiles {
		files = append(files, filepath.Join("testdata", "continued", tt.file))
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		lines := bytes.Split(data, []byte("\n"))
		for i := 0; i < len(lines); i += 3 {
			f.Add(bytes.Join(lines[i:min(i+3, len(lines))], []byte("\n")))
		}
	}
	f.Add([]byte(`{"$set":{"messages":[{"type":"gemini","content":[{"text":"\ud800"}]},1,null]}}`))
	f.Add([]byte(`{"type":"response_item","payload":{"type":"function_call","arguments":"{\"a\":","name":7}}`))
	f.Add([]byte(`{"type":"assistant.message","data":{"content":{"x":1},"toolRequests":{"a":{}}}}`))
	f.Add([]byte(`{"type":"user","message":{"parts":"x"},"provenance":3}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		for format := FormatAuto; format <= FormatCursor; format++ {
			o := Options{Format: format, chunk: 64, chunkMax: 256}
			r := bytes.NewReader(data)
			for m, err := range o.backwardReader(r, r.Size()) {
				if err != nil {
					t.Fatalf("%v: %v", format, err)
				}
				if m.Role != RoleUser && m.Role != RoleAssistant {
					t.Fatalf("%v: role %q", format, m.Role)
				}
				strs := []string{m.ID, m.Text}
				for _, u := range m.ToolUses {
					strs = append(strs, u.ID, u.Name, u.String())
				}
				for _, res := range m.ToolResults {
					strs = append(strs, res.ToolUseID, res.Text)
				}
				for _, s := range strs {
					if !utf8.ValidString(s) {
						t.Fatalf("%v: invalid UTF-8 %q", format, s)
					}
				}
			}
		}
	})
}
