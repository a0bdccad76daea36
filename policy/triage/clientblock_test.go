package triage

import (
	"testing"

	"github.com/stophook/stophook/transcript"
)

// TestScoreClientBlocks checks that the blocks a client writes into a
// message on its own (Copilot CLI's <system_reminder> in the prompt,
// Claude Code's <system-reminder>, Codex's <oai-mem-citation> after the
// reply) are not scored as the user's or the agent's words, while the same
// sentences typed by the user still are.
func TestScoreClientBlocks(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	const rules = "Always prefer tabs over spaces. We decided to use Postgres because it scales."
	for _, tc := range []struct {
		name string
		msgs []transcript.Message
		want bool // a finding
	}{
		{"typed by the user", []transcript.Message{{Role: "user", Text: rules + "\nfix the typo in main.go"}, {Role: "assistant", Text: "Fixed the typo."}}, true},
		{"copilot reminder in the prompt", []transcript.Message{{Role: "user", Text: "fix the typo in main.go\n\n<system_reminder>\n" + rules + "\n</system_reminder>"}, {Role: "assistant", Text: "Fixed the typo."}}, false},
		{"claude code reminder in the prompt", []transcript.Message{{Role: "user", Text: "<system-reminder>\n" + rules + "\n</system-reminder>\nfix the typo in main.go"}, {Role: "assistant", Text: "Fixed the typo."}}, false},
		{"codex citation after the reply", []transcript.Message{{Role: "user", Text: "fix the typo"}, {Role: "assistant", Text: "Fixed the typo.\n\n<oai-mem-citation>\n<citation_entries>\nMEMORY.md:1-2|note=[" + rules + "]\n</citation_entries>\n</oai-mem-citation>"}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := s.Score(tc.msgs)
			if (len(got) > 0) != tc.want {
				t.Errorf("Score = %v, want a finding: %v", got, tc.want)
			}
		})
	}
}
