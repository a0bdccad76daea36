//go:build unix

package transcript_test

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook/transcript"
)

// A transcript_path naming a FIFO must not block the hook.
func TestTailRefusesFIFO(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "fifo.jsonl")
	require.NoError(t, syscall.Mkfifo(p, 0o600))
	_, err := transcript.Tail(p, 5)
	assert.ErrorContains(t, err, "not a regular file")
}
