package stophook

import (
	"bytes"
	"hash/crc32"
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
	seqChanged := bytes.Replace(rec, []byte("#stophook2 3 "), []byte("#stophook2 4 "), 1)
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
		{"half a legacy JSON value", []byte(`{"iter":`)},
		{"bad length", []byte("#stophook2 1 x 00000000\n")},
		{"leading zero length", []byte("#stophook2 1 00 00000000\n")},
		{"length past the end", []byte("#stophook2 1 5 00000000\nab")},
		{"short checksum", []byte("#stophook2 1 0 0000000\n")},
	}
	for _, tt := range tests {
		if v, _, ok := decodeRecord(tt.b); ok {
			t.Errorf("%s: decoded %q, want damaged", tt.name, v)
		}
	}
}

func TestRecordLegacyJSON(t *testing.T) {
	t.Parallel()
	legacy := []byte(`{"schema":1,"iter":2}`)
	if v, seq, ok := decodeRecord(legacy); !ok || !bytes.Equal(v, legacy) || seq != 0 {
		t.Errorf("legacy value: got %q, %d, %v, want it as is, sequence 0", v, seq, ok)
	}
}

func FuzzDecodeRecord(f *testing.F) {
	f.Add(encodeRecord(1, []byte(`{"a":1}`)))
	f.Add([]byte("#stophook2 1 3 00000000\nabc"))
	f.Add([]byte(`{"legacy":true}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		v, seq, ok := decodeRecord(b)
		if !ok {
			return
		}
		// Anything accepted starts with a whole record of v, or is legacy JSON.
		if !bytes.HasPrefix(b, encodeRecord(seq, v)) && !(seq == 0 && bytes.Equal(v, b)) {
			t.Fatalf("accepted %q as %d, %q", b, seq, v)
		}
	})
}
