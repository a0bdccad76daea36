package loopstate

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse checks that Parse never panics, that what it accepts is
// within limits, and that what it accepts survives Marshal and Parse.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/states/*.json")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"schema":1,"event":"ABORT","updated_at":"2026-01-02T10:00:00+00:00","stack":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data)
		if err != nil {
			if kindOf(err) == "" {
				t.Fatalf("error %v is not a corruptError", err)
			}
			return
		}
		if len(s.Stack) > maxFrames {
			t.Fatalf("accepted %d frames", len(s.Stack))
		}
		for _, fr := range s.Stack {
			if fr.Iter < 0 || fr.Iter > maxIterations || fr.Max < 1 || fr.Max > maxIterations || len(fr.Prompt) > maxPromptLen {
				t.Fatalf("accepted frame out of range: %+v", fr)
			}
			if _, err := ParseMode(string(fr.Mode)); err != nil {
				t.Fatalf("accepted mode %q", fr.Mode)
			}
		}
		b, err := s.Marshal()
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		s2, err := Parse(b)
		if err != nil {
			t.Fatalf("re-Parse of %s: %v", b, err)
		}
		if len(s2.Stack) != len(s.Stack) || s2.Event != s.Event || !s2.UpdatedAt.Equal(s.UpdatedAt) {
			t.Fatalf("round trip changed the record: %+v → %+v", s, s2)
		}
	})
}
