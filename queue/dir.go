package queue

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/stophook/stophook"
	"github.com/stophook/stophook/internal/flock"
	"github.com/stophook/stophook/internal/safefile"
	"github.com/stophook/stophook/internal/statedir"
)

// ErrNoQueue is returned by [Dir.Load] when a session has no queue.
var ErrNoQueue = errors.New("queue: no queue")

// Suffixes of retired queue files, next to the active queue-<name>.json.
const (
	// suffixStale marks a cancelled or abandoned queue: queue-<name>.stale.json.
	suffixStale = ".stale"
	// suffixDone marks the last completed queue: queue-<name>.done.json.
	suffixDone = ".done"
	// suffixCorrupt marks a malformed file moved aside:
	// queue-<name>.corrupt-<unix-nanos>.json.
	suffixCorrupt = ".corrupt"
)

// Dir is a directory of queue files, one per session name:
// queue-<name>.json, where <name> is the session name percent-encoded. Writes are
// atomic (temporary file, fsync, rename); [Dir.Lock] serializes
// read-modify-write cycles across processes.
type Dir struct {
	path string
}

// NewDir returns the queue directory at path. It is created on first write.
func NewDir(path string) *Dir { return &Dir{path: path} }

// DefaultPath returns the queues directory for hooks running in cwd:
// <cwd>/.claude/stophook/queues (see [stophook.StateDir]); a program that
// honours $STOPHOOK_STATE_DIR passes its own directory to [NewDir].
func DefaultPath(cwd string) string { return filepath.Join(stophook.StateDir(cwd), "queues") }

// Path returns the directory.
func (d *Dir) Path() string { return d.path }

// File returns the active queue file of session.
func (d *Dir) File(session string) (string, error) { return d.file(session, "") }

func (d *Dir) file(session, suffix string) (string, error) {
	enc, err := encodeName(session)
	if err != nil {
		return "", err
	}
	return filepath.Join(d.path, "queue-"+enc+suffix+".json"), nil
}

// Load reads the active queue of session: [ErrNoQueue] when there is none,
// an error wrapping [errMalformed] when the file is unusable.
func (d *Dir) Load(session string) (*Queue, error) {
	path, err := d.File(session)
	if err != nil {
		return nil, err
	}
	return loadFile(path)
}

func loadFile(path string) (*Queue, error) {
	data, err := safefile.ReadFile(path, maxFileSize)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, ErrNoQueue
	case errors.Is(err, safefile.ErrTooLarge), errors.Is(err, safefile.ErrNotRegular):
		return nil, fmt.Errorf("%w: %v", errMalformed, err)
	case err != nil:
		return nil, fmt.Errorf("queue: read: %w", err)
	}
	return parseQueue(data)
}

// writeFile is the atomic write; a variable so tests can simulate a crash.
var writeFile = safefile.WriteAtomic

// save writes q as the active queue of session, atomically.
func (d *Dir) save(session string, q *Queue) error {
	path, err := d.File(session)
	if err != nil {
		return err
	}
	data, err := q.marshal()
	if err != nil {
		return err
	}
	if err := writeFile(path, data, 0o600); err != nil {
		return fmt.Errorf("queue: save: %w", err)
	}
	return nil
}

// retire saves q (when not nil) as the queue-<name><suffix>.json of session,
// replacing an older one, and removes the active queue file. With q nil the
// active file is renamed as it is.
func (d *Dir) retire(session, suffix string, q *Queue) (string, error) {
	active, err := d.File(session)
	if err != nil {
		return "", err
	}
	dst, err := d.file(session, suffix)
	if err != nil {
		return "", err
	}
	if q == nil {
		if err := os.Rename(active, dst); err != nil {
			return "", fmt.Errorf("queue: retire: %w", err)
		}
		return dst, nil
	}
	data, err := q.marshal()
	if err != nil {
		return "", err
	}
	if err := writeFile(dst, data, 0o600); err != nil {
		return "", fmt.Errorf("queue: retire: %w", err)
	}
	if err := os.Remove(active); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("queue: retire: %w", err)
	}
	safefile.SweepTemporaries(d.path, time.Now(), 10*time.Minute) // left by killed writers
	return dst, nil
}

// moveAside renames the active queue file of session, unread, to
// queue-<name>.corrupt-<unix-nanos>.json so it is kept for inspection and
// the session can go on without it.
func (d *Dir) moveAside(session string, now time.Time) (string, error) {
	return d.retire(session, suffixCorrupt+"-"+strconv.FormatInt(now.UnixNano(), 10), nil)
}

// Lock takes the per-session lock that serializes read-modify-write cycles
// on a queue, waiting until ctx is done. Callers must not hold it while
// typing into the session: the UserPromptSubmit hook of the typed text may
// run before typing returns, and needs the lock.
func (d *Dir) Lock(ctx context.Context, session string) (unlock func(), err error) {
	enc, err := encodeName(session)
	if err != nil {
		return nil, err
	}
	if err := statedir.Ensure(d.path, ""); err != nil {
		return nil, fmt.Errorf("queue: lock: %w", err)
	}
	locks := filepath.Join(d.path, statedir.LocksDir)
	unlock, err = flock.Lock(ctx, filepath.Join(locks, "queue-"+enc+".lock"))
	if err != nil {
		return nil, fmt.Errorf("queue: lock: %w", err)
	}
	return unlock, nil
}
