package judge_test

import (
	"testing"

	"github.com/stophook/stophook/judge"
)

// TestClientBlocks checks that a block the client appends to the final
// reply on its own, as Codex appends <oai-mem-citation> when its memories
// are on, neither hides the question above it nor counts as the agent's
// words.
func TestClientBlocks(t *testing.T) {
	t.Parallel()
	const cite = "\n\n<oai-mem-citation>\n<citation_entries>\nMEMORY.md:59-61|note=[user prefers small commits]\n</citation_entries>\n<rollout_ids>\n019f0776-7e9f-7c11-b251-548f8ae5aa08\n</rollout_ids>\n</oai-mem-citation>"
	for _, tc := range []struct{ name, text, want string }{
		{"permission above a citation", "I updated the parser.\n\nWant me to run the tests?" + cite, "permission"},
		{"decision above a citation", "Both work here. Redis or Memcached?" + cite, "decision"},
		{"done above a citation", "Done: the parser handles CRLF now and all tests pass." + cite, "done"},
		{"a failure inside a citation", "Done, all green.\n\n<oai-mem-citation>\n<citation_entries>\nMEMORY.md:1|note=[the build failed twice; I couldn't get it to build]\n</citation_entries>\n</oai-mem-citation>", "done"},
		{"only a citation", "<oai-mem-citation>\n<citation_entries>\n</citation_entries>\n</oai-mem-citation>", "done"},
		{"a block named in prose is read", "Codex appends an `<oai-mem-citation>` block. Want me to strip it?", "permission"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := judge.Classify(tc.text)
			if got := labelOf(v); got != tc.want {
				t.Errorf("Classify(%q) = %v (%q), want %s", tc.text, v, v.Why, tc.want)
			}
		})
	}
}
