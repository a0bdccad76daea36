package escalate_test

import (
	"context"
	"errors"
	"github.com/stophook/stophook/escalate"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/stophooktest"
)

func TestRegisterRecordsAndDeletes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := stophook.NewFileStore(t.TempDir())
	p := &escalate.Register{Store: store}

	in := stophooktest.Stop("hi")
	in.CWD = "/home/u/myapp"
	in.TranscriptPath = "/home/u/.claude/projects/x/s.jsonl"
	d := stophooktest.Run(t, in, p)
	assert.Equal(t, stophook.Pass, d.Verdict)

	r, err := escalate.LookupSession(ctx, store, in.SessionID)
	require.NoError(t, err)
	assert.Equal(t, escalate.Registration{
		SessionID: in.SessionID, CWD: in.CWD, TranscriptPath: in.TranscriptPath,
		Label: "myapp · 00000000", FirstSeen: stophooktest.T0, LastSeen: stophooktest.T0,
	}, r)

	later := in
	later.Now = stophooktest.T0.Add(time.Minute)
	later.TranscriptPath = ""
	stophooktest.Run(t, later, &escalate.Register{Store: store, Label: "custom"})
	r, err = escalate.LookupSession(ctx, store, in.SessionID)
	require.NoError(t, err)
	assert.Equal(t, stophooktest.T0, r.FirstSeen)
	assert.Equal(t, later.Now, r.LastSeen)
	assert.Equal(t, in.TranscriptPath, r.TranscriptPath, "an empty field keeps the known value")
	assert.Equal(t, "custom", r.Label)

	stophooktest.Run(t, stophooktest.SessionEnd("clear"), p)
	_, err = escalate.LookupSession(ctx, store, in.SessionID)
	assert.ErrorIs(t, err, stophook.ErrNotFound)
}

func TestRegisterBoundsUntrustedInput(t *testing.T) {
	t.Parallel()
	store := new(stophook.MemoryStore)
	in := stophooktest.Stop("x")
	in.SessionID = "../../etc/passwd"
	in.CWD = strings.Repeat("d/", 10000)
	stophooktest.Run(t, in, &escalate.Register{Store: store, Label: strings.Repeat("é", 500)})
	r, err := escalate.LookupSession(context.Background(), store, in.SessionID)
	require.NoError(t, err)
	assert.LessOrEqual(t, len(r.CWD), 4096)
	assert.LessOrEqual(t, len(r.Label), 200)

	noID := stophooktest.Stop("x")
	noID.SessionID = ""
	assert.Equal(t, stophook.Pass, stophooktest.Run(t, noID, &escalate.Register{Store: store}).Verdict)
}

func TestRegisterStoreErrorPasses(t *testing.T) {
	t.Parallel()
	broken := &stophooktest.Store{UpdateFunc: func(context.Context, string, func([]byte) ([]byte, error)) error {
		return errors.New("disk full")
	}}
	d := stophooktest.Run(t, stophooktest.Stop("x"), &escalate.Register{Store: broken})
	assert.Equal(t, stophook.Pass, d.Verdict)
	require.Len(t, d.Trace, 1)
	assert.ErrorContains(t, d.Trace[0].Err, "escalate: register: disk full")
}

func TestRegisterCorruptRecord(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := new(stophook.MemoryStore)
	require.NoError(t, store.Update(ctx, "session/"+stophooktest.SessionID, func([]byte) ([]byte, error) { return []byte("{nope"), nil }))
	_, err := escalate.LookupSession(ctx, store, stophooktest.SessionID)
	assert.ErrorContains(t, err, "corrupt registration")
	stophooktest.Run(t, stophooktest.Stop("x"), &escalate.Register{Store: store})
	r, err := escalate.LookupSession(ctx, store, stophooktest.SessionID)
	require.NoError(t, err)
	assert.Equal(t, stophooktest.T0, r.FirstSeen)
}

func TestDefaultLabel(t *testing.T) {
	t.Parallel()
	tests := []struct{ cwd, id, want string }{
		{"/home/u/myapp", "1b2c3d4e-5f60", "myapp · 1b2c3d4e"},
		{"/home/u/myapp/", "abc", "myapp · abc"},
		{"", "1b2c3d4e-5f60", "1b2c3d4e"},
		{"/", "abc", "abc"},
		{"/srv/x", "", "x"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, escalate.DefaultLabel(tt.cwd, tt.id), "DefaultLabel(%q, %q)", tt.cwd, tt.id)
	}
}
