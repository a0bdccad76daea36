package stophook

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/stophook/stophook/internal/flock"
	"github.com/stophook/stophook/internal/safefile"
	"github.com/stophook/stophook/internal/statedir"
)

// FileStore is a [Store] keeping one file per key under a directory. Updates
// take an exclusive flock on a per-key lock file, so they are atomic across
// goroutines and processes; values are written to a temporary file, synced
// and renamed into place, so a crash leaves the old or the new value, never
// a torn one. Keys are encoded into safe file names: no key can name a file
// outside the directory.
//
// The directory may sit in a repository nobody vetted: values and lock
// files are opened without following symlinks and must be regular files,
// so a planted symlink cannot redirect a write and a planted FIFO cannot
// stall a hook; a value above 16 MiB is an error rather than a read into
// memory. Deleting a key also removes its lock file.
//
// State does not grow for ever. At most once an hour (a stamp file,
// .sweep, records the last time) an Update also removes temporary files
// older than ten minutes (left by a process killed mid-write), lock files
// without a value older than an hour, and values not updated for 30 days
// with their lock files. Keys in use are skipped: a sweep never waits for
// a lock.
//
// The directory is set up on the first update: it gets a .gitignore holding
// "*" so state never shows in git status, and the store [DefaultStore] makes
// never creates the project directory it was given.
type FileStore struct {
	dir     string
	project string           // must exist before dir is created; "" for none
	now     func() time.Time // the sweep's clock; nil means time.Now
}

var _ Store = (*FileStore)(nil)

// NewFileStore returns a FileStore in dir. The directory is created on the
// first write.
func NewFileStore(dir string) *FileStore { return &FileStore{dir: dir} }

// maxValueSize bounds a value read from disk.
const maxValueSize = 16 << 20

// DefaultStore returns the Store of in: in.Store when the runner set one
// (Options.Store, -state DIR, $STOPHOOK_STATE_DIR), else a FileStore in
// [StateDir](in.CWD) which, unlike [NewFileStore], never creates the
// project directory: when in.CWD does not exist, updates fail with an
// error (and the hook lets the session stop) instead of making the
// directory a hook input named. Every policy that keeps state and the
// runner's turn accounting use it, so one hook keeps its state in one
// directory.
func DefaultStore(in Input) Store {
	if in.Store != nil {
		return in.Store
	}
	return newStateStore(in.CWD)
}

// newStateStore returns the FileStore for a project directory.
func newStateStore(cwd string) *FileStore {
	s := &FileStore{dir: StateDir(cwd)}
	if os.Getenv(StateDirEnv) == "" {
		s.project = cwd
		if cwd == "" {
			s.project = "."
		}
	}
	return s
}

// Dir returns the store's directory.
func (s *FileStore) Dir() string { return s.dir }

// maxNameLen bounds encoded key names; longer keys are hashed.
const maxNameLen = 160

// fileName maps any key to a single safe path element.
func fileName(key string) string {
	var b strings.Builder
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_':
			b.WriteByte(c)
		case c == '.' && i > 0:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	name := b.String()
	if name == "" {
		name = "%"
	}
	if len(name) > maxNameLen {
		sum := sha256.Sum256([]byte(key))
		name = name[:64] + "~" + hex.EncodeToString(sum[:16])
	}
	return name
}

// Path returns the file that holds key.
func (s *FileStore) Path(key string) string { return filepath.Join(s.dir, fileName(key)+".json") }

func (s *FileStore) lockPath(key string) string {
	return filepath.Join(s.dir, ".locks", fileName(key)+".lock")
}

// Get implements [Store].
func (s *FileStore) Get(ctx context.Context, key string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	b, err := safefile.ReadFile(s.Path(key), maxValueSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("stophook: read state: %w", err)
	}
	return b, nil
}

// Update implements [Store].
func (s *FileStore) Update(ctx context.Context, key string, fn func(old []byte) ([]byte, error)) error {
	if err := statedir.Ensure(s.dir, s.project); err != nil {
		return fmt.Errorf("stophook: state dir: %w", err)
	}
	lock := s.lockPath(key)
	unlock, err := flock.Lock(ctx, lock)
	if err != nil {
		return fmt.Errorf("stophook: state lock: %w", err)
	}
	err = s.update(key, lock, fn)
	unlock()
	if err == nil {
		s.maybeSweep()
	}
	return err
}

// update is the body of Update, run under the key's lock.
func (s *FileStore) update(key, lock string, fn func(old []byte) ([]byte, error)) error {
	path := s.Path(key)
	old, err := safefile.ReadFile(path, maxValueSize)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		old, err = nil, nil
	case errors.Is(err, safefile.ErrNotRegular):
		old, err = nil, nil // planted, not ours: the rename below replaces the entry itself
	}
	if err != nil {
		return fmt.Errorf("stophook: read state: %w", err)
	}
	nv, err := fn(old)
	if err != nil {
		return err
	}
	if nv == nil {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("stophook: delete state: %w", err)
		}
		os.Remove(lock) // last, under the lock: see flock.Lock
		return nil
	}
	return WriteFileAtomic(path, nv, 0o600)
}

// Delete implements [Store]. Deleting a key that holds nothing touches
// nothing on disk (no state dir or lock file is created): policies such as
// ErrorRetry clear their key on most stops.
func (s *FileStore) Delete(ctx context.Context, key string) error {
	if _, err := os.Lstat(s.Path(key)); errors.Is(err, fs.ErrNotExist) {
		return ctx.Err() // a concurrent Update may create it; ordering it after this Delete is valid
	}
	return s.Update(ctx, key, func([]byte) ([]byte, error) { return nil, nil })
}

// WriteFileAtomic writes data to a temporary file in path's directory,
// syncs it and renames it over path: readers, and a restart after a
// crash, see the old or the new content, never a torn one. A symlink at
// path is replaced, not followed. Temporaries a killed process leaves
// behind are removed by the [FileStore] sweep.
func WriteFileAtomic(path string, data []byte, perm fs.FileMode) error {
	if err := safefile.WriteAtomic(path, data, perm); err != nil {
		return fmt.Errorf("stophook: %w", err)
	}
	return nil
}
