package stophook

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/stophook/stophook/internal/safefile"
	"github.com/stophook/stophook/internal/statedir"
)

// FileStore is a [Store] keeping one file per key under a directory,
// <name>.json. Updates take an exclusive lock on the key's file itself
// (an flock; on systems other than unix, on a lock file of its own,
// .locks/<name>.lock), so they are atomic across goroutines and
// processes.
// Keys are encoded into safe file names: no key can name a file outside
// the directory.
//
// # Crashes
//
// A key's file holds checksummed records with sequence numbers at fixed
// offsets (0, 4096, 8192, 16384, …): an update writes the new record at
// an offset the record holding the current value does not occupy, and a
// read takes the intact record with the highest number. A process killed
// at any point therefore leaves the old or the new value, and a reader
// racing a writer sees one of them too. (Disks are assumed not to damage
// sectors that are rewritten with the same content.)
//
// Updates are not synced to disk by default: an fsync costs many times
// the rest of an update, which every loop iteration pays. After a power
// cut or a kernel crash the last updates may be lost; a record the cut
// left half written, zeroed or stale fails its checksum and an older
// record is read, or nothing when none survived. A read never returns a
// torn value, and a damaged file never turns into an error that would
// hold a session: it reads as missing, and the next update replaces it.
// Set Sync for updates that are on disk when Update returns.
//
// # Earlier versions
//
// Versions before this layout kept two value files per key,
// <name>.json and <name>.json.alt, locked through .locks/<name>.lock. A
// key whose file holds no record of this layout is read from those files,
// and its next update carries the value over and removes the .alt file;
// the sweep removes the old lock files. An old binary using the directory
// at the same time as a new one reads the keys the new one wrote as
// missing (its next update of such a key starts from nothing), while the
// new one reads the old one's records; on unix the two do not exclude
// each other either (they lock different files), so updates made at the
// same moment can be lost. Upgrade every hook of a project at once.
//
// # Hostile directories
//
// The directory may sit in a repository nobody vetted: key files are
// opened without following symlinks and must be regular files, so a
// planted symlink cannot redirect a write and a planted FIFO cannot stall
// a hook (an update replaces either with a file of its own); a file with
// other hard links is never written in place but replaced; a file above
// 48 MiB (twice the 16 MiB value limit, and a record) reads as damaged
// rather than into memory.
//
// # Sweeping
//
// State does not grow for ever. At most once an hour (a stamp file,
// .sweep, records the last time) an Update also removes temporary files
// older than ten minutes, lock files older than an hour (on unix, where a
// key's file is its lock, all of them: earlier versions made them; on
// other systems those without a value), and values not updated for 30
// days. Keys in use are skipped: a sweep never waits for a lock.
//
// The directory is set up on the first update: it gets a .gitignore holding
// "*" so state never shows in git status, and the store [DefaultStore] makes
// never creates the project directory it was given.
type FileStore struct {
	// Sync makes each update durable before Update returns: the key's
	// file is fsynced (and the directory, when the file is new). Default
	// false.
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

// path returns the file that holds key.
func (s *FileStore) path(key string) string { return s.valuePath(fileName(key)) }

// valuePath is the path of a key's file, of its file name:
// filepath.Join(s.dir, name+valueSuffix), built on the directory's
// cleaned prefix (a file name from fileName is a single clean path
// element).
func (s *FileStore) valuePath(name string) string { return s.dirPrefix() + name + valueSuffix }

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

// altSuffix names the second value file of a key in the two-file layout
// of earlier versions, read only to carry its value over.
const altSuffix = ".alt"

// maxOldFileSize bounds a value file of the two-file layout.
const maxOldFileSize = maxValueSize + maxRecordHeader

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
	if err == nil && (r.damaged || r.twoFile) {
		// A record read torn: a writer may have been halfway through it,
		// and the read, not one system call's snapshot, may have raced
		// two updates, the record before the first and the one the second
		// rewrote, so that what is intact is older than the current value
		// (or nothing is). Or a key of the two-file layout: an update may
		// have carried its value over (or a delete removed it) between the
		// reads of its two files, which then gave the older value. Read
		// again under the lock. Updates leave no record torn: this is the
		// exception.
		f, lerr := s.fileOps().OpenLocked(ctx, path, false)
		switch {
		case lerr == nil:
			r, err = s.readLocked(f, path)
			f.Close()
		case errors.Is(lerr, fs.ErrNotExist):
			r, err = s.read(path) // deleted meanwhile: what is left
		}
	}
	if err != nil {
		return nil, err
	}
	if !r.found {
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
// is read as [FileStore.Get] reads it.
func (s *FileStore) ReadValueFile(name string) ([]byte, error) {
	if filepath.Base(name) != name || !strings.HasSuffix(name, valueSuffix) {
		return nil, fmt.Errorf("stophook: %q is not a value file name", name)
	}
	r, err := s.read(filepath.Join(s.dir, name))
	if err != nil {
		return nil, err
	}
	if !r.found {
		return nil, ErrNotFound
	}
	return r.value, nil
}

// current is what a read found for a key.
type current struct {
	value []byte
	seq   uint64
	found bool
	// keepOff and keepEnd span the record holding the value in the key's
	// file, which the next write must not touch; keepEnd is 0 when the
	// value is not there (none, or in the second file of the two-file
	// layout).
	keepOff, keepEnd int64
	stale            bool  // the key's file holds bytes other than the value's record, of the two-file layout
	alt              bool  // a second file of the two-file layout is there, to be removed by the next write
	damaged          bool  // a record was not intact (one with a higher sequence than the value's, or any when none is), or a file held none
	planted          error // a file was not a regular file (an update replaces it)
	twoFile          bool  // the key's files were of the two-file layout, read one after the other
}

// read reads the key whose file is path, without the lock.
func (s *FileStore) read(path string) (current, error) {
	b, err := s.fileOps().ReadFile(path, maxFileSize)
	switch {
	case err == nil:
		return s.decide(path, b, false)
	case errors.Is(err, fs.ErrNotExist):
		return s.decide(path, nil, false)
	case errors.Is(err, safefile.ErrTooLarge):
		return s.decide(path, nil, true) // too large to be a file of ours
	case errors.Is(err, safefile.ErrNotRegular):
		cur, derr := s.decide(path, nil, false)
		if cur.planted == nil {
			cur.planted = fmt.Errorf("stophook: read state: %w", err)
		}
		return cur, derr
	}
	return current{}, fmt.Errorf("stophook: read state: %w", err)
}

// readLocked reads the key whose file f (at path) is locked.
func (s *FileStore) readLocked(f lockedFile, path string) (current, error) {
	size := f.Size()
	if size > maxFileSize {
		return s.decide(path, nil, true)
	}
	b := make([]byte, size)
	n, err := f.ReadAt(b, 0)
	if err != nil {
		return current{}, fmt.Errorf("stophook: read state: %w", err)
	}
	return s.decide(path, b[:n], false)
}

// decide works out a key's value from b, the content of its file at path
// (damaged: a file too large to be read). An intact record of the
// one-file layout wins; without one, the value of the two-file layout of
// earlier versions, in this file and path+altSuffix, is taken.
func (s *FileStore) decide(path string, b []byte, damaged bool) (current, error) {
	r, ok, dmg := findRecord(b)
	if ok {
		return current{value: r.payload, seq: r.seq, found: true, keepOff: r.off, keepEnd: r.end(), damaged: dmg}, nil
	}
	cur := current{damaged: damaged || dmg, twoFile: len(b) > 0}
	if r, ok := parseOldRecord(b); ok && r.intact() {
		cur.value, cur.seq, cur.found, cur.keepEnd = r.payload, r.seq, true, int64(r.size)
		cur.stale = len(b) > r.size
	} else if len(b) > 0 {
		cur.damaged, cur.stale = true, true
	}
	a, err := s.fileOps().ReadFile(path+altSuffix, maxOldFileSize)
	cur.twoFile = cur.twoFile || err == nil
	switch {
	case err == nil:
		cur.alt = true
		// The higher sequence wins; on a tie, the first file's.
		if r, ok := parseOldRecord(a); ok && r.intact() {
			if !cur.found || r.seq > cur.seq {
				cur.stale = cur.stale || cur.keepEnd > 0
				cur.value, cur.seq, cur.found, cur.keepEnd = r.payload, r.seq, true, 0
			}
		} else {
			cur.damaged = true
		}
	case errors.Is(err, fs.ErrNotExist):
	case errors.Is(err, safefile.ErrTooLarge):
		cur.alt, cur.damaged = true, true
	case errors.Is(err, safefile.ErrNotRegular):
		cur.alt = true
		cur.planted = fmt.Errorf("stophook: read state: %w", err)
	default:
		return current{}, fmt.Errorf("stophook: read state: %w", err)
	}
	return cur, nil
}

// Update implements [Store].
func (s *FileStore) Update(ctx context.Context, key string, fn func(old []byte) ([]byte, error)) error {
	path := s.path(key)
	ops := s.fileOps()
	// The directory is made on demand: a file that cannot be made for
	// want of its directory is the one sign needed, and spares every
	// other update a system call.
	f, err := ops.OpenLocked(ctx, path, true)
	if errors.Is(err, fs.ErrNotExist) {
		if err := statedir.Ensure(s.dir, s.project); err != nil {
			return fmt.Errorf("stophook: state dir: %w", err)
		}
		f, err = ops.OpenLocked(ctx, path, true)
	}
	if err != nil {
		return fmt.Errorf("stophook: state lock: %w", err)
	}
	if f.Created() {
		// A directory that was there (made by hand, or holding only the
		// queues) is set up too: its .gitignore.
		if err := statedir.Ensure(s.dir, s.project); err != nil {
			f.Close()
			return fmt.Errorf("stophook: state dir: %w", err)
		}
	}
	err = s.update(f, path, fn)
	if err == nil {
		s.maybeSweep()
	}
	return err
}

// update is the body of Update, run under the lock of the key's file f
// at path; it closes f, which releases the lock, also when fn panics (a
// policy's bug, recovered from by a hook server, must not keep the key
// locked for as long as the process lives).
func (s *FileStore) update(f lockedFile, path string, fn func(old []byte) ([]byte, error)) (err error) {
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("stophook: write state: %w", cerr)
		}
	}()
	cur, err := s.readLocked(f, path)
	if err != nil {
		return err
	}
	nv, err := fn(cur.value)
	if err != nil {
		return err
	}
	if nv == nil {
		return s.remove(f, path, cur)
	}
	if len(nv) > maxValueSize {
		return fmt.Errorf("stophook: write state: value of %d bytes, limit %d", len(nv), maxValueSize)
	}
	seq, fresh := cur.seq+1, cur.seq >= maxRecordSeq
	if fresh {
		// No higher number can be written: start again at 1, in a file of
		// its own, which holds no record with a higher one.
		seq = 1
	}
	rec := encodeRecord(seq, nv)
	if err := s.write(f, path, cur, rec, fresh); err != nil {
		return fmt.Errorf("stophook: write state: %w", err)
	}
	return nil
}

// write writes rec, the key's new record, never over the record holding
// its current value (in a new file put in place of f when fresh is set),
// then removes the key's second file of the two-file layout if there is
// one.
func (s *FileStore) write(f lockedFile, path string, cur current, rec []byte, fresh bool) error {
	ops := s.fileOps()
	off := nextSlot(cur.keepOff, cur.keepEnd, int64(len(rec)))
	if fresh || f.Shared() || off+int64(len(rec)) > maxFileSize {
		// Other names for the file, maybe someone else's; records that
		// must go; or no room for the record after the current one (near
		// the value limit, after a record at 16 MiB): put a file of our
		// own in its place. Waiters hold the old one and, once they have
		// its lock, see it is no longer the file at path. The new file is
		// synced before the rename, Sync or not (this happens seldom): a
		// power cut may keep a rename and lose the content renamed, which
		// would leave neither the old value nor the new.
		if err := ops.Replace(path, rec, true); err != nil {
			return err
		}
	} else {
		if err := f.WriteAt(rec, off); err != nil {
			return err
		}
		end := off + int64(len(rec))
		if n := cutTo(f.Size(), cur.keepEnd, end); n >= 0 {
			if err := f.Truncate(n); err != nil {
				return err
			}
		}
		// A value carried over from the two-file layout is made durable
		// before its second file goes (once per key), so that a power cut
		// cannot leave an older value in its place.
		if s.Sync || cur.alt {
			if err := f.Sync(); err != nil {
				return err
			}
		}
		if s.Sync && (f.Created() || f.Size() == 0) { // made here, or by a process that died before writing it
			if err := ops.SyncDir(s.dir); err != nil {
				return err
			}
		}
	}
	if cur.alt {
		if err := ops.Remove(path + altSuffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// remove deletes the key whose file f at path is locked. The second file
// of the two-file layout goes first: a reader finding no key's file reads
// it, which must not hold a deleted value.
func (s *FileStore) remove(f lockedFile, path string, cur current) error {
	ops := s.fileOps()
	if cur.stale && cur.keepEnd == 0 && cur.found && !f.Shared() {
		// The value is in the second file and this one holds an older one:
		// cut it first, so that a crash between the removals cannot bring
		// the older value back.
		if err := f.Truncate(0); err != nil {
			return fmt.Errorf("stophook: delete state: %w", err)
		}
		if err := f.Sync(); err != nil { // before the removals, on any file system
			return fmt.Errorf("stophook: delete state: %w", err)
		}
	}
	for _, p := range []string{path + altSuffix, path} {
		if err := ops.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("stophook: delete state: %w", err)
		}
	}
	if s.Sync {
		if err := ops.SyncDir(s.dir); err != nil {
			return fmt.Errorf("stophook: delete state: %w", err)
		}
	}
	return nil
}

// Delete implements [Store]. Deleting a key that holds nothing touches
// nothing on disk (no state dir or file is created): policies such as
// ErrorRetry clear their key on most stops.
func (s *FileStore) Delete(ctx context.Context, key string) error {
	path := s.path(key)
	if !exists(path) && !exists(path+altSuffix) {
		return ctx.Err() // a concurrent Update may create it; ordering it after this Delete is valid
	}
	return s.Update(ctx, key, func([]byte) ([]byte, error) { return nil, nil })
}

// dirOf is filepath.Dir.
func dirOf(path string) string { return filepath.Dir(path) }

// isNotExist reports an error wrapping fs.ErrNotExist.
func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
