package queue

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startTmux starts a private tmux server whose session "drv" runs a shell
// that prints each line it reads with a marker, so what the driver typed
// shows on screen after Enter.
func startTmux(t *testing.T) (socket string) {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	socket = filepath.Join(t.TempDir(), "s")
	tm := Tmux{Socket: socket}
	script := `while IFS= read -r l; do printf 'got<%s>\n' "$l"; done`
	require.NoError(t, tm.run(ctxT(t), "-f", "/dev/null", "new-session", "-d", "-s", "drv", "-x", "120", "-y", "20", "sh", "-c", script))
	t.Cleanup(func() { tm.run(context.Background(), "kill-server") })
	return socket
}

func screen(t *testing.T, socket string) string {
	out, err := exec.Command("tmux", "-S", socket, "capture-pane", "-p", "-t", "=drv:").Output()
	require.NoError(t, err)
	return string(out)
}

func waitScreen(t *testing.T, socket, want string) {
	t.Helper()
	deadline := time.After(5 * time.Second)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for !strings.Contains(screen(t, socket), want) {
		select {
		case <-deadline:
			t.Fatalf("screen never showed %q:\n%s", want, screen(t, socket))
		case <-tick.C:
		}
	}
}

func TestTmuxTypesLiterally(t *testing.T) {
	t.Parallel()
	socket := startTmux(t)
	tm := Tmux{Socket: socket}
	// Text starting with "-" was parsed as send-keys options and never typed.
	for _, text := range []string{"/gsd:plan-phase 3", "C-c Enter; $(echo no) 'quoted' ~", "-l", "--help me", "-"} {
		require.NoError(t, tm.Type(ctxT(t), "drv", text))
		waitScreen(t, socket, "got<"+text+">")
	}
	name, err := tm.Session(ctxT(t), "=drv:")
	require.NoError(t, err)
	assert.Equal(t, "drv", name)
}

func TestTmuxRefusesBadTargets(t *testing.T) {
	t.Parallel()
	socket := startTmux(t)
	tm := Tmux{Socket: socket}
	for _, s := range []string{"", "drv:0", "drv.1", "nope"} {
		assert.Error(t, tm.Type(ctxT(t), s, "x"), "%q", s)
	}
	// "=" makes the match exact: a prefix of a session name is not it.
	assert.Error(t, tm.Type(ctxT(t), "dr", "x"))
	_, err := tmuxSession(ctxT(t), "")
	assert.Error(t, err)
}
