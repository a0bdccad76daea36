package stophook

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
)

// file lays out records at offsets: recs maps an offset to a record's
// bytes, laid out from the lowest offset up.
func file(size int, recs map[int][]byte) []byte {
	b := make([]byte, size)
	for _, off := range slices.Sorted(maps.Keys(recs)) {
		r := recs[off]
		if off+len(r) > len(b) {
			b = append(b, make([]byte, off+len(r)-len(b))...)
		}
		copy(b[off:], r)
	}
	return b
}

func broken(r []byte) []byte {
	r = bytes.Clone(r)
	r[len(r)-1] ^= 1
	return r
}

func TestFindRecord(t *testing.T) {
	t.Parallel()
	rec := func(seq uint64, v string) []byte { return encodeRecord(seq, []byte(v)) }
	big := rec(7, string(bytes.Repeat([]byte("x"), 9000)))
	// A payload holding a record with a higher sequence, at 4096 in the file.
	lookAlike := []byte(`"`)
	lookAlike = append(lookAlike, bytes.Repeat([]byte("y"), 4096-len(rec(5, ""))-1)...)
	lookAlike = append(lookAlike, rec(99, `"planted"`)...)
	lookAlike = append(lookAlike, '"')
	tests := []struct {
		name    string
		b       []byte
		want    string
		off     int64
		damaged bool
	}{
		{"one record", rec(1, `"a"`), `"a"`, 0, false},
		{"the higher at 4096", file(0, map[int][]byte{0: rec(3, `"a"`), 4096: rec(4, `"b"`)}), `"b"`, 4096, false},
		{"the higher at 0, bytes after it", file(0, map[int][]byte{0: rec(5, `"a"`), 4096: rec(4, `"b"`)}), `"a"`, 0, false},
		{"the higher torn", file(0, map[int][]byte{0: rec(3, `"a"`), 4096: broken(rec(4, `"b"`))}), `"a"`, 0, true},
		{"both torn", file(0, map[int][]byte{0: broken(rec(3, `"a"`)), 4096: broken(rec(4, `"b"`))}), "", 0, true},
		{"a high candidate", file(0, map[int][]byte{0: rec(3, `"a"`), 32768: rec(4, `"b"`)}), `"b"`, 32768, false},
		{"not at a candidate", file(0, map[int][]byte{0: rec(3, `"a"`), 5000: rec(4, `"b"`)}), `"a"`, 0, false},
		{"a shorter record over a longer one", file(0, map[int][]byte{0: big, 16384: rec(8, `"b"`)}), `"b"`, 16384, false},
		{"zeros", make([]byte, 8192), "", 0, false},
		{"a look-alike inside an intact record", file(0, map[int][]byte{0: rec(5, string(lookAlike))}), string(lookAlike), 0, false},
		{"header cut", rec(1, `"a"`)[:8], "", 0, false},
		{"header unreadable", file(0, map[int][]byte{0: []byte("#stophook3 x\n"), 4096: rec(2, `"b"`)}), `"b"`, 4096, true},
	}
	for _, tt := range tests {
		cur, ok, damaged := findRecord(tt.b)
		if got := string(cur.payload); got != tt.want || ok != (tt.want != "") || cur.off != tt.off || damaged != tt.damaged {
			t.Errorf("%s: got %.30q at %d, ok %v, damaged %v; want %.30q at %d, damaged %v", tt.name, got, cur.off, ok, damaged, tt.want, tt.off, tt.damaged)
		}
	}
}

// TestNextSlot: a new record never overlaps the current one, lies at a
// candidate offset, and goes to 0 whenever it fits before the current.
func TestNextSlot(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(4, 5))
	for range 100000 {
		keepOff := []int64{0, 4096, 8192, 1 << 20}[rng.IntN(4)]
		keepEnd := keepOff + 1 + rng.Int64N(1<<(1+rng.IntN(22)))
		size := 1 + rng.Int64N(1<<(1+rng.IntN(22)))
		off := nextSlot(keepOff, keepEnd, size)
		end := off + size
		if end > keepOff && off < keepEnd {
			t.Fatalf("nextSlot(%d, %d, %d) = %d: overlaps the current record", keepOff, keepEnd, size, off)
		}
		if off != 0 && (off < slotSize || off&(off-1) != 0) {
			t.Fatalf("nextSlot(%d, %d, %d) = %d: not a candidate", keepOff, keepEnd, size, off)
		}
		if keepOff > 0 && size <= keepOff && off != 0 {
			t.Fatalf("nextSlot(%d, %d, %d) = %d, want 0", keepOff, keepEnd, size, off)
		}
		if off > 0 && off/2 >= slotSize && off/2 >= keepEnd {
			t.Fatalf("nextSlot(%d, %d, %d) = %d: %d fits", keepOff, keepEnd, size, off, off/2)
		}
	}
	if got := nextSlot(0, 0, 100); got != 0 {
		t.Errorf("nextSlot with nothing to keep = %d, want 0", got)
	}
}

// TestFileStoreSlots updates a key with values of random sizes on the
// simulated disk, killing the writer after every change it makes: each
// kill leaves the old or the new value, the file stays within a few times
// its largest recent record, and large values come and go.
func TestFileStoreSlots(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(6, 7))
	disk, dir := newSimDisk(), t.TempDir()
	s := simStore(dir, disk)
	path := s.path("k")
	old := ""
	var recent [3]int // the sizes of the last three records
	for i := range 300 {
		n := 1 + rng.IntN(1<<(1+rng.IntN(17)))
		v := value(strconv.Itoa(i), n)
		disk.steps = nil
		if err := s.Update(ctx, "k", set(v)); err != nil {
			t.Fatal(err)
		}
		for j := range disk.steps {
			got, err := simStore(dir, disk.killed(j)).Get(ctx, "k")
			if errors.Is(err, ErrNotFound) {
				got, err = nil, nil
			}
			if err != nil || (string(got) != old && string(got) != v) {
				t.Fatalf("update %d (%d bytes), killed after step %d: Get = %.30q, %v; want %.30q or %.30q", i, len(v), j+1, got, err, old, v)
			}
		}
		got, err := s.Get(ctx, "k")
		if err != nil || string(got) != v {
			t.Fatalf("update %d: Get = %.30q, %v; want %.30q", i, got, err, v)
		}
		recent = [3]int{recent[1], recent[2], len(encodeRecord(uint64(i+1), []byte(v)))}
		size := len(disk.names[path].data)
		if limit := 4*max(recent[0], recent[1], recent[2]) + 2*slotSize; size > limit {
			t.Fatalf("update %d: file of %d bytes for the last records of %v bytes", i, size, recent)
		}
		old = v
	}
}

// TestFileStoreMigrates reads keys of the two-file layout (<name>.json and
// <name>.json.alt, records numbered in turn) and carries them over on the
// next update: the higher number wins, a record of the one-file layout
// wins over both, and the second file goes once the value is carried.
func TestFileStoreMigrates(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tests := []struct {
		name  string
		first []byte // nil: no file
		alt   []byte
		want  string
	}{
		{"higher second", oldRecord(3, `"a"`), oldRecord(4, `"b"`), `"b"`},
		{"higher first", oldRecord(5, `"a"`), oldRecord(4, `"b"`), `"a"`},
		{"tie goes to the first", oldRecord(4, `"a"`), oldRecord(4, `"b"`), `"a"`},
		{"tie, first torn", broken(oldRecord(4, `"a"`)), oldRecord(4, `"b"`), `"b"`},
		{"higher torn", oldRecord(3, `"a"`), broken(oldRecord(4, `"b"`)), `"a"`},
		{"both torn", broken(oldRecord(3, `"a"`)), broken(oldRecord(4, `"b"`)), ""},
		{"second only", nil, oldRecord(2, `"b"`), `"b"`},
		{"legacy JSON", []byte(`{"old":1}`), nil, `{"old":1}`},
		{"legacy and a record", []byte(`{"old":1}`), oldRecord(1, `"b"`), `"b"`},
		{"garbage and a record", []byte("garbage"), oldRecord(1, `"b"`), `"b"`},
		{"the one-file layout wins", encodeRecord(1, []byte(`"new"`)), oldRecord(9, `"b"`), `"new"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			s := NewFileStore(dir)
			path := s.path("k")
			for p, b := range map[string][]byte{path: tt.first, path + altSuffix: tt.alt} {
				if b != nil {
					if err := os.WriteFile(p, b, 0o600); err != nil {
						t.Fatal(err)
					}
				}
			}
			got, err := s.Get(ctx, "k")
			if errors.Is(err, ErrNotFound) {
				err = nil
			}
			if err != nil || string(got) != tt.want {
				t.Fatalf("Get = %q, %v; want %q", got, err, tt.want)
			}
			var saw []byte
			if err := s.Update(ctx, "k", func(old []byte) ([]byte, error) { saw = old; return []byte(`"next"`), nil }); err != nil {
				t.Fatal(err)
			}
			if string(saw) != tt.want {
				t.Errorf("Update saw %q, want %q", saw, tt.want)
			}
			if got, err := s.Get(ctx, "k"); err != nil || string(got) != `"next"` {
				t.Errorf("Get after the update = %q, %v; want \"next\"", got, err)
			}
			if tt.first == nil || !bytes.HasPrefix(tt.first, []byte(recordMagic)) {
				if _, err := os.Lstat(path + altSuffix); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("the second file is still there after the update (%v)", err)
				}
			}
			b, _ := os.ReadFile(path)
			if cur, ok, _ := findRecord(b); !ok || cur.seq == 0 {
				t.Errorf("the key's file holds no record of the one-file layout after the update")
			}
		})
	}
}

// TestFileStoreOversizedFile: a key's file larger than any the store
// writes is not read; it counts as damaged, and the next update replaces
// its content.
func TestFileStoreOversizedFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	s := NewFileStore(dir)
	path := s.path("k")
	if err := os.WriteFile(path, encodeRecord(1, []byte(`"a"`)), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, maxFileSize+1); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Get(ctx, "k"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get of an oversized file = %q, %v; want ErrNotFound", got, err)
	}
	var saw []byte
	if err := s.Update(ctx, "k", func(old []byte) ([]byte, error) { saw = old; return []byte(`"b"`), nil }); err != nil {
		t.Fatal(err)
	}
	if saw != nil {
		t.Errorf("Update saw %q in an oversized file, want nothing", saw)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Size() > 100 {
		t.Errorf("the file after the update: %v, %v; want it cut to the new record", fi.Size(), err)
	}
	if got, err := s.Get(ctx, "k"); err != nil || string(got) != `"b"` {
		t.Errorf("Get = %q, %v; want \"b\"", got, err)
	}
}

// TestFileStoreValueLimit: the largest value goes in and out, at any
// slot, and one byte more is refused.
func TestFileStoreValueLimit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := NewFileStore(t.TempDir())
	huge := bytes.Repeat([]byte("x"), maxValueSize)
	// After a value of 8-16 MiB at 0, a huge one goes to 16 MiB, and the
	// next huge one after it: the first candidate past its end was 64 MiB,
	// a file larger than any a read takes, and the key read as missing.
	mid := bytes.Repeat([]byte("y"), 10<<20)
	for i, v := range [][]byte{[]byte("small"), huge, huge, []byte("small"), huge, huge, mid, huge, huge, huge, []byte("small")} {
		if err := s.Update(ctx, "k", func([]byte) ([]byte, error) { return v, nil }); err != nil {
			t.Fatalf("update %d: %v", i, err)
		}
		if got, err := s.Get(ctx, "k"); err != nil || !bytes.Equal(got, v) {
			t.Fatalf("update %d: Get = %d bytes, %v; want %d", i, len(got), err, len(v))
		}
		if fi, err := os.Stat(s.path("k")); err != nil || fi.Size() > maxFileSize {
			t.Fatalf("update %d: the key's file: %v; want at most %d bytes", i, err, maxFileSize)
		}
	}
	if err := s.Update(ctx, "k", func([]byte) ([]byte, error) { return append(huge, 'x'), nil }); err == nil {
		t.Errorf("a value of %d bytes: got no error", maxValueSize+1)
	}
}

// isSlot reports a candidate offset.
func isSlot(off int64) bool { return off == 0 || (off >= slotSize && off&(off-1) == 0) }

// wholeRecord reports whether b starts with the record of seq and
// payload (its checksum's hex digits in either case).
func wholeRecord(b []byte, seq uint64, payload []byte) bool {
	enc := encodeRecord(seq, payload)
	h := len(enc) - len(payload)
	return len(b) >= len(enc) && bytes.EqualFold(b[:h], enc[:h]) && bytes.Equal(b[h:len(enc)], payload)
}

// FuzzFindRecord puts a record in arbitrary bytes at an arbitrary offset:
// whatever findRecord finds is a whole record at a candidate offset, and
// a record put at a candidate is found unless one with a sequence as high
// wins, or it lies inside an intact record.
func FuzzFindRecord(f *testing.F) {
	f.Add([]byte(nil), uint16(0), uint64(1), []byte(`{"a":1}`))
	f.Add(encodeRecord(4, []byte(`"x"`)), uint16(4096), uint64(5), []byte(`"y"`))
	f.Add(file(0, map[int][]byte{0: encodeRecord(9, bytes.Repeat([]byte("z"), 5000))}), uint16(8192), uint64(2), []byte("#stophook3 1 0 00000000\n"))
	f.Add(file(0, map[int][]byte{4096: encodeRecord(9, []byte("z"))}), uint16(0), uint64(3), bytes.Repeat([]byte("w"), 4200))
	f.Add([]byte(nil), uint16(4096), uint64(maxRecordSeq), []byte(`"z"`))
	f.Fuzz(func(t *testing.T, b []byte, at uint16, seq uint64, v []byte) {
		seq = min(seq, maxRecordSeq) // the store writes no higher (TestFileStoreHighestSequence)
		rec := encodeRecord(seq, v)
		if len(b) < int(at)+len(rec) {
			b = append(b, make([]byte, int(at)+len(rec)-len(b))...)
		}
		copy(b[at:], rec)
		cur, ok, _ := findRecord(b)
		if ok && (!isSlot(cur.off) || !wholeRecord(b[cur.off:], cur.seq, cur.payload)) {
			t.Fatalf("found %q, %d at %d: not a whole record at a candidate offset", cur.payload, cur.seq, cur.off)
		}
		if !isSlot(int64(at)) {
			return
		}
		if !ok {
			t.Fatalf("the record at %d was not found", at)
		}
		if cur.off == int64(at) || cur.seq >= seq {
			return
		}
		for off := int64(0); off < int64(at); off = max(off*2, slotSize) {
			if r, ok := parseRecordMagic(b[off:], recordMagic); ok && r.intact() && off+int64(r.size) > int64(at) {
				return // inside an intact record
			}
		}
		t.Fatalf("found %d at %d over the record %d at %d", cur.seq, cur.off, seq, at)
	})
}

// TestFileStoreHighestSequence: a key's file whose record bears the
// highest number a record can have (19 digits; one planted, say) still
// takes updates. The next number has 20 digits, which no read accepts:
// every update was acknowledged and lost, the planted value read for
// ever.
func TestFileStoreHighestSequence(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, seq := range []uint64{9_999_999_999_999_999_998, 9_999_999_999_999_999_999} {
		t.Run(strconv.FormatUint(seq, 10), func(t *testing.T) {
			t.Parallel()
			s := NewFileStore(t.TempDir())
			if err := s.Update(ctx, "k", set(`"made"`)); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(s.path("k"), encodeRecord(seq, []byte(`"planted"`)), 0o600); err != nil {
				t.Fatal(err)
			}
			for _, v := range []string{`"a"`, `"b"`, `"c"`} {
				var saw []byte
				if err := s.Update(ctx, "k", func(old []byte) ([]byte, error) { saw = old; return []byte(v), nil }); err != nil {
					t.Fatalf("Update to %s: %v", v, err)
				}
				if got, err := s.Get(ctx, "k"); err != nil || string(got) != v {
					t.Fatalf("Get after the update to %s (which saw %s) = %s, %v; want %s", v, saw, got, err, v)
				}
			}
		})
	}
}

// TestFileStoreGetRacesCarryOver: a Get of a key of the two-file layout
// reads its first file, then an update carries the value over (or a
// delete removes the key), then the Get reads the second file, gone by
// then. The Get must return the value before the update or after it,
// never the older value the first file held.
func TestFileStoreGetRacesCarryOver(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tests := []struct {
		name       string
		first, alt string // "#2:seq:value", as for TestFileStorePowerCut
		new        string // "": a delete
	}{
		{"update, second file current", "#2:4:" + `{"iter":4}`, "#2:5:" + `{"iter":5}`, `{"iter":6}`},
		{"delete, second file current", "#2:4:" + `{"iter":4}`, "#2:5:" + `{"iter":5}`, ""},
		{"update, legacy JSON and a second file", `{"iter":0}`, "#2:5:" + `{"iter":5}`, `{"iter":6}`},
		{"delete, second file only", "", "#2:5:" + `{"iter":5}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			disk := newSimDisk()
			s := simStore(t.TempDir(), disk)
			path := s.path("k")
			if tt.first != "" {
				disk.Replace(path, oldLayout(tt.first), true)
			}
			disk.Replace(path+altSuffix, oldLayout(tt.alt), true)
			before := oldValue(tt.first, tt.alt)
			raced := false
			disk.beforeRead = func(p string) {
				if p == path+altSuffix && !raced {
					raced = true
					if err := s.Update(ctx, "k", set(tt.new)); err != nil {
						t.Errorf("the racing update: %v", err)
					}
				}
			}
			got, err := s.Get(ctx, "k")
			if errors.Is(err, ErrNotFound) && tt.new == "" {
				got, err = []byte(""), nil
			}
			if !raced || err != nil || (string(got) != before && string(got) != tt.new) {
				t.Errorf("Get = %s, %v (raced: %v); want %s or %s", got, err, raced, before, tt.new)
			}
		})
	}
}

// TestFileStoreUpdatesLeaveNoDamage: whatever the sizes of the values
// written one after the other, a key's file afterwards holds no record
// that reads as damaged. A damaged record makes Get read again under the
// lock (see TestFileStoreGetSawTornRecord), which must stay the exception.
func TestFileStoreUpdatesLeaveNoDamage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 11))
	s := NewFileStore(t.TempDir())
	sizes := []int{1, 100, 3000, 4000, 4100, 5000, 9000, 17000, 40000}
	for i := range 3000 {
		v := value(strconv.Itoa(i), sizes[rng.IntN(len(sizes))]+rng.IntN(200))
		if err := s.Update(ctx, "k", set(v)); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(s.path("k"))
		if err != nil {
			t.Fatal(err)
		}
		if cur, ok, damaged := findRecord(b); !ok || damaged || string(cur.payload) != v {
			t.Fatalf("after update %d (%d bytes): found %v, damaged %v, value %.30q; want the value, no damage", i, len(v), ok, damaged, cur.payload)
		}
	}
}

// TestFileStoreGetSawTornRecord: a Get without the lock can read a key's
// file while two updates go by, the record at 0 before the first rewrote
// it and the one at 4096 while the second rewrote it: the current value,
// at 4096 when the Get started, reads torn, and the record at 0 is older
// than it. The Get must not return that older value.
func TestFileStoreGetSawTornRecord(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	disk := newSimDisk()
	s := simStore(t.TempDir(), disk)
	for _, v := range []string{`{"iter":1}`, `{"iter":2}`} { // at 0, then at 4096
		if err := s.Update(ctx, "k", set(v)); err != nil {
			t.Fatal(err)
		}
	}
	disk.tornRead = func(path string, b []byte) []byte {
		if len(b) > slotSize+20 {
			b[slotSize+20] ^= 1 // in the record at 4096, being rewritten
		}
		return b
	}
	if got, err := s.Get(ctx, "k"); err != nil || string(got) != `{"iter":2}` {
		t.Errorf(`Get = %s, %v; want {"iter":2}`, got, err)
	}
}

// TestFileStoreUpdatePanics: an update function that panics (a policy's
// bug, which the evaluator recovers from in a hook server) releases the
// key's lock: every later update of the key waited for a lock nobody would
// release while the process lived.
func TestFileStoreUpdatePanics(t *testing.T) {
	t.Parallel()
	s := NewFileStore(t.TempDir())
	ctx := context.Background()
	if err := s.Update(ctx, "k", set(`"a"`)); err != nil {
		t.Fatal(err)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("the update's panic did not reach its caller")
			}
		}()
		s.Update(ctx, "k", func([]byte) ([]byte, error) { panic("policy bug") })
	}()
	unlock, ok, _ := tryLockKey(s.path("k"))
	if !ok {
		t.Fatal("the key's lock is still held after the update panicked")
	}
	unlock()
	if err := s.Update(ctx, "k", set(`"b"`)); err != nil {
		t.Fatal(err)
	}
}
