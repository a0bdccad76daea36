package gentranscript_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook/internal/gentranscript"
)

func TestWrite(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	n, err := gentranscript.Write(&buf, gentranscript.Options{Size: 512 << 10, LastText: "Last \"quoted\"\nline."})
	require.NoError(t, err)
	assert.Equal(t, int64(buf.Len()), n)
	assert.GreaterOrEqual(t, n, int64(512<<10))

	types := map[string]int{}
	var lastAssistant string
	sc := bufio.NewScanner(bytes.NewReader(buf.Bytes()))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec struct {
			Type    string `json:"type"`
			Message struct {
				ID      string          `json:"id"`
				Content json.RawMessage `json:"content"`
			} `json:"message"`
		}
		line := sc.Bytes()
		require.True(t, json.Valid(line), "invalid line %.200s", line)
		require.NoError(t, json.Unmarshal(line, &rec))
		types[rec.Type]++
		if rec.Type == "assistant" {
			var blocks []struct{ Type, Text string }
			require.NoError(t, json.Unmarshal(rec.Message.Content, &blocks))
			require.Len(t, blocks, 1, "one block per assistant line")
			b := blocks[0]
			if b.Type == "text" {
				lastAssistant = b.Text
			}
		}
	}
	require.NoError(t, sc.Err())
	assert.Equal(t, "Last \"quoted\"\nline.", lastAssistant)
	for _, typ := range []string{"user", "assistant", "attachment", "api-request", "system", "last-prompt", "cost-state", "file-history-snapshot", "queue-operation"} {
		assert.Positive(t, types[typ], "records of type %s", typ)
	}
}

func TestWriteIsDeterministic(t *testing.T) {
	t.Parallel()
	var a, b, c bytes.Buffer
	_, err := gentranscript.Write(&a, gentranscript.Options{Size: 100 << 10})
	require.NoError(t, err)
	_, err = gentranscript.Write(&b, gentranscript.Options{Size: 100 << 10})
	require.NoError(t, err)
	_, err = gentranscript.Write(&c, gentranscript.Options{Size: 100 << 10, Seed: 2})
	require.NoError(t, err)
	assert.Equal(t, a.Bytes(), b.Bytes())
	assert.NotEqual(t, a.Bytes(), c.Bytes())
}

func TestCached(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	o := gentranscript.Options{Size: 10 << 10, LastText: "x"}
	p1, err := gentranscript.Cached(dir, o)
	require.NoError(t, err)
	fi1, err := os.Stat(p1)
	require.NoError(t, err)
	p2, err := gentranscript.Cached(dir, o)
	require.NoError(t, err)
	assert.Equal(t, p1, p2)
	fi2, err := os.Stat(p2)
	require.NoError(t, err)
	assert.Equal(t, fi1.ModTime(), fi2.ModTime(), "second call reuses the file")
	p3, err := gentranscript.Cached(dir, gentranscript.Options{Size: 10 << 10, LastText: "y"})
	require.NoError(t, err)
	assert.NotEqual(t, p1, p3)
}

func TestParseSize(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"1048576", 1 << 20, true},
		{"512KB", 512 << 10, true},
		{"100MB", 100 << 20, true},
		{"1gb", 1 << 30, true},
		{"2M", 2 << 20, true},
		{"", 0, false},
		{"-1MB", 0, false},
		{"lots", 0, false},
		{"99999999999G", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			t.Parallel()
			got, err := gentranscript.ParseSize(tt.in)
			if !tt.ok {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestClosingTurnsDoNotDependOnSize(t *testing.T) {
	t.Parallel()
	var small, big bytes.Buffer
	_, err := gentranscript.Write(&small, gentranscript.Options{})
	require.NoError(t, err)
	_, err = gentranscript.Write(&big, gentranscript.Options{Size: 4 << 20})
	require.NoError(t, err)
	require.Greater(t, big.Len(), small.Len()+(2<<20))
	assert.True(t, bytes.HasSuffix(big.Bytes(), small.Bytes()), "the %d closing bytes differ", small.Len())
	assert.Less(t, small.Len(), 2<<20, "closing turns")
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }

func TestWriteError(t *testing.T) {
	t.Parallel()
	_, err := gentranscript.Write(failWriter{}, gentranscript.Options{})
	assert.ErrorIs(t, err, os.ErrClosed)
	assert.ErrorContains(t, err, "gentranscript: ")
}
