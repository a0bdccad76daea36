package transcript_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook/transcript"
)

// While a writer appends lines in two halves (as a file still being
// written looks to a reader), concurrent Tail calls see only whole
// messages, in order, and never fail.
func TestTailWhileWritten(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "live.jsonl")
	f, err := os.Create(path)
	require.NoError(t, err)
	defer f.Close()

	const lines = 400
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(done)
		for i := range lines {
			line := fmt.Sprintf(`{"type":"assistant","message":{"id":"m%d","content":[{"type":"text","text":"reply %d %s"}]},"uuid":"u%d"}`+"\n", i, i, strings.Repeat("x", i%200), i)
			half := len(line) / 2
			if _, err := f.WriteString(line[:half]); err != nil {
				t.Error(err)
				return
			}
			if _, err := f.WriteString(line[half:]); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	for r := 0; r < 2; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-done:
					if i >= 50 {
						return
					}
				default:
				}
				msgs, err := transcript.Tail(path, 3)
				if !assert.NoError(t, err) {
					return
				}
				prev := -1
				for _, m := range msgs {
					n, err := strconv.Atoi(strings.TrimPrefix(m.ID, "m"))
					if !assert.NoError(t, err, "id %q", m.ID) || !assert.Greater(t, n, prev) {
						return
					}
					if !assert.True(t, strings.HasPrefix(m.Text, fmt.Sprintf("reply %d ", n)), "text %q of %s", m.Text, m.ID) {
						return
					}
					prev = n
				}
			}
		}()
	}
	wg.Wait()
	msgs, err := transcript.Tail(path, 1)
	require.NoError(t, err)
	require.Len(t, msgs, 1)
	assert.Equal(t, fmt.Sprintf("m%d", lines-1), msgs[0].ID)
}
