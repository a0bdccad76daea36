package transcript

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAssembleAcrossToolResults(t *testing.T) {
	t.Parallel()
	use := func(id, tool string) string {
		return fmt.Sprintf(`{"type":"assistant","message":{"id":%q,"content":[{"type":"tool_use","id":%q,"name":"Bash","input":{"command":"echo %s"}}]},"uuid":"%s-%s"}`, id, tool, tool, id, tool)
	}
	text := func(id, s string) string {
		return fmt.Sprintf(`{"type":"assistant","message":{"id":%q,"content":[{"type":"text","text":%q}]},"uuid":"%s-t"}`, id, s, id)
	}
	res := func(tool string) string {
		return fmt.Sprintf(`{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":%q,"content":"ok"}]},"uuid":"r%s"}`, tool, tool)
	}
	prompt := `{"type":"user","message":{"content":"next"},"uuid":"p"}`
	meta := `{"type":"user","isMeta":true,"message":{"content":"Stop hook feedback:\nmore"},"uuid":"f"}`
	other := `{"type":"attachment","attachment":{"type":"x"}}`

	tests := []struct {
		name  string
		held  int
		lines []string
		want  []string // ids in file order; the X reply lists its tools
	}{
		{name: "streamed results", lines: []string{text("X", "go"), use("X", "A"), res("A"), use("X", "B"), res("B"), use("X", "C"), text("Y", "done")},
			want: []string{"X[A B C]", "rA", "rB", "Y"}},
		{name: "other records do not split", lines: []string{use("X", "A"), other, res("A"), other, use("X", "B"), other},
			want: []string{"X[A B]", "rA"}},
		{name: "results before the reply stay before it", lines: []string{res("Z"), use("X", "A"), res("A")},
			want: []string{"rZ", "X[A]", "rA"}},
		{name: "a prompt splits", lines: []string{use("X", "A"), res("A"), prompt, use("X", "B")},
			want: []string{"X[A]", "rA", "p", "X[B]"}},
		{name: "feedback splits", lines: []string{use("X", "A"), meta, use("X", "B")},
			want: []string{"X[A]", "f", "X[B]"}},
		{name: "another reply splits", lines: []string{use("X", "A"), res("A"), text("Y", "hm"), use("X", "B")},
			want: []string{"X[A]", "rA", "Y", "X[B]"}},
		{name: "too many results between two lines split", held: 1, lines: []string{use("X", "A"), res("A"), res("B"), use("X", "B")},
			want: []string{"X[A]", "rA", "rB", "X[B]"}},
		{name: "the limit counts results since the last line", held: 1, lines: []string{use("X", "A"), res("A"), use("X", "B"), res("B"), use("X", "C")},
			want: []string{"X[A B C]", "rA", "rB"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			data := strings.Join(tt.lines, "\n") + "\n"
			for _, chunk := range []int{0, 5} {
				msgs, err := Options{held: tt.held, chunk: chunk, chunkMax: chunk}.TailReader(strings.NewReader(data), int64(len(data)), 100)
				require.NoError(t, err)
				var got []string
				for _, m := range msgs {
					id := m.ID
					if m.Role == RoleAssistant && len(m.ToolUses) > 0 {
						var tools []string
						for _, u := range m.ToolUses {
							tools = append(tools, u.ID)
						}
						id += "[" + strings.Join(tools, " ") + "]"
					}
					got = append(got, id)
				}
				assert.Equal(t, tt.want, got, "chunk %d", chunk)
			}
		})
	}
}
