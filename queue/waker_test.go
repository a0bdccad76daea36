package queue

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestExecWakerGetsPayloadOnStdin(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "wake.json")
	e := &Exec{Command: "cat > " + out}
	require.NoError(t, e.Wake(ctxT(t), Payload{Event: WakeStale, Session: "s", Message: "Previous session had unfinished queue"}))
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	var p Payload
	require.NoError(t, json.Unmarshal(b, &p))
	assert.Equal(t, "Previous session had unfinished queue", p.Message)

	assert.Error(t, (&Exec{Command: "exit 3"}).Wake(ctxT(t), Payload{}))
	assert.Error(t, (&Exec{Command: "sleep 5", Timeout: 50 * time.Millisecond}).Wake(ctxT(t), Payload{}))
}

func TestFileRegistry(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "agent-registry.json")
	r := FileRegistry{Path: path}

	_, ok, err := r.Lookup(ctxT(t), "s")
	require.NoError(t, err)
	assert.False(t, ok, "missing file registers nobody")

	require.NoError(t, os.WriteFile(path, []byte(`{"warden-main-4":{"agent":"warden"}}`), 0o600))
	agent, ok, err := r.Lookup(ctxT(t), "warden-main-4")
	require.NoError(t, err)
	assert.True(t, ok)
	assert.JSONEq(t, `{"agent":"warden"}`, string(agent))
	_, ok, err = r.Lookup(ctxT(t), "other")
	require.NoError(t, err)
	assert.False(t, ok)

	require.NoError(t, os.WriteFile(path, []byte(`[1,2]`), 0o600))
	_, _, err = r.Lookup(ctxT(t), "warden-main-4")
	assert.Error(t, err)
}

func TestRegistryErrorMeansNoWake(t *testing.T) {
	t.Parallel()
	p, r := newProcessor(t)
	p.Registry = FileRegistry{Path: filepath.Join(t.TempDir(), "bad.json")}
	require.NoError(t, os.WriteFile(p.Registry.(FileRegistry).Path, []byte("{"), 0o600))
	out, err := p.handle(ctxT(t), "s", Input("Stop", "reply"))
	assert.Error(t, err)
	assert.Equal(t, actWoke, out.action)
	assert.Empty(t, r.Wakes())
}
