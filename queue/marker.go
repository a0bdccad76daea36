package queue

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"time"

	"github.com/stophook/stophook/internal/safefile"
)

// cancelMarker remembers that manual input cancelled a queue mid-turn, so
// the Stop that ends that turn (which finds no queue) is not taken for a
// fresh first wake. It lives in queue-<name>.cancelled.json.
//
// Measured on Claude Code 2.1.330: a prompt typed while a turn runs fires
// UserPromptSubmit at once with the prompt_id of the running turn, and that
// turn's Stop carries the same prompt_id; the typed prompt then runs as its
// own turn, whose Stop has a new prompt_id.
type cancelMarker struct {
	SessionID   string    `json:"session_id,omitempty"`
	PromptID    string    `json:"prompt_id,omitempty"`
	Prompt      string    `json:"prompt,omitempty"`
	CancelledAt time.Time `json:"cancelled_at"`
}

// markerTTL bounds how long a cancel marker is honoured.
const markerTTL = 6 * time.Hour

func (d *Dir) markerFile(session string) (string, error) { return d.file(session, ".cancelled") }

func (d *Dir) writeMarker(session string, m cancelMarker) error {
	path, err := d.markerFile(session)
	if err != nil {
		return err
	}
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return writeFile(path, data, 0o600)
}

// takeMarker removes the cancel marker of session and returns it; ok is
// false when there was none or it could not be read.
func (d *Dir) takeMarker(session string) (m cancelMarker, ok bool) {
	path, err := d.markerFile(session)
	if err != nil {
		return m, false
	}
	data, err := safefile.ReadFile(path, 1<<20)
	if err != nil {
		os.Remove(path) // unreadable, or not a regular file: not a marker
		return m, false
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return m, false
	}
	if len(data) > 1<<20 || json.Unmarshal(data, &m) != nil {
		return m, false
	}
	return m, true
}

// dropMarker removes the cancel marker of session, if any.
func (d *Dir) dropMarker(session string) {
	if path, err := d.markerFile(session); err == nil {
		os.Remove(path)
	}
}
