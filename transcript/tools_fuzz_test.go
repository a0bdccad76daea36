package transcript_test

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode"

	"github.com/stophook/stophook/transcript"
)

// FuzzToolUseString: any tool call formats as one line without control
// characters, and never panics.
func FuzzToolUseString(f *testing.F) {
	f.Add("Bash", `{"command":"npm test\nnpm run lint"}`, "/home/dev/app")
	f.Add("Edit", `{"file_path":"/home/dev/app/src/foo.ts"}`, "/home/dev/app")
	f.Add("mcp__x__y", `{"a":1,"b":"\u001b[2Jclear"}`, "")
	f.Add("Read", `{"file_path":`, "")
	f.Fuzz(func(t *testing.T, name, input, cwd string) {
		u := transcript.ToolUse{Name: name, Input: json.RawMessage(input)}
		for _, s := range []string{u.String(), u.Relative(cwd)} {
			if strings.ContainsFunc(s, unicode.IsControl) {
				t.Fatalf("control character in %q", s)
			}
			if s == "" {
				t.Fatal("empty formatting")
			}
		}
	})
}
