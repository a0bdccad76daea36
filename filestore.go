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
	"sync/atomic"
	"time"

	"github.com/stophook/stophook/internal/flock"
	"github.com/stophook/stophook/internal/safefile"
	"github.com/stophook/stophook/internal/statedir"
)

// FileStore is a [Store] keeping one file per key under a directory. Updates
// take an exclusive flock on a per-key lock file, so they are atomic across
// goroutines and processes. Keys are encoded into safe file names: no key
// can name a file outside the directory.
//
// # Crashes
//
// Each key has two value files, <name>.json and <name>.json.alt, used in
// turn: an update writes the new value, as a checksummed record with a
// sequence number, over the file that does not hold the current value,
// and a read takes the intact record with the higher number. A process
// killed at any point therefore leaves the old or the new value, and a
// reader racing a writer sees one of them too.
//
// Updates are not synced to disk by default: an fsync costs several times
// the rest of an update, which every loop iteration pays. After a power
// cut or a kernel crash the last updates may be lost; a file the cut left
// half written, zeroed or stale fails its checksum and the other file's
// value is read, or nothing when neither survived. A read never returns a
// torn value, and a damaged file never turns into an error that would hold
// a session: it reads as missing, and the next update replaces it. Set
// Sync for updates that are on disk when Update returns.
//
// # Hostile directories
//
// The directory may sit in a repository nobody vetted: values and lock
// files are opened without following symlinks and must be regular files,
// so a planted symlink cannot redirect a write and a planted FIFO cannot
// stall a hook; a value above 16 MiB is an error rather than a read into
// memory. Deleting a key also removes its lock file.
//
// # Sweeping
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
	// Sync makes each update durable before Update returns: the value file
	// is fsynced (and the directory, when the file is new). Default false.
	Sync bool

	dir     string
	project string           // must exist before dir is created; "" for none
	now     func() time.Time // the sweep's clock; nil means time.Now
	ops     fileOps          // nil means osOps

	// stampFresh spans the times (the sweep's clock, Unix ns) at which the
	// sweep stamp was last seen fresh and until which it stays so: within
	// it an update need not look at the stamp again.
	stampFresh [2]atomic.Int64

	prefix atomic.Pointer[string] // see dirPrefix
}

var _ Store = (*FileStore)(nil)

// NewFileStore returns a FileStore in dir. The directory is created on the
// first write.
func NewFileStore(dir string) *FileStore { return &FileStore{dir: dir} }

// maxValueSize bounds a value read from disk.
const maxValueSize = 16 << 20

// DefaultStore returns the Store of in: in.Store when the runner set one
// (its Options.Store, -state DIR or $STOPHOOK_STATE_DIR), else a FileStore in
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
	s := &FileStore{dir: StateDir(cwd), project: cwd}
	if cwd == "" {
		s.project = "."
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
			const digits = "0123456789ABCDEF"
			b.WriteByte('%')
			b.WriteByte(digits[c>>4])
			b.WriteByte(digits[c&15])
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

// path returns the first of the two files that hold key; the second is
// Path(key)+".alt".
func (s *FileStore) path(key string) string { return s.valuePath(fileName(key)) }

func (s *FileStore) lockPath(key string) string { return s.lockFile(fileName(key)) }

// valuePath and lockFile are path and lockPath of a key's file name:
// filepath.Join(s.dir, name+valueSuffix) and filepath.Join(s.dir,
// statedir.LocksDir, name+lockSuffix), built on the directory's cleaned
// prefix (a file name from fileName is a single clean path element).
func (s *FileStore) valuePath(name string) string { return s.dirPrefix() + name + valueSuffix }

func (s *FileStore) lockFile(name string) string {
	return s.dirPrefix() + statedir.LocksDir + string(filepath.Separator) + name + lockSuffix
}

// dirPrefix returns what filepath.Join(s.dir, elem) puts before a single
// clean element elem: the cleaned directory and a separator ("" for ".",
// "/" for the root). It is worked out once per store.
func (s *FileStore) dirPrefix() string {
	if p := s.prefix.Load(); p != nil {
		return *p
	}
	j := filepath.Join(s.dir, "x")
	p := j[:len(j)-1]
	s.prefix.Store(&p)
	return p
}

// altSuffix names a key's second value file.
const altSuffix = ".alt"

func (s *FileStore) fileOps() fileOps {
	if s.ops == nil {
		return osOps{}
	}
	return s.ops
}

// Get implements [Store].
func (s *FileStore) Get(ctx context.Context, key string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	path := s.path(key)
	r, err := s.read(path)
	if err == nil && r.slot < 0 && r.damaged {
		// Both files damaged: a writer may be halfway through one while
		// the other was written just before. Read again under the lock.
		if unlock, lerr := flock.Lock(ctx, s.lockPath(key)); lerr == nil {
			r, err = s.read(path)
			unlock()
		}
	}
	if err != nil {
		return nil, err
	}
	if r.slot < 0 {
		if r.planted != nil {
			return nil, r.planted
		}
		return nil, ErrNotFound
	}
	return r.value, nil
}

// ReadValueFile returns the value held by the value file name in the
// store's directory (a name ending in .json, as listed by os.ReadDir), for
// tools that go through the directory rather than look up keys: the value
// is read as [FileStore.Get] reads it, from whichever of the key's two
// files holds it.
func (s *FileStore) ReadValueFile(name string) ([]byte, error) {
	if filepath.Base(name) != name || !strings.HasSuffix(name, valueSuffix) {
		return nil, fmt.Errorf("stophook: %q is not a value file name", name)
	}
	r, err := s.read(filepath.Join(s.dir, name))
	if err != nil {
		return nil, err
	}
	if r.slot < 0 {
		return nil, ErrNotFound
	}
	return r.value, nil
}

// current is what read found in a key's two files.
type current struct {
	value   []byte
	seq     uint64
	slot    int   // 0 for <name>.json, 1 for .alt, -1 for none
	damaged bool  // a file checked held no intact record (of two, the one with the lower sequence is checked only when the other is not intact)
	planted error // a file was not a regular file (an update replaces it)
	kept    [2]keptFile
}

// slotPath returns the path of slot i of the key whose first file is path.
func slotPath(path string, i int) string {
	if i == 1 {
		return path + altSuffix
	}
	return path
}

// read returns the intact record with the higher sequence number in the
// two files of the key whose first file is path.
func (s *FileStore) read(path string) (current, error) {
	return s.readKeep(path, false)
}

// readKeep is read; with keep, it keeps the files it can open for an
// overwrite (cur.kept), which the caller closes with cur.close.
func (s *FileStore) readKeep(path string, keep bool) (current, error) {
	cur := current{slot: -1}
	ops := s.fileOps()
	var recs [2]record
	var found [2]bool // a well-formed header, its checksum not yet checked
	for i := range 2 {
		var b []byte
		var err error
		if keep {
			b, cur.kept[i], err = ops.ReadKeep(slotPath(path, i))
		} else {
			b, err = ops.ReadFile(slotPath(path, i))
		}
		switch {
		case err == nil:
			recs[i], found[i] = parseRecord(b)
			if !found[i] {
				cur.damaged = true
			}
		case errors.Is(err, fs.ErrNotExist):
		case errors.Is(err, safefile.ErrTooLarge):
			cur.damaged = true // too large to be a record of ours
		case errors.Is(err, safefile.ErrNotRegular):
			cur.planted = fmt.Errorf("stophook: read state: %w", err)
		default:
			cur.close()
			return current{}, fmt.Errorf("stophook: read state: %w", err)
		}
	}
	// The intact record with the higher sequence (the first file's on a
	// tie): the checksum of the other is checked only when that one's
	// fails, since a lower sequence loses whether intact or not.
	first := 0
	if found[1] && (!found[0] || recs[1].seq > recs[0].seq) {
		first = 1
	}
	for _, i := range [2]int{first, 1 - first} {
		if !found[i] {
			continue
		}
		if recs[i].intact() {
			cur.value, cur.seq, cur.slot = recs[i].payload, recs[i].seq, i
			break
		}
		cur.damaged = true
	}
	return cur, nil
}

// close closes the files readKeep kept.
func (c *current) close() {
	for i, k := range c.kept {
		if k != nil {
			k.Close()
			c.kept[i] = nil
		}
	}
}

// Update implements [Store].
func (s *FileStore) Update(ctx context.Context, key string, fn func(old []byte) ([]byte, error)) error {
	name := fileName(key) // once: both paths derive from it
	lock := s.lockFile(name)
	// The directory is made on demand: a lock file that cannot be made
	// for want of its directory is the one sign needed, and spares every
	// other update a system call.
	unlock, err := flock.Lock(ctx, lock)
	if errors.Is(err, fs.ErrNotExist) {
		if err := statedir.Ensure(s.dir, s.project); err != nil {
			return fmt.Errorf("stophook: state dir: %w", err)
		}
		unlock, err = flock.Lock(ctx, lock)
	}
	if err != nil {
		return fmt.Errorf("stophook: state lock: %w", err)
	}
	err = s.update(s.valuePath(name), lock, fn)
	unlock()
	if err == nil {
		s.maybeSweep()
	}
	return err
}

// update is the body of Update, run under the key's lock.
// path is the key's first value file, lock its lock file.
func (s *FileStore) update(path, lock string, fn func(old []byte) ([]byte, error)) error {
	cur, err := s.readKeep(path, true) // a planted file is ignored: Overwrite replaces the entry itself
	if err != nil {
		return err
	}
	defer cur.close()
	nv, err := fn(cur.value)
	if err != nil {
		return err
	}
	ops := s.fileOps()
	if nv == nil {
		// The file without the current value goes first: a crash between
		// the two removals leaves the value, not an older one.
		other := 1
		if cur.slot == 1 {
			other = 0
		}
		for _, i := range []int{other, 1 - other} {
			if err := ops.Remove(slotPath(path, i)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("stophook: delete state: %w", err)
			}
		}
		if s.Sync {
			if err := ops.SyncDir(s.dir); err != nil {
				return fmt.Errorf("stophook: delete state: %w", err)
			}
		}
		os.Remove(lock) // last, under the lock: see flock.Lock
		return nil
	}
	if len(nv) > maxValueSize {
		return fmt.Errorf("stophook: write state: value of %d bytes, limit %d", len(nv), maxValueSize)
	}
	target := 0
	if cur.slot == 0 {
		target = 1
	}
	var created bool
	if k := cur.kept[target]; k != nil {
		err = k.Overwrite(encodeRecord(cur.seq+1, nv), s.Sync) // through the descriptor it was read with
	} else {
		created, err = ops.Overwrite(slotPath(path, target), encodeRecord(cur.seq+1, nv), s.Sync)
	}
	if err == nil && created && s.Sync {
		err = ops.SyncDir(s.dir)
	}
	if err != nil {
		return fmt.Errorf("stophook: write state: %w", err)
	}
	return nil
}

// Delete implements [Store]. Deleting a key that holds nothing touches
// nothing on disk (no state dir or lock file is created): policies such as
// ErrorRetry clear their key on most stops.
func (s *FileStore) Delete(ctx context.Context, key string) error {
	path := s.path(key)
	if !exists(path) && !exists(path+altSuffix) {
		return ctx.Err() // a concurrent Update may create it; ordering it after this Delete is valid
	}
	return s.Update(ctx, key, func([]byte) ([]byte, error) { return nil, nil })
}
