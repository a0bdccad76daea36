package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRun(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "t.jsonl")
	require.NoError(t, run("2MB", "Bench done.", 1, out))
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, len(data), 2<<20)
	assert.Contains(t, string(data[len(data)-20000:]), `"text":"Bench done."`)
	assert.True(t, bytes.HasSuffix(data, []byte("\n")))

	assert.ErrorContains(t, run("big", "x", 1, out), "bad size")
}
