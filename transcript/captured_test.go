package transcript

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"
)

// knownSkipped are the record types Claude Code 2.1.330 writes besides
// messages. A captured transcript with another type is logged, not failed:
// unknown types are skipped by design.
var knownSkipped = map[string]bool{
	"attachment": true, "queue-operation": true, "api-request": true, "api-request-shape": true,
	"api-request-blob": true, "system": true, "last-prompt": true, "cost-state": true,
	"atis-latch": true, "tools-used": true, "summary": true, "file-history-snapshot": true, "progress": true,
}

// TestCapturedTranscripts reads the real transcripts the e2e suite captured
// from Claude Code (STOPHOOK_E2E_CAPTURE, scrubbed of temp paths) under
// testdata/captured, when there are any.
func TestCapturedTranscripts(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "captured", "*.jsonl"))
	require.NoError(t, err)
	if len(files) == 0 {
		t.Skip("no captured transcripts under testdata/captured")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(f)
			require.NoError(t, err)

			lines := 0
			for _, line := range bytes.Split(data, []byte("\n")) {
				if len(bytes.TrimSpace(line)) == 0 {
					continue
				}
				lines++
				require.True(t, gjson.ValidBytes(line), "captured line is not JSON: %.200s", line)
				typ := gjson.GetBytes(line, "type").String()
				_, isMsg := parseLine(line)
				assert.Equal(t, typ == RoleUser || typ == RoleAssistant, isMsg, "type %q parsed as message = %v", typ, isMsg)
				if !isMsg && !knownSkipped[typ] {
					t.Logf("record type %q not in claude-code-facts.md", typ)
				}
			}
			all := forward(data, defaultMaxLineBytes, maxHeld)
			require.NotEmpty(t, all, "%d lines, no messages", lines)
			for _, o := range []Options{{}, {chunk: 97, chunkMax: 4096}} {
				for _, n := range []int{1, 3, 10, len(all)} {
					checkAgainstForward(t, data, o, n)
				}
			}
			// Lines of one reply separated by anything but tool results
			// are not merged: log it, so a capture shows when that happens.
			seen := map[string]int{}
			for i, m := range all {
				if m.Role != RoleAssistant {
					continue
				}
				if j, ok := seen[m.ID]; ok {
					t.Logf("reply %s split: messages %d and %d", m.ID, j, i)
				}
				seen[m.ID] = i
			}
			_, err = Options{}.LastAssistantText("", f)
			require.NoError(t, err)
		})
	}
}
