package stophook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"path/filepath"
	"strconv"
	"testing"
)

// TestRecordSumIsCRC32C keeps the checksum of the record format: the
// table filled on first use is the standard library's CRC-32C.
func TestRecordSumIsCRC32C(t *testing.T) {
	t.Parallel()
	if *castagnoli() != *crc32.MakeTable(crc32.Castagnoli) {
		t.Fatal("castagnoli table differs from crc32.MakeTable(crc32.Castagnoli)")
	}
	payload := []byte(`{"iter":3}`)
	want := crc32.Checksum([]byte("42 10"+string(payload)), crc32.MakeTable(crc32.Castagnoli))
	if got := recordSum(42, payload); got != want {
		t.Errorf("recordSum = %08x, want CRC-32C %08x", got, want)
	}
}

func TestRecordRoundTrip(t *testing.T) {
	t.Parallel()
	for _, v := range [][]byte{{}, []byte("x"), []byte(`{"iter":3}`), bytes.Repeat([]byte{0, '\n', 0xff}, 1000)} {
		got, seq, ok := decodeRecord(append(encodeRecord(7, v), "trailing"...))
		if !ok || !bytes.Equal(got, v) || seq != 7 {
			t.Errorf("decode(encode(%.20q)) = %.20q, %v", v, got, ok)
		}
	}
}

// TestRecordDamaged feeds what a power cut can leave in a value file:
// nothing, zeros, a prefix, stale bytes, a flipped bit.
func TestRecordDamaged(t *testing.T) {
	t.Parallel()
	rec := encodeRecord(3, []byte(`{"iter":12,"prompt":"go on"}`))
	flipped := bytes.Clone(rec)
	flipped[len(flipped)-3] ^= 0x04
	seqChanged := bytes.Replace(rec, []byte("#stophook3 3 "), []byte("#stophook3 4 "), 1)
	tests := []struct {
		name string
		b    []byte
	}{
		{"empty", nil},
		{"zeros", make([]byte, len(rec))},
		{"header only", rec[:bytes.IndexByte(rec, '\n')+1]},
		{"prefix", rec[:len(rec)-1]},
		{"flipped bit", flipped},
		{"sequence changed", seqChanged},
		{"not JSON, no header", []byte("garbage")},
		{"a JSON value (the two-file layout's legacy)", []byte(`{"iter":1}`)},
		{"a record of the two-file layout", oldRecord(3, `{"iter":1}`)},
		{"bad length", []byte("#stophook3 1 x 00000000\n")},
		{"leading zero length", []byte("#stophook3 1 00 00000000\n")},
		{"length past the end", []byte("#stophook3 1 5 00000000\nab")},
		{"short checksum", []byte("#stophook3 1 0 0000000\n")},
	}
	for _, tt := range tests {
		if v, _, ok := decodeRecord(tt.b); ok {
			t.Errorf("%s: decoded %q, want damaged", tt.name, v)
		}
		if cur, ok, _ := findRecord(tt.b); ok {
			t.Errorf("%s: findRecord found %q, want nothing", tt.name, cur.payload)
		}
	}
}

// oldRecord returns a record of the two-file layout.
func oldRecord(seq uint64, v string) []byte {
	return bytes.Replace(encodeRecord(seq, []byte(v)), []byte(recordMagic), []byte(oldRecordMagic), 1)
}

func TestOldRecordLegacyJSON(t *testing.T) {
	t.Parallel()
	legacy := []byte(`{"schema":1,"iter":2}`)
	if v, seq, ok := decodeOldRecord(legacy); !ok || !bytes.Equal(v, legacy) || seq != 0 {
		t.Errorf("legacy value: got %q, %d, %v, want it as is, sequence 0", v, seq, ok)
	}
	if v, seq, ok := decodeOldRecord(oldRecord(4, `"x"`)); !ok || string(v) != `"x"` || seq != 4 {
		t.Errorf("record of the two-file layout: got %q, %d, %v, want \"x\", 4", v, seq, ok)
	}
}

func FuzzDecodeRecord(f *testing.F) {
	f.Add(encodeRecord(1, []byte(`{"a":1}`)))
	f.Add([]byte("#stophook3 1 3 00000000\nabc"))
	f.Add([]byte("#stophook2 1 3 00000000\nabc"))
	f.Add([]byte(`{"legacy":true}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if v, seq, ok := decodeRecord(b); ok && !bytes.HasPrefix(b, encodeRecord(seq, v)) {
			// Anything accepted starts with a whole record of v.
			t.Fatalf("accepted %q as %d, %q", b, seq, v)
		}
		v, seq, ok := decodeOldRecord(b)
		if !ok {
			return
		}
		// Anything accepted starts with a whole record of v, or is legacy JSON.
		if !bytes.HasPrefix(b, oldRecord(seq, string(v))) && !(seq == 0 && bytes.Equal(v, legacyValue(b))) {
			t.Fatalf("accepted %q as %d, %q (two-file layout)", b, seq, v)
		}
	})
}

// decodeRecordSplit is decodeOldRecord as it was before parseRecord: the
// header split on spaces and its checksum parsed by strconv.
func decodeRecordSplit(b []byte) (payload []byte, seq uint64, ok bool) {
	rest, ok := bytes.CutPrefix(b, []byte(oldRecordMagic))
	if !ok {
		if b := legacyValue(b); len(b) > 0 && json.Valid(b) {
			return b, 0, true
		}
		return nil, 0, false
	}
	nl := bytes.IndexByte(rest, '\n')
	if nl < 0 || nl > maxRecordHeader {
		return nil, 0, false
	}
	f := bytes.Split(rest[:nl], []byte{' '})
	if len(f) != 3 || len(f[2]) != 8 {
		return nil, 0, false
	}
	seq, ok1 := parseDecimal(f[0])
	n, ok2 := parseDecimal(f[1])
	sum, err := strconv.ParseUint(string(f[2]), 16, 32)
	if !ok1 || !ok2 || err != nil || n > uint64(len(rest)-nl-1) {
		return nil, 0, false
	}
	payload = rest[nl+1 : nl+1+int(n)]
	if recordSum(seq, payload) != uint32(sum) {
		return nil, 0, false
	}
	return payload, seq, true
}

// FuzzParseRecord holds decodeOldRecord to the form it replaced, and
// encodeRecord's checksum digits to fmt's %08x.
func FuzzParseRecord(f *testing.F) {
	f.Add(oldRecord(1, `{"a":1}`))
	f.Add([]byte("#stophook2 1 3 0000000A\nabc"))
	f.Add([]byte("#stophook2 1 3 +0000000\nabc"))
	f.Add([]byte("#stophook2 1 3 00 00000\nabc"))
	f.Add([]byte(`{"legacy":true}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		v, seq, ok := decodeOldRecord(b)
		v2, seq2, ok2 := decodeRecordSplit(b)
		if ok != ok2 || seq != seq2 || !bytes.Equal(v, v2) {
			t.Fatalf("decodeOldRecord(%q) = %q, %d, %v; the split form gives %q, %d, %v", b, v, seq, ok, v2, seq2, ok2)
		}
		if sum := recordSum(seq, b); string(appendHex8(nil, sum)) != fmt.Sprintf("%08x", sum) {
			t.Fatalf("appendHex8(%x) = %s", sum, appendHex8(nil, sum))
		}
	})
}

// TestDirPrefixIsJoin: the paths built on dirPrefix are filepath.Join's.
func TestDirPrefixIsJoin(t *testing.T) {
	t.Parallel()
	for _, dir := range []string{"", ".", "./", "/", "//", "a", "a/", "a//b/", "a/../b", "./a/./b/.", "..", "../..", "/a/..", "a/.."} {
		s := NewFileStore(dir)
		name := fileName("loop/session-1")
		if got, want := s.valuePath(name), filepath.Join(dir, name+valueSuffix); got != want {
			t.Errorf("valuePath in %q = %q, want %q", dir, got, want)
		}
	}
}
