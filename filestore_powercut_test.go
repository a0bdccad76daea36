package stophook

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stophook/stophook/internal/safefile"
)

// simDisk is a file layer that simulates what a power cut and a kill -9
// leave on disk. Each file is an inode whose cached content reaches the
// disk only when synced; creations and removals are journaled in order,
// and a directory sync makes all of them durable. A cut keeps a prefix of
// the journal since the last directory sync, and gives each file whose
// content was not synced one of the fates a real disk can leave: its
// unsynced blocks written back, lost (the old content), zeroed or
// garbage, all of them or any mix, and its size the old or the new one.
// Blocks the cache holds as they are on disk are never touched: a disk
// does not write what it was not given. Every change is also recorded as
// the state a kill -9 would leave right after it (steps), a write also
// halfway through.
type simDisk struct {
	mu      sync.Mutex
	names   map[string]*inode // what the running system sees
	durable map[string]*inode // the namespace at the last directory sync
	journal []metaOp          // namespace changes since then
	steps   []map[string][]byte

	// beforeRead, when set, runs at the start of each ReadFile, without
	// the disk's lock: a test's way to interleave a writer with a read.
	beforeRead func(path string)
	// tornRead, when set, changes what ReadFile returns: a test's way to
	// model a read that saw updates halfway through.
	tornRead func(path string, b []byte) []byte
}

type inode struct {
	lock    sync.Mutex // the file's lock (OpenLocked)
	data    []byte     // in the page cache
	durable []byte     // on disk
	shared  bool       // the file has other hard links (simFile.Shared)
}

type metaOp struct {
	path string
	ino  *inode // created at path; nil: path removed
}

// simBlock is the simulated disk's block: smaller than a real one, so
// that more ways to tear a write are tried.
const simBlock = 16

func newSimDisk() *simDisk {
	return &simDisk{names: map[string]*inode{}, durable: map[string]*inode{}}
}

// step records what a kill -9 now would leave; d.mu is held.
func (d *simDisk) step() {
	m := make(map[string][]byte, len(d.names))
	for name, ino := range d.names {
		m[name] = bytes.Clone(ino.data)
	}
	d.steps = append(d.steps, m)
}

func (d *simDisk) ReadFile(path string, max int64) ([]byte, error) {
	if d.beforeRead != nil {
		d.beforeRead(path)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	ino, ok := d.names[path]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
	}
	if int64(len(ino.data)) > max {
		return nil, safefile.ErrTooLarge
	}
	if d.tornRead != nil {
		return d.tornRead(path, bytes.Clone(ino.data)), nil
	}
	return bytes.Clone(ino.data), nil
}

func (d *simDisk) OpenLocked(ctx context.Context, path string, create bool) (lockedFile, error) {
	for {
		d.mu.Lock()
		ino, ok := d.names[path]
		created := false
		if !ok {
			if !create {
				d.mu.Unlock()
				return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
			}
			ino, created = &inode{}, true
			d.names[path] = ino
			d.journal = append(d.journal, metaOp{path: path, ino: ino})
			d.step()
		}
		d.mu.Unlock()
		ino.lock.Lock()
		d.mu.Lock()
		still := d.names[path] == ino
		size := int64(len(ino.data))
		d.mu.Unlock()
		if still {
			return &simFile{d: d, ino: ino, size: size, created: created, shared: ino.shared}, nil
		}
		ino.lock.Unlock() // removed while we waited: lock the new file
	}
}

func (d *simDisk) Replace(path string, data []byte, sync bool) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	ino := &inode{data: bytes.Clone(data)}
	if sync {
		ino.durable = bytes.Clone(data)
	}
	d.names[path] = ino
	d.journal = append(d.journal, metaOp{path: path, ino: ino})
	d.step()
	if sync {
		d.syncDir()
	}
	return nil
}

func (d *simDisk) Remove(path string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.names[path]; !ok {
		return &fs.PathError{Op: "remove", Path: path, Err: fs.ErrNotExist}
	}
	delete(d.names, path)
	d.journal = append(d.journal, metaOp{path: path})
	d.step()
	return nil
}

func (d *simDisk) SyncDir(string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.syncDir()
	return nil
}

func (d *simDisk) syncDir() {
	d.durable = maps.Clone(d.names)
	d.journal = nil
}

// sync makes everything durable, as a clean shutdown does.
func (d *simDisk) sync() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, ino := range d.names {
		ino.durable = bytes.Clone(ino.data)
	}
	d.syncDir()
}

// simFile is a file of a simDisk opened locked.
type simFile struct {
	d       *simDisk
	ino     *inode
	size    int64
	created bool
	shared  bool
}

func (f *simFile) Size() int64   { return f.size }
func (f *simFile) Shared() bool  { return f.shared }
func (f *simFile) Created() bool { return f.created }

func (f *simFile) ReadAt(b []byte, off int64) (int, error) {
	f.d.mu.Lock()
	defer f.d.mu.Unlock()
	if off >= int64(len(f.ino.data)) {
		return 0, nil
	}
	return copy(b, f.ino.data[off:]), nil
}

func (f *simFile) WriteAt(b []byte, off int64) error {
	f.d.mu.Lock()
	defer f.d.mu.Unlock()
	for _, part := range [][]byte{b[:len(b)/2], b} { // a kill may land halfway
		if end := off + int64(len(part)); end > int64(len(f.ino.data)) {
			f.ino.data = append(f.ino.data, make([]byte, end-int64(len(f.ino.data)))...)
		}
		copy(f.ino.data[off:], part)
		f.d.step()
	}
	return nil
}

func (f *simFile) Truncate(size int64) error {
	f.d.mu.Lock()
	defer f.d.mu.Unlock()
	if size <= int64(len(f.ino.data)) {
		f.ino.data = f.ino.data[:size:size]
	} else {
		f.ino.data = append(f.ino.data, make([]byte, size-int64(len(f.ino.data)))...)
	}
	f.d.step()
	return nil
}

func (f *simFile) Sync() error {
	f.d.mu.Lock()
	defer f.d.mu.Unlock()
	f.ino.durable = bytes.Clone(f.ino.data)
	return nil
}

func (f *simFile) Close() error {
	f.ino.lock.Unlock()
	return nil
}

// fate is what a cut leaves of a file whose cached content was not
// synced: block picks the content of each block the cache holds
// otherwise than the disk (new: the cache's, old: the disk's), size
// picks the file's size.
type fate struct {
	name  string
	block func(new, old []byte, rng *rand.Rand) []byte
	size  func(new, old int, rng *rand.Rand) int
}

func newSize(new, _ int, _ *rand.Rand) int { return new }

var fates = []fate{
	{"written back", func(n, _ []byte, _ *rand.Rand) []byte { return n }, newSize},
	{"lost", func(_, o []byte, _ *rand.Rand) []byte { return o }, func(_, o int, _ *rand.Rand) int { return o }},
	{"zeroed", func(n, _ []byte, _ *rand.Rand) []byte { return make([]byte, len(n)) }, newSize},
	{"garbage", func(n, _ []byte, rng *rand.Rand) []byte { return garbage(len(n), rng) }, newSize},
	{"written back, old size", func(n, _ []byte, _ *rand.Rand) []byte { return n }, func(_, o int, _ *rand.Rand) int { return o }},
	{"any mix", func(n, o []byte, rng *rand.Rand) []byte {
		switch rng.IntN(4) {
		case 0:
			return n
		case 1:
			return o
		case 2:
			return make([]byte, len(n))
		}
		return garbage(len(n), rng)
	}, func(n, o int, rng *rand.Rand) int {
		if rng.IntN(2) == 0 {
			return n
		}
		return o
	}},
}

func garbage(n int, rng *rand.Rand) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.UintN(256))
	}
	return b
}

// blockOf returns block i of b, zero-padded past its end: a disk holds
// zeros after a file's end.
func blockOf(b []byte, i int) []byte {
	blk := make([]byte, simBlock)
	if lo := i * simBlock; lo < len(b) {
		copy(blk, b[lo:])
	}
	return blk
}

// after returns what a cut leaves of ino meeting f.
func (ino *inode) after(f fate, rng *rand.Rand) []byte {
	if bytes.Equal(ino.data, ino.durable) {
		return bytes.Clone(ino.data)
	}
	size := f.size(len(ino.data), len(ino.durable), rng)
	out := make([]byte, 0, size+simBlock)
	for i := 0; len(out) < size; i++ {
		n, o := blockOf(ino.data, i), blockOf(ino.durable, i)
		if !bytes.Equal(n, o) {
			n = f.block(n, o, rng)
		}
		out = append(out, n...)
	}
	return out[:size]
}

// cut returns the disk as a power cut leaves it after the first n journal
// entries, every unsynced file meeting f.
func (d *simDisk) cut(n int, f fate, rng *rand.Rand) *simDisk {
	d.mu.Lock()
	defer d.mu.Unlock()
	names := maps.Clone(d.durable)
	for _, op := range d.journal[:n] {
		if op.ino == nil {
			delete(names, op.path)
		} else {
			names[op.path] = op.ino
		}
	}
	after := newSimDisk()
	seen := map[*inode]*inode{}
	for name, ino := range names {
		if seen[ino] == nil {
			data := ino.after(f, rng)
			seen[ino] = &inode{data: data, durable: bytes.Clone(data)}
		}
		after.names[name] = seen[ino]
	}
	after.durable = maps.Clone(after.names)
	return after
}

// killed returns the disk as a kill -9 leaves it at step i.
func (d *simDisk) killed(i int) *simDisk {
	d.mu.Lock()
	defer d.mu.Unlock()
	after := newSimDisk()
	for name, data := range d.steps[i] {
		after.names[name] = &inode{data: bytes.Clone(data), durable: bytes.Clone(data)}
	}
	after.durable = maps.Clone(after.names)
	return after
}

// simStore returns a store in dir (a real directory, for the sweep's
// stamp) whose values live on d.
func simStore(dir string, d *simDisk) *FileStore {
	return &FileStore{dir: dir, ops: d}
}

func set(v string) func([]byte) ([]byte, error) {
	return func([]byte) ([]byte, error) {
		if v == "" {
			return nil, nil
		}
		return []byte(v), nil
	}
}

// value returns a JSON value of about n bytes, tagged with tag.
func value(tag string, n int) string {
	return fmt.Sprintf(`{"v":%q,"pad":%q}`, tag, strings.Repeat("x", max(0, n-20-len(tag))))
}

// TestFileStorePowerCut cuts the power after every step of an update (or
// delete), with every fate for the unsynced files, and kills the writer
// after every change it made, and reads the key back: it must hold the
// old or the new value (nothing, for a key that had none or was deleted),
// never an error or garbage; and the next update must work and see that
// same value.
func TestFileStorePowerCut(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tests := []struct {
		name   string
		before []string // values written (and synced) before: the last is the old value
		old    string   // files of the two-file layout planted instead, when not ""
		oldAlt string
		new    string // "" is no value
		sync   bool
		shared bool // the key's file has another hard link
	}{
		{"update", []string{`{"iter":1}`}, "", "", `{"iter":2,"prompt":"go on with the plan"}`, false, false},
		{"update, the record at 4096 current", []string{`{"iter":1}`, `{"iter":2}`}, "", "", `{"iter":3}`, false, false},
		{"update to a shorter value", []string{`{"iter":1,"prompt":"a long prompt"}`}, "", "", `{"iter":2}`, false, false},
		{"first update", nil, "", "", `{"iter":1}`, false, false},
		{"delete", []string{`{"iter":1}`}, "", "", "", false, false},
		{"growing past a slot", []string{value("a", 3000), value("b", 5000)}, "", "", value("c", 9000), false, false},
		{"growing, current at 0", []string{value("a", 300), value("b", 300), value("c", 5000)}, "", "", value("d", 20000), false, false},
		{"shrinking after a large value", []string{value("a", 100), value("b", 70000), value("c", 100)}, "", "", value("d", 100), false, false},
		{"large then small", []string{value("a", 70000)}, "", "", value("b", 100), false, false},
		{"two-file layout, first file current", nil, "#2:5:" + `{"iter":5}`, "#2:4:" + `{"iter":4}`, `{"iter":6}`, false, false},
		{"two-file layout, second file current", nil, "#2:4:" + `{"iter":4}`, "#2:5:" + `{"iter":5}`, `{"iter":6}`, false, false},
		{"two-file layout, legacy JSON", nil, `{"iter":1}`, "", `{"iter":2}`, false, false},
		{"two-file layout, delete", nil, "#2:4:" + `{"iter":4}`, "#2:5:" + `{"iter":5}`, "", false, false},
		{"two-file layout, delete, first file current", nil, "#2:5:" + `{"iter":5}`, "#2:4:" + `{"iter":4}`, "", false, false},
		{"hard-linked file", []string{`{"iter":1}`}, "", "", `{"iter":2}`, false, true},
		{"hard-linked file, delete", []string{`{"iter":1}`}, "", "", "", false, true},
		{"update, Sync", []string{`{"iter":1}`}, "", "", `{"iter":2}`, true, false},
		{"first update, Sync", nil, "", "", `{"iter":1}`, true, false},
		{"delete, Sync", []string{`{"iter":1}`}, "", "", "", true, false},
		{"shrinking, Sync", []string{value("a", 100), value("b", 70000), value("c", 100)}, "", "", value("d", 100), true, false},
		{"two-file layout, Sync", nil, "#2:4:" + `{"iter":4}`, "#2:5:" + `{"iter":5}`, `{"iter":6}`, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(1, uint64(len(tt.name))))
			disk, dir := newSimDisk(), t.TempDir()
			s := simStore(dir, disk)
			path := s.path("loop/s1")
			for _, v := range tt.before {
				if err := s.Update(ctx, "loop/s1", set(v)); err != nil {
					t.Fatal(err)
				}
			}
			old := ""
			if len(tt.before) > 0 {
				old = tt.before[len(tt.before)-1]
			}
			for i, f := range []string{tt.old, tt.oldAlt} {
				if f != "" {
					p := path
					if i == 1 {
						p += altSuffix
					}
					disk.Replace(p, oldLayout(f), true)
					old = oldValue(tt.old, tt.oldAlt)
				}
			}
			if tt.shared {
				disk.names[path].shared = true
			}
			disk.sync()
			disk.steps = nil
			s.Sync = tt.sync
			if err := s.Update(ctx, "loop/s1", set(tt.new)); err != nil {
				t.Fatal(err)
			}
			check := func(what string, r *FileStore, syncedNew bool) {
				t.Helper()
				got, err := r.Get(ctx, "loop/s1")
				if errors.Is(err, ErrNotFound) {
					got, err = nil, nil
				}
				if err != nil || (string(got) != old && string(got) != tt.new) {
					t.Fatalf("%s: Get = %.40q, %v; want %.40q or %.40q", what, got, err, old, tt.new)
				}
				if syncedNew && string(got) != tt.new {
					t.Fatalf("Sync: %s: Get = %.40q, want %.40q", what, got, tt.new)
				}
				var saw []byte
				err = r.Update(ctx, "loop/s1", func(old []byte) ([]byte, error) { saw = old; return []byte("next"), nil })
				if err != nil || !bytes.Equal(saw, got) {
					t.Fatalf("%s: next Update saw %.40q, %v; want %.40q", what, saw, err, got)
				}
				if got, err := r.Get(ctx, "loop/s1"); err != nil || string(got) != "next" {
					t.Fatalf("%s: Get after the next Update = %q, %v; want next", what, got, err)
				}
			}
			for i := range disk.steps {
				check(fmt.Sprintf("killed after step %d of %d", i+1, len(disk.steps)), simStore(dir, disk.killed(i)), false)
			}
			// A cut keeps any prefix of the namespace changes not made durable:
			// with Sync, all of them are by the time Update returns, and every
			// cut after it keeps the new value.
			for n := 0; n <= len(disk.journal); n++ {
				for _, f := range fates {
					for range 6 { // garbage and mixes differ per draw
						check(fmt.Sprintf("cut after %d of %d steps, %s", n, len(disk.journal), f.name),
							simStore(dir, disk.cut(n, f, rng)), tt.sync)
					}
				}
			}
		})
	}
}

// oldLayout returns a value file of the two-file layout for f: "#2:seq:v"
// is a record of v numbered seq, anything else a legacy JSON value.
func oldLayout(f string) []byte {
	rest, ok := strings.CutPrefix(f, "#2:")
	if !ok {
		return []byte(f)
	}
	seq, v, _ := strings.Cut(rest, ":")
	n, _ := strconv.ParseUint(seq, 10, 64)
	return bytes.Replace(encodeRecord(n, []byte(v)), []byte(recordMagic), []byte(oldRecordMagic), 1)
}

// oldValue returns the value the two-file layout's files a and b hold.
func oldValue(a, b string) string {
	seqOf := func(f string) (int, string) {
		rest, ok := strings.CutPrefix(f, "#2:")
		if !ok {
			return 0, f
		}
		seq, v, _ := strings.Cut(rest, ":")
		n, _ := strconv.Atoi(seq)
		return n, v
	}
	na, va := seqOf(a)
	if b == "" {
		return va
	}
	if nb, vb := seqOf(b); nb > na || a == "" {
		return vb
	}
	return va
}

// TestFileStorePowerCutAfterSeveral cuts the power after several unsynced
// updates of values of every size: which survive is up to the disk, but a
// read returns one of the values written, or nothing, never garbage or an
// error.
func TestFileStorePowerCutAfterSeveral(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(2, 3))
	disk, dir := newSimDisk(), t.TempDir()
	s := simStore(dir, disk)
	written := []string{""}
	for i, n := range []int{10, 40, 5000, 300, 20000, 70, 9000, 9000, 30} {
		v := value(strconv.Itoa(i), n)
		if err := s.Update(ctx, "k", set(v)); err != nil {
			t.Fatal(err)
		}
		written = append(written, v)
		if i == 0 {
			disk.sync()
		}
	}
	for n := 0; n <= len(disk.journal); n++ {
		for _, f := range fates {
			for range 8 {
				got, err := simStore(dir, disk.cut(n, f, rng)).Get(ctx, "k")
				if errors.Is(err, ErrNotFound) {
					got, err = nil, nil
				}
				if err != nil || !slices.Contains(written, string(got)) {
					t.Fatalf("cut after %d steps, %s: Get = %.40q, %v; want one of the values written", n, f.name, got, err)
				}
			}
		}
	}
}
