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
	"sync"
	"testing"
)

// simDisk is a file layer that simulates what a power cut leaves on disk.
// Each file is an inode whose cached content reaches the disk only when
// synced; creations and removals are journaled in order, and a directory
// sync makes all of them durable. A cut keeps a prefix of the journal
// since the last directory sync, and gives each file whose content was not
// synced one of the fates a real disk can leave: written back, lost (the
// old content), zeroed, cut short, torn (new blocks then old ones), or
// garbage.
type simDisk struct {
	mu      sync.Mutex
	names   map[string]*inode // what the running system sees
	durable map[string]*inode // the namespace at the last directory sync
	journal []metaOp          // namespace changes since then
}

type inode struct {
	data    []byte // in the page cache
	durable []byte // on disk
}

type metaOp struct {
	path string
	ino  *inode // created at path; nil: path removed
}

func newSimDisk() *simDisk {
	return &simDisk{names: map[string]*inode{}, durable: map[string]*inode{}}
}

func (d *simDisk) ReadFile(path string) ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	ino, ok := d.names[path]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
	}
	return bytes.Clone(ino.data), nil
}

func (d *simDisk) ReadKeep(path string) ([]byte, keptFile, error) {
	data, err := d.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return data, simKept{d, path}, nil
}

// simKept is a file of a simDisk kept open: an overwrite through it is
// the same overwrite of the same inode.
type simKept struct {
	d    *simDisk
	path string
}

func (k simKept) Overwrite(data []byte, sync bool) error {
	_, err := k.d.Overwrite(k.path, data, sync)
	return err
}

func (simKept) Close() error { return nil }

func (d *simDisk) Overwrite(path string, data []byte, sync bool) (bool, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	ino, ok := d.names[path]
	if !ok {
		ino = &inode{}
		d.names[path] = ino
		d.journal = append(d.journal, metaOp{path: path, ino: ino})
	}
	ino.data = bytes.Clone(data)
	if sync {
		ino.durable = bytes.Clone(data)
	}
	return !ok, nil
}

func (d *simDisk) Remove(path string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.names[path]; !ok {
		return &fs.PathError{Op: "remove", Path: path, Err: fs.ErrNotExist}
	}
	delete(d.names, path)
	d.journal = append(d.journal, metaOp{path: path})
	return nil
}

func (d *simDisk) SyncDir(string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.durable = maps.Clone(d.names)
	d.journal = nil
	return nil
}

// sync makes everything durable, as a clean shutdown does.
func (d *simDisk) sync() {
	d.mu.Lock()
	for _, ino := range d.names {
		ino.durable = bytes.Clone(ino.data)
	}
	d.mu.Unlock()
	d.SyncDir("")
}

// fate is what a cut leaves of a file whose cached content was not synced.
type fate struct {
	name string
	of   func(ino *inode, rng *rand.Rand) []byte
}

var fates = []fate{
	{"written back", func(ino *inode, _ *rand.Rand) []byte { return ino.data }},
	{"lost", func(ino *inode, _ *rand.Rand) []byte { return ino.durable }},
	{"zeroed", func(ino *inode, _ *rand.Rand) []byte { return make([]byte, len(ino.data)) }},
	{"cut short", func(ino *inode, rng *rand.Rand) []byte { return ino.data[:rng.IntN(len(ino.data)+1)] }},
	{"torn (new blocks, then old ones)", func(ino *inode, rng *rand.Rand) []byte {
		b := bytes.Clone(ino.data)
		for i := len(b)/2 + rng.IntN(len(b)-len(b)/2); i < len(b); i++ {
			b[i] = 0
			if i < len(ino.durable) {
				b[i] = ino.durable[i]
			}
		}
		return b
	}},
	{"garbage", func(ino *inode, rng *rand.Rand) []byte {
		b := make([]byte, len(ino.data))
		for i := range b {
			b[i] = byte(rng.UintN(256))
		}
		return b
	}},
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
			data := ino.durable
			if !bytes.Equal(ino.data, ino.durable) {
				data = f.of(ino, rng)
			}
			seen[ino] = &inode{data: bytes.Clone(data), durable: bytes.Clone(data)}
		}
		after.names[name] = seen[ino]
	}
	after.durable = maps.Clone(after.names)
	return after
}

// simStore returns a store in dir (a real directory, for the lock files)
// whose values live on d.
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

// TestFileStorePowerCut cuts the power after every step of an update (or
// delete), with every fate for the unsynced files, and reads the key
// back: it must hold the old or the new value (nothing, for a key that had
// none or was deleted), never an error or garbage; and the next update
// must work and see that same value.
func TestFileStorePowerCut(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tests := []struct {
		name     string
		old, new string // "" is no value
		sync     bool
	}{
		{"update", `{"iter":1}`, `{"iter":2,"prompt":"go on with the plan"}`, false},
		{"update to a shorter value", `{"iter":1,"prompt":"a long prompt"}`, `{"iter":2}`, false},
		{"first update", "", `{"iter":1}`, false},
		{"delete", `{"iter":1}`, "", false},
		{"update, Sync", `{"iter":1}`, `{"iter":2}`, true},
		{"first update, Sync", "", `{"iter":1}`, true},
		{"delete, Sync", `{"iter":1}`, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(1, uint64(len(tt.name))))
			disk, dir := newSimDisk(), t.TempDir()
			s := simStore(dir, disk)
			if tt.old != "" {
				if err := s.Update(ctx, "loop/s1", set(tt.old)); err != nil {
					t.Fatal(err)
				}
			}
			disk.sync()
			s.Sync = tt.sync
			if err := s.Update(ctx, "loop/s1", set(tt.new)); err != nil {
				t.Fatal(err)
			}
			for n := 0; n <= len(disk.journal); n++ {
				for _, f := range fates {
					for range 4 { // cut short and garbage differ per draw
						after := disk.cut(n, f, rng)
						r := simStore(dir, after)
						got, err := r.Get(ctx, "loop/s1")
						if errors.Is(err, ErrNotFound) {
							got, err = nil, nil
						}
						if err != nil || (string(got) != tt.old && string(got) != tt.new) {
							t.Fatalf("cut after %d of %d steps, %s: Get = %q, %v; want %q or %q", n, len(disk.journal), f.name, got, err, tt.old, tt.new)
						}
						if tt.sync && n == len(disk.journal) && string(got) != tt.new {
							t.Fatalf("Sync: cut after the update returned, %s: Get = %q, want %q", f.name, got, tt.new)
						}
						var saw []byte
						err = r.Update(ctx, "loop/s1", func(old []byte) ([]byte, error) { saw = old; return []byte("next"), nil })
						if err != nil || !bytes.Equal(saw, got) {
							t.Fatalf("cut after %d steps, %s: next Update saw %q, %v; want %q", n, f.name, saw, err, got)
						}
					}
				}
			}
		})
	}
}

// TestFileStorePowerCutAfterSeveral cuts the power after several unsynced
// updates: which survive is up to the disk, but a read returns one of
// the values written, or nothing, never garbage or an error.
func TestFileStorePowerCutAfterSeveral(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(2, 3))
	disk, dir := newSimDisk(), t.TempDir()
	s := simStore(dir, disk)
	written := []string{""}
	for i := range 4 {
		v := fmt.Sprintf(`{"iter":%d%s}`, i, bytes.Repeat([]byte(" "), i*7))
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
			for range 4 {
				got, err := simStore(dir, disk.cut(n, f, rng)).Get(ctx, "k")
				if errors.Is(err, ErrNotFound) {
					got, err = nil, nil
				}
				if err != nil || !slices.Contains(written, string(got)) {
					t.Fatalf("cut after %d steps, %s: Get = %q, %v; want one of %q", n, f.name, got, err, written)
				}
			}
		}
	}
}
