package signals_test

import (
	"slices"
	"testing"

	"github.com/stophook/stophook/signals"
)

func TestSuggestedCommands(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		msg  string
		want []string
	}{
		{"none", "All done.", nil},
		{"seed example", "Next: run `/clear` then `/gsd:plan-phase 3`.", []string{"/clear", "/gsd:plan-phase 3"}},
		{"deduplicated in order", "/gsd:execute-phase 2 /clear /gsd:execute-phase 2 /clear", []string{"/gsd:execute-phase 2", "/clear"}},
		{"argument stops at backtick", "`/gsd:plan-phase 3`", []string{"/gsd:plan-phase 3"}},
		{"argument across newline", "/gsd:progress\nthen", []string{"/gsd:progress\nthen"}},
		{"JavaScript white space", "/gsd:plan-phase\u00a04", []string{"/gsd:plan-phase\u00a04"}},
		{"no argument", "/gsd:progress", []string{"/gsd:progress"}},
		{"same command other argument", "/gsd:plan-phase 3 and /gsd:plan-phase 4", []string{"/gsd:plan-phase 3", "/gsd:plan-phase 4"}},
		{"inside a word like the seed", "clearly /clearly", []string{"/clear"}},
		{"upper case is not a gsd command", "/gsd:PLAN", nil},
		{"other slash commands ignored", "/help /compact", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := signals.SuggestedCommands(tt.msg); !slices.Equal(got, tt.want) {
				t.Fatalf("SuggestedCommands(%q) = %q, want %q", tt.msg, got, tt.want)
			}
		})
	}
}
